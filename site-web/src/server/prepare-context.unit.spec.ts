import { expect } from 'chai';
import type { PublicPageCard, PublicPageList } from '@pagelog/contracts/pages/page';
import { pageListTag, pageTag, taggedPagesTag } from '@pagelog/contracts/site/cache-tags';
import type { PageListQuery } from '@pagelog/contracts/site/site-reads';
import { prepareSession } from './prepare-context';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';

const card = (pageID: string, locale = 'nl-nl'): PublicPageCard => ({
  pageID,
  locale,
  type: 'article',
  slug: pageID,
  path: `/${pageID}`,
  title: `Titel ${pageID}`,
  summary: '',
  image: null,
  date: '2026-01-01',
});

const quiet = { warn() {}, info() {}, error() {} } as unknown as SiteLogger;

/** Reads that answer the live pages in `live`, counting the card reads and keeping each list query. */
function fakeReads(live: string[], fail = false) {
  const calls = { cards: [] as string[][], lists: [] as PageListQuery[] };
  const reads = {
    async pageCards(ids: readonly string[]) {
      calls.cards.push([...ids]);
      if (fail) throw new Error('API down');
      return ids.filter((id) => live.includes(id)).map((id) => card(id));
    },
    async pageList(query: PageListQuery): Promise<PublicPageList> {
      calls.lists.push(query);
      if (fail) throw new Error('API down');
      // A tag merged into another lists that one's pages (`t-old` went into `t-new`).
      return { total: live.length, items: live.map((id) => card(id, query.locale)), ...(query.tag ? { listedTag: query.tag === 't-old' ? 't-new' : query.tag } : {}) };
    },
  } as unknown as TracedSiteReads;
  return { reads, calls };
}

describe('the prepare context (what a page\'s blocks read of other pages)', () => {
  const page = { pageID: 'self', locale: 'nl-nl' };

  it('answers the live pages asked, in the order asked, and reads once for all asks of one turn', async () => {
    const { reads, calls } = fakeReads(['a', 'b', 'c']);
    const session = prepareSession(page, { reads, requestId: 'r', logger: quiet });
    const [first, second] = await Promise.all([session.context.cards(['c', 'x', 'a']), session.context.cards(['b'])]);
    expect(first!.map((c) => c.pageID)).to.deep.equal(['c', 'a']);
    expect(second!.map((c) => c.pageID)).to.deep.equal(['b']);
    expect(calls.cards).to.have.length(1);
    // Asked again later: known already, no read.
    expect((await session.context.cards(['a']))!.map((c) => c.pageID)).to.deep.equal(['a']);
    expect(calls.cards).to.have.length(1);
  });

  it('records a tag for every page asked, live or not, so the page is dropped when one of them goes live or changes', async () => {
    const { reads } = fakeReads(['a']);
    const session = prepareSession(page, { reads, requestId: 'r', logger: quiet });
    await session.context.cards(['a', 'x']);
    expect(session.tags).to.include.members([pageTag('a'), pageTag('x')]);
    expect(session.complete).to.equal(true);
  });

  it('reads lists in the page\'s locale unless told otherwise, with the list tag and the tags of the pages listed', async () => {
    const { reads, calls } = fakeReads(['a', 'b']);
    const session = prepareSession(page, { reads, requestId: 'r', logger: quiet });
    const list = await session.context.list({ type: 'article', count: 2, offset: 0, excludePageID: 'self' });
    expect(list!.items.map((c) => c.pageID)).to.deep.equal(['a', 'b']);
    expect(calls.lists[0]).to.deep.equal({ type: 'article', count: 2, offset: 0, excludePageID: 'self', locale: 'nl-nl' });
    expect(session.tags).to.include.members([pageListTag('nl-nl'), pageTag('a'), pageTag('b')]);
  });

  it("records a tag's list, not every page of the locale, for a list of a tag, and the list of the tag it was merged into", async () => {
    const { reads, calls } = fakeReads(['a']);
    const session = prepareSession(page, { reads, requestId: 'r', logger: quiet });
    await session.context.list({ type: '', count: 3, offset: 0, tag: 't-zorg' });
    expect(calls.lists[0]).to.include({ tag: 't-zorg' });
    expect(session.tags).to.include.members([taggedPagesTag('t-zorg'), pageTag('a')]).and.not.include(pageListTag('nl-nl'));
    await session.context.list({ type: '', count: 3, offset: 0, tag: 't-old' });
    expect(session.tags).to.include.members([taggedPagesTag('t-old'), taggedPagesTag('t-new')]);
  });

  it('answers null when a read fails, and marks the page incomplete (shown without that part, not kept)', async () => {
    const { reads } = fakeReads([], true);
    const session = prepareSession(page, { reads, requestId: 'r', logger: quiet });
    expect(await session.context.cards(['a'])).to.equal(null);
    expect(await session.context.list({ type: '', count: 3, offset: 0 })).to.equal(null);
    expect(session.complete).to.equal(false);
    // The tags still name what the page wanted to show.
    expect(session.tags).to.include.members([pageTag('a'), pageListTag('nl-nl')]);
  });
});
