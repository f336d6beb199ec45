import { expect } from 'chai';
import { ancestorSlugs, arrangeSiteTree, childSlugPrefix, lastSegment, parentSlugOf, slugUnder, type TreePage } from './site-structure';

const page = (slug: string, title = slug): TreePage => ({ pageID: `id-${slug}`, slug, title });

/** The arranged tree as "indent + slug (parent)" lines, in order. */
function outline(pages: TreePage[]): string[] {
  return arrangeSiteTree(pages).map((node) => `${'  '.repeat(node.depth)}${node.slug}${node.hasChildren ? ' +' : ''}`);
}

describe('the site structure', () => {
  describe('slug helpers', () => {
    it('lists the ancestor slugs of a slug, the nearest last', () => {
      expect(ancestorSlugs('expertise/energie/wind')).to.deep.equal(['expertise', 'expertise/energie']);
      expect(ancestorSlugs('expertise')).to.deep.equal([]);
    });

    it('puts a slug under a parent by its last segment; under home or no parent it goes to the top', () => {
      expect(lastSegment('expertise/energie')).to.equal('energie');
      expect(slugUnder('expertise/energie', 'diensten')).to.equal('diensten/energie');
      expect(slugUnder('expertise/energie', 'diensten/advies')).to.equal('diensten/advies/energie');
      expect(slugUnder('expertise/energie', 'home')).to.equal('energie');
      expect(slugUnder('expertise/energie', null)).to.equal('energie');
    });

    it('starts a child slug with the parent slug and a slash, or with nothing under home', () => {
      expect(childSlugPrefix('expertise')).to.equal('expertise/');
      expect(childSlugPrefix('home')).to.equal('');
    });
  });

  describe('parents', () => {
    const existing = new Set(['home', 'expertise', 'expertise/energie']);
    const has = (slug: string) => existing.has(slug);

    it('is the nearest ancestor path that has a page', () => {
      expect(parentSlugOf('expertise/energie', has)).to.equal('expertise');
      expect(parentSlugOf('expertise/energie/wind/offshore', has)).to.equal('expertise/energie');
    });

    it('is the home page for a page without an ancestor page, and none for the home page itself', () => {
      expect(parentSlugOf('over-ons', has)).to.equal('home');
      expect(parentSlugOf('missing/child', has)).to.equal('home');
      expect(parentSlugOf('home', has)).to.equal(null);
    });

    it('is none for a page without an ancestor page when there is no home page', () => {
      expect(parentSlugOf('over-ons', (slug) => slug === 'expertise')).to.equal(null);
    });
  });

  describe('arranging the pages', () => {
    it('puts every page under its path parent, depth first, siblings by title', () => {
      const pages = [
        page('expertise/energie', 'Energie'),
        page('over-ons', 'Over ons'),
        page('home', 'Home'),
        page('expertise', 'Expertise'),
        page('expertise/water', 'Water'),
        page('contact', 'Contact'),
        page('expertise/bodem', 'Bodem'),
      ];
      expect(outline(pages)).to.deep.equal([
        'home +',
        '  contact',
        '  expertise +',
        '    expertise/bodem',
        '    expertise/energie',
        '    expertise/water',
        '  over-ons',
      ]);
      const arranged = arrangeSiteTree(pages);
      expect(arranged.find((n) => n.slug === 'expertise/water')).to.include({ parentID: 'id-expertise', depth: 2, hasChildren: false, title: 'Water' });
      expect(arranged.find((n) => n.slug === 'home')).to.include({ parentID: null, depth: 0, hasChildren: true });
    });

    it('hangs a page whose parent path has no page under the nearest ancestor that has one', () => {
      expect(outline([page('home'), page('a'), page('a/b/c'), page('x/y')])).to.deep.equal(['home +', '  a +', '    a/b/c', '  x/y']);
      expect(arrangeSiteTree([page('a'), page('a/b/c')])[1]).to.include({ parentID: 'id-a', depth: 1 });
    });

    it('makes the pages without an ancestor page the top level when there is no home page', () => {
      expect(outline([page('b', 'B'), page('a', 'A'), page('a/x'), page('q/r', 'Q')])).to.deep.equal(['a +', '  a/x', 'b', 'q/r']);
    });

    it('orders siblings by title, case and accents aside, numbers by value, and by slug on equal titles', () => {
      const pages = [page('p10', 'Page 10'), page('p2', 'Page 2'), page('z', 'Über'), page('b', 'apple'), page('a2', 'Apple')];
      expect(arrangeSiteTree(pages).map((n) => n.slug)).to.deep.equal(['a2', 'b', 'p2', 'p10', 'z']);
    });

    it('arranges five thousand pages, ten levels deep, without recursion', () => {
      const many: TreePage[] = [page('home')];
      for (let i = 0; i < 500; i += 1) {
        let slug = `s${i}`;
        many.push(page(slug));
        for (let depth = 1; depth < 10; depth += 1) {
          slug = `${slug}/d${depth}`;
          many.push(page(slug));
        }
      }
      const arranged = arrangeSiteTree(many);
      expect(arranged).to.have.length(5001);
      expect(Math.max(...arranged.map((n) => n.depth))).to.equal(10);
      // Each node comes right after its parent or after a sibling's subtree: never before its parent.
      const seen = new Set<string | null>([null]);
      for (const node of arranged) {
        expect(seen.has(node.parentID), node.slug).to.equal(true);
        seen.add(node.pageID);
      }
    });
  });
});
