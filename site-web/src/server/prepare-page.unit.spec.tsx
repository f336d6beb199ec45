import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageCard, PublicPageView } from '@pagelog/contracts/pages/page';
import type { PageListQuery } from '@pagelog/contracts/site/site-reads';
import { BlockList } from '../app/blocks/block-list';
import type { PrepareContext } from './prepare-context';
import { preparePage } from './prepare-page';

const card = (pageID: string, path: string): PublicPageCard => ({ pageID, locale: 'nl-nl', type: 'article', slug: path.slice(1), path, title: `Titel ${pageID}`, summary: '', image: null, date: '2026-01-01' });

/** A context whose live pages are `live` (id → path now), remembering what it was asked. */
function contextWith(live: Record<string, string>, latest: PublicPageCard[] = []) {
  const asked = { cards: [] as string[][], lists: [] as (Omit<PageListQuery, 'locale'> & { locale?: string })[] };
  const context: PrepareContext = {
    page: { pageID: 'self', locale: 'nl-nl' },
    async cards(ids) {
      asked.cards.push([...ids]);
      return ids.flatMap((id) => (live[id] === undefined ? [] : [card(id, live[id]!)]));
    },
    async list(query) {
      asked.lists.push(query);
      return { total: latest.length, items: latest.slice(0, query.count) };
    },
  };
  return { context, asked };
}

const page = (blocks: Block[]): PublicPageView => ({
  slug: 'verwijzingen',
  type: 'base',
  locale: 'nl-nl',
  pageVersion: { pageID: 'self', versionID: 'v1', title: 'Verwijzingen', blocks, pageType: { id: 'base', header: 'default', footer: 'default', props: {} }, images: [], files: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] },
});
const cta = (url: string): Block => ({ type: 'callToAction', key: 'cta', props: { title: 'Verder', text: '', buttonText: 'Lees meer', url, style: 'primary' }, anchorPoint: '' });
const richText = (html: string): Block => ({ type: 'text', key: 'txt', props: { html }, anchorPoint: '' });

async function rendered(blocks: Block[], live: Record<string, string>) {
  const prepared = await preparePage(page(blocks), contextWith(live).context);
  return { blocks: prepared.pageVersion.blocks, html: renderToStaticMarkup(<BlockList blocks={prepared.pageVersion.blocks} pageID="self" locale="nl-nl" />) };
}

describe('preparing a page: links by page id', () => {
  it('points a call to action at the page where it is now, its anchor kept: a moved page is followed', async () => {
    const before = await rendered([cta('page:p1#team')], { p1: '/over-ons' });
    expect(before.html).to.include('<a class="button button--primary" href="/over-ons#team">Lees meer</a>');
    const after = await rendered([cta('page:p1#team')], { p1: '/wie-wij-zijn' });
    expect(after.html).to.include('href="/wie-wij-zijn#team"');
  });

  it('leaves the button out when the page is not live (or gone), never a broken address', async () => {
    const { blocks, html } = await rendered([cta('page:concept')], {});
    expect(blocks[0]!.props.url).to.equal('');
    expect(html).to.include('Verder');
    expect(html).not.to.match(/<a|page:|Lees meer/);
  });

  it('points hrefs in rich text at the pages, and keeps the text of one that is not live without a link', async () => {
    const { html } = await rendered([richText('<p><a href="page:p1">ons</a>, <a href="page:concept">straks</a> en <a href="/elders">elders</a></p>')], { p1: '/over-ons' });
    expect(html).to.include('<a href="/over-ons">ons</a>');
    expect(html).to.include('<a>straks</a>');
    expect(html).to.include('<a href="/elders">elders</a>');
    expect(html).not.to.include('page:');
  });

  it('asks for the pages of a block in one read, and reads nothing for a block without links by id', async () => {
    const { context, asked } = contextWith({ p1: '/a', p2: '/b' });
    await preparePage(page([richText('<a href="page:p1">a</a><a href="page:p2">b</a><a href="page:p1">a</a>'), cta('/contact')]), context);
    expect(asked.cards).to.deep.equal([['p1', 'p2']]);
  });
});

describe('preparing a page: a cards block', () => {
  const cardsBlock = (props: Record<string, unknown>): Block => ({ type: 'cards', key: 'cards', props: { title: '', mode: 'chosen', pageIDs: [], pageType: '', count: 3, ...props }, anchorPoint: '' });

  it('reads the chosen pages that are live, in the order chosen', async () => {
    const { context, asked } = contextWith({ b: '/b', a: '/a' });
    const prepared = await preparePage(page([cardsBlock({ pageIDs: ['b', 'weg', 'a'] })]), context);
    expect((prepared.pageVersion.blocks[0]!.props.cards as PublicPageCard[]).map((c) => c.pageID)).to.deep.equal(['b', 'a']);
    expect(asked.cards).to.deep.equal([['b', 'weg', 'a']]);
  });

  it('reads the latest pages of its type in the page\'s locale, leaving the page itself out', async () => {
    const latest = [card('n1', '/n1'), card('n2', '/n2'), card('n3', '/n3')];
    const { context, asked } = contextWith({}, latest);
    const prepared = await preparePage(page([cardsBlock({ mode: 'latest', pageType: 'article', count: 2 })]), context);
    expect((prepared.pageVersion.blocks[0]!.props.cards as PublicPageCard[]).map((c) => c.pageID)).to.deep.equal(['n1', 'n2']);
    expect(asked.lists).to.deep.equal([{ type: 'article', count: 2, offset: 0, excludePageID: 'self', tag: '' }]);
  });

  it('reads the latest pages of its tag when it names one (blocks from before tags name none)', async () => {
    const { context, asked } = contextWith({});
    await preparePage(page([cardsBlock({ mode: 'latest', pageType: '', count: 3, tag: ' t-energie ' })]), context);
    expect(asked.lists).to.deep.equal([{ type: '', count: 3, offset: 0, excludePageID: 'self', tag: 't-energie' }]);
  });

  it('reads stored props defensively: an unknown type is any type, a count out of range is brought within 1 to 12', async () => {
    const { context, asked } = contextWith({});
    await preparePage(page([cardsBlock({ mode: 'latest', pageType: 'recept', count: 99 }), { ...cardsBlock({ mode: 'latest', count: 'veel' }), key: 'c2' }]), context);
    expect(asked.lists.map((q) => [q.type, q.count])).to.deep.equal([['', 12], ['', 3]]);
  });

  it('has no cards, and reads nothing, when nothing was chosen', async () => {
    const { context, asked } = contextWith({});
    const prepared = await preparePage(page([cardsBlock({ pageIDs: [] })]), context);
    expect(prepared.pageVersion.blocks[0]!.props.cards).to.deep.equal([]);
    expect(asked.cards).to.deep.equal([]);
  });
});
