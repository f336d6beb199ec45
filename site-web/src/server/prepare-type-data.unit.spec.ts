import { expect } from 'chai';
import type { PublicPageCard, PublicPageList, PublicPageView } from '@pagelog/contracts/pages/page';
import type { PageListQuery } from '@pagelog/contracts/site/site-reads';
import type { PrepareContext } from './prepare-context';
import { prepareTypeData } from './prepare-type-data';

function page(type: string, props: Record<string, unknown>, locale = 'nl-nl', slug = 'publicaties'): PublicPageView {
  return {
    slug,
    type,
    locale,
    pageVersion: { pageID: 'self', versionID: 'v', title: 'T', seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [], blocks: [], pageType: { id: type, header: 'default', footer: 'default', props }, images: [], files: [] },
  };
}

const card = (n: number): PublicPageCard => ({ pageID: `p${n}`, locale: 'nl-nl', type: 'publication', slug: `p${n}`, path: `/p${n}`, title: `P${n}`, summary: '', image: null, date: '2026-01-01' });

/** A prepare context whose list answers `total` pages, recording what it was asked. */
function context(total: number | null) {
  const asked: (Omit<PageListQuery, 'locale'> & { locale?: string })[] = [];
  const value: PrepareContext = {
    page: { pageID: 'self', locale: 'nl-nl' },
    cards: async () => [],
    async list(query): Promise<PublicPageList | null> {
      asked.push(query);
      if (total === null) return null;
      const count = Math.max(0, Math.min(query.count, total - query.offset));
      return { total, items: Array.from({ length: count }, (_, i) => card(query.offset + i + 1)) };
    },
  };
  return { value, asked };
}

const options = (listPage = 1, now = Date.parse('2026-04-01T12:00:00Z')) => ({ listPage, now, defaultLocale: 'nl-nl' });

describe('preparing the type data of a page', () => {
  describe('of an overview', () => {
    it('reads the page of its list asked for: its type, its page size, from the right offset, without itself', async () => {
      const { value, asked } = context(5);
      const prepared = await prepareTypeData(page('overview', { listedType: 'publication', pageSize: 2 }), value, options(2));
      expect(asked).to.deep.equal([{ type: 'publication', count: 2, offset: 2, excludePageID: 'self', tag: '' }]);
      expect(prepared).to.deep.equal({
        view: { kind: 'overview', listedType: 'publication', pageNumber: 2, pageCount: 3, items: [card(3), card(4)], total: 5, path: '/publicaties' },
        pastTheEnd: false,
      });
    });

    it('names its pages by its public path in its locale', async () => {
      const prepared = await prepareTypeData(page('overview', {}, 'en-gb', 'news'), context(1).value, options());
      expect(prepared.view).to.include({ path: '/en-gb/news', listedType: 'article', pageCount: 1 });
    });

    it('falls back to articles, twelve at a time, for type data it cannot use', async () => {
      const { value, asked } = context(0);
      await prepareTypeData(page('overview', { listedType: 'base', pageSize: 500 }), value, options());
      expect(asked).to.deep.equal([{ type: 'article', count: 12, offset: 0, excludePageID: 'self', tag: '' }]);
    });

    it('lists only the pages of its tag when its type data names one', async () => {
      const { value, asked } = context(1);
      await prepareTypeData(page('overview', { listedType: 'article', pageSize: 12, tag: 't-zorg' }), value, options());
      expect(asked).to.deep.equal([{ type: 'article', count: 12, offset: 0, excludePageID: 'self', tag: 't-zorg' }]);
    });

    it('is past the end for a page after the last (an empty list has one page), and not when the list could not be read', async () => {
      expect((await prepareTypeData(page('overview', { pageSize: 2 }), context(4).value, options(3))).pastTheEnd).to.equal(true);
      expect((await prepareTypeData(page('overview', { pageSize: 2 }), context(0).value, options(1))).pastTheEnd).to.equal(false);
      expect((await prepareTypeData(page('overview', { pageSize: 2 }), context(0).value, options(2))).pastTheEnd).to.equal(true);
      const failed = await prepareTypeData(page('overview', {}), context(null).value, options(2));
      expect(failed.pastTheEnd).to.equal(false);
      expect(failed.view).to.include({ items: null, total: 0 });
    });
  });

  describe('of a vacancy', () => {
    it('is open until the end of its closing day (UTC), and kept only until then', async () => {
      const open = await prepareTypeData(page('vacancy', { closingDate: '2026-04-01' }), context(0).value, options(1, Date.parse('2026-04-01T23:59:59Z')));
      expect(open).to.deep.equal({ view: { kind: 'vacancy', closed: false }, pastTheEnd: false, expiresAt: Date.parse('2026-04-02T00:00:00Z') });
    });

    it('is closed from the day after', async () => {
      const closed = await prepareTypeData(page('vacancy', { closingDate: '2026-04-01' }), context(0).value, options(1, Date.parse('2026-04-02T00:00:00Z')));
      expect(closed).to.deep.equal({ view: { kind: 'vacancy', closed: true }, pastTheEnd: false });
    });

    it('stays open without a closing date that is a calendar date', async () => {
      for (const closingDate of ['', '2026-02-30', 'morgen', 12]) {
        expect(await prepareTypeData(page('vacancy', { closingDate }), context(0).value, options()), String(closingDate)).to.deep.equal({ view: { kind: 'vacancy', closed: false }, pastTheEnd: false });
      }
    });
  });

  it('needs nothing for the other page types, and reads nothing for them', async () => {
    for (const type of ['base', 'article', 'publication', 'team-member', 'contact', 'home']) {
      const { value, asked } = context(3);
      expect(await prepareTypeData(page(type, {}), value, options(2)), type).to.deep.equal({ view: null, pastTheEnd: false });
      expect(asked, type).to.deep.equal([]);
    }
  });
});
