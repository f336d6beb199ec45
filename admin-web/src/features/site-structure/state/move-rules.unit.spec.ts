import { expect } from 'chai';
import { siteNodes } from '../testing/site-nodes';
import { mayMove, movedSlug, moveRefusal } from './move-rules';
import { indexTree } from './site-tree';

const site = indexTree(
  siteNodes([
    ['home', 'Home'],
    ['expertise', 'Expertise', 'published'],
    ['expertise/energie', 'Energie'],
    ['expertise/energie/wind', 'Wind'],
    ['diensten', 'Diensten'],
    ['a/b/orphan', 'Orphan'],
    ['404', 'Not found'],
  ]),
);

describe('moving a page in the site structure', () => {
  it('takes the new parent\'s slug and keeps the page\'s last segment', () => {
    expect(movedSlug(site, 'id-expertise/energie', 'id-diensten')).to.equal('diensten/energie');
    expect(movedSlug(site, 'id-expertise/energie/wind', 'id-expertise')).to.equal('expertise/wind');
  });

  it('goes to the top level under the home page or no parent', () => {
    expect(movedSlug(site, 'id-expertise/energie', 'id-home')).to.equal('energie');
    expect(movedSlug(site, 'id-expertise/energie', null)).to.equal('energie');
  });

  it('refuses the page itself and every page below it as the new parent', () => {
    expect(moveRefusal(site, 'id-expertise', 'id-expertise')).to.equal('self');
    expect(moveRefusal(site, 'id-expertise', 'id-expertise/energie')).to.equal('descendant');
    expect(moveRefusal(site, 'id-expertise', 'id-expertise/energie/wind')).to.equal('descendant');
  });

  it('refuses a move that leaves the slug as it is', () => {
    expect(moveRefusal(site, 'id-expertise/energie', 'id-expertise')).to.equal('unchanged');
    expect(moveRefusal(site, 'id-expertise', 'id-home')).to.equal('unchanged');
  });

  it('accepts another parent, and the parent an orphan hangs under (it drops the missing segments)', () => {
    expect(moveRefusal(site, 'id-expertise/energie/wind', 'id-diensten')).to.equal(null);
    expect(moveRefusal(site, 'id-expertise/energie', 'id-home')).to.equal(null);
    // a/b/orphan hangs under home (neither a nor a/b has a page); "under home" makes it /orphan.
    expect(moveRefusal(site, 'id-a/b/orphan', 'id-home')).to.equal(null);
    expect(movedSlug(site, 'id-a/b/orphan', 'id-home')).to.equal('orphan');
  });

  describe('who may move what', () => {
    const node = (slug: string) => site.byId.get(`id-${slug}`)!;

    it('never moves the home page or the 404 page', () => {
      expect(mayMove(node('home'), ['edit-page', 'publish-page'])).to.equal(false);
      expect(mayMove(node('404'), ['edit-page', 'publish-page'])).to.equal(false);
    });

    it('moves a page that is not live with edit-page', () => {
      expect(mayMove(node('diensten'), ['edit-page'])).to.equal(true);
      expect(mayMove(node('diensten'), ['create-page'])).to.equal(false);
    });

    it('moves a live page only with publish-page as well', () => {
      expect(mayMove(node('expertise'), ['edit-page'])).to.equal(false);
      expect(mayMove(node('expertise'), ['edit-page', 'publish-page'])).to.equal(true);
    });
  });
});
