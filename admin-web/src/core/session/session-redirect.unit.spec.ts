import { expect } from 'chai';
import { guardDecision, returnPathAfterLogin } from './session-redirect';

describe('the admin-route guard', () => {
  const users = { pathname: '/users', search: '?page=2', hash: '#top' };

  it('waits while the session is unknown', () => {
    expect(guardDecision('unknown', users)).to.deep.equal({ kind: 'wait' });
  });

  it('shows the screen to an authenticated user', () => {
    expect(guardDecision('authenticated', users)).to.deep.equal({ kind: 'render' });
  });

  it('sends anyone else to /login, remembering the full path', () => {
    expect(guardDecision('anonymous', users)).to.deep.equal({ kind: 'redirect', to: '/login', state: { from: '/users?page=2#top' } });
  });

  it('remembers the path when the session expired or ended for inactivity', () => {
    expect(guardDecision('anonymous', { pathname: '/user/settings' }, 'expired')).to.deep.include({ state: { from: '/user/settings' } });
    expect(guardDecision('anonymous', { pathname: '/user/settings' }, 'inactivity')).to.deep.include({ state: { from: '/user/settings' } });
  });

  it('remembers nothing after a deliberate log-out', () => {
    expect(guardDecision('anonymous', users, 'logout')).to.deep.equal({ kind: 'redirect', to: '/login', state: null });
  });
});

describe('the path after logging in', () => {
  it('is the remembered path', () => {
    expect(returnPathAfterLogin({ from: '/users?page=2' })).to.equal('/users?page=2');
  });

  it('is the page overview without one', () => {
    expect(returnPathAfterLogin(null)).to.equal('/');
    expect(returnPathAfterLogin(undefined)).to.equal('/');
    expect(returnPathAfterLogin({ from: 42 })).to.equal('/');
  });

  it('never leads elsewhere or back to the login screen', () => {
    expect(returnPathAfterLogin({ from: '//evil.example/' })).to.equal('/');
    expect(returnPathAfterLogin({ from: 'https://evil.example/' })).to.equal('/');
    expect(returnPathAfterLogin({ from: '/\\evil.example' })).to.equal('/');
    expect(returnPathAfterLogin({ from: '/login?x=1' })).to.equal('/');
  });
});
