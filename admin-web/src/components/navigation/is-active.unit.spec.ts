import { expect } from 'chai';
import { isActive, isCurrentRoute } from './is-active';

describe('isActive', () => {
  const pageOverview = { to: '/', children: [{ to: '/site-structure' }] };
  const users = { to: '/users' };

  describe('for the root entry', () => {
    it('is active on / only', () => {
      expect(isActive({ to: '/' }, '/')).to.equal(true);
      expect(isActive({ to: '/' }, '/users')).to.equal(false);
      expect(isActive({ to: '/' }, '/medialibrary')).to.equal(false);
    });
  });

  describe('for other entries', () => {
    it('is active on its own path, with or without a trailing slash', () => {
      expect(isActive(users, '/users')).to.equal(true);
      expect(isActive(users, '/users/')).to.equal(true);
    });

    it('is active on paths below it', () => {
      expect(isActive(users, '/users/42/edit')).to.equal(true);
      expect(isActive({ to: '/page-overview/article' }, '/page-overview/article/123')).to.equal(true);
    });

    it('is not active on a path that merely starts with the same letters', () => {
      expect(isActive(users, '/users-archive')).to.equal(false);
      expect(isActive({ to: '/user/settings' }, '/users')).to.equal(false);
    });

    it('is never active without a route or children', () => {
      expect(isActive({}, '/')).to.equal(false);
    });
  });

  describe('for a parent entry', () => {
    it('is active when one of its children is', () => {
      expect(isActive(pageOverview, '/site-structure')).to.equal(true);
      expect(isActive(pageOverview, '/site-structure/nl-nl')).to.equal(true);
    });

    it('is not active when neither it nor a child matches', () => {
      expect(isActive(pageOverview, '/menu-structure')).to.equal(false);
    });

    it('is active through a grandchild', () => {
      const nested = { to: '/tools', children: [{ children: [{ to: '/search-index' }] }] };
      expect(isActive(nested, '/search-index')).to.equal(true);
    });
  });
});

describe('isCurrentRoute', () => {
  it('matches the entry whose own route is the current path', () => {
    expect(isCurrentRoute({ to: '/' }, '/')).to.equal(true);
    expect(isCurrentRoute({ to: '/' }, '/site-structure')).to.equal(false);
    expect(isCurrentRoute({ to: '/users' }, '/users/')).to.equal(true);
    expect(isCurrentRoute({}, '/')).to.equal(false);
  });
});
