import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { PublicMenus } from '@pagelog/contracts/menus/menu';
import { emptyContact, type PublicSettings } from '@pagelog/contracts/settings/site-settings';
import type { PublicPageCard, PublicPageList, PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import type { PageListQuery, PageLookup, SiteReads } from '@pagelog/contracts/site/site-reads';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { SearchRequest, SearchResponse } from '@pagelog/contracts/search/search';
import { mediaTag, menusTag, pagePathTag, pageTag, SETTINGS_TAG, tagPathTag, taggedPagesTag, tagTag } from '@pagelog/contracts/site/cache-tags';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { createSiteApp } from './create-site-app';
import { NOT_FOUND_CACHE_CONTROL, PAGE_CACHE_CONTROL } from './page-route';
import { SEARCH_CACHE_CONTROL } from './search-route';
import { RenderCache } from './render-cache';
import type { SiteLogger } from './site-logger';

const quiet: SiteLogger = { info() {}, warn() {}, error() {} };
const settings: PublicSettings = {
  availableLocales: ['nl-nl', 'en-gb'],
  defaultLocale: 'nl-nl',
  customSlugLocales: [],
  site: { name: 'Onderzoeksbureau Test', logo: null, contact: { ...emptyContact, city: 'Utrecht' }, social: [], defaultSeoImage: null },
};
const noMenus: PublicMenus = { main: [], footer: [], service: [] };

function page(id: string, slug: string, title: string, extra: Partial<PublicPageView['pageVersion']> = {}): PublicPageView {
  return {
    slug,
    type: 'base',
    locale: 'nl-nl',
    breadcrumbs: [],
    pageVersion: {
      pageID: id,
      versionID: `${id}-v`,
      title,
      seoTitle: '',
      seoDescription: '',
      seoKeywords: [],
      seoImage: [],
      blocks: [{ type: 'heading', key: 'h', props: { text: `${title} ${'tekst '.repeat(300)}`, level: 1 }, anchorPoint: '' }],
      pageType: { id: 'base', header: 'default', footer: 'default', props: {} },
      images: [],
      files: [],
      ...extra,
    },
  };
}

/** The site's reads from a table in memory, counting every read. */
class FakeReads implements SiteReads {
  scoped?: () => SiteReads;
  pages = new Map<string, PageLookup>();
  siblingsOf = new Map<string, SiblingSlug[]>();
  failSiblings = false;
  menusOf = new Map<string, PublicMenus>();
  failMenus = false;
  reads = 0;
  /** When set, a page read waits for it (to put a change in the middle of a render). */
  gate: Promise<void> | null = null;

  async pageBySlug(path: string): Promise<PageLookup> {
    this.reads++;
    const notFound = this.pages.get('/404');
    const found = this.pages.get(path) ?? { kind: 'not-found', page: notFound?.kind === 'page' ? notFound.page : null };
    // Read now, answered later: what a slow store does.
    if (this.gate) await this.gate;
    return found;
  }
  async siblings(pageID: string): Promise<SiblingSlug[] | null> {
    this.reads++;
    if (this.failSiblings) throw new Error('siblings unavailable');
    return this.siblingsOf.get(pageID) ?? null;
  }
  async settings(): Promise<PublicSettings> {
    this.reads++;
    return settings;
  }
  async menus(locale: string): Promise<PublicMenus> {
    this.reads++;
    if (this.failMenus) throw new Error('menus unavailable');
    return this.menusOf.get(locale) ?? noMenus;
  }
  cards = new Map<string, PublicPageCard>();
  async pageCards(pageIDs: readonly string[]): Promise<PublicPageCard[]> {
    this.reads++;
    return pageIDs.flatMap((id) => this.cards.get(id) ?? []);
  }
  /** Which pages carry a tag, by tag id. */
  tagged = new Map<string, string[]>();
  lists: PageListQuery[] = [];
  async pageList(query: PageListQuery): Promise<PublicPageList> {
    this.reads++;
    this.lists.push(query);
    const items = [...this.cards.values()].filter(
      (c) => c.locale === query.locale && (!query.type || c.type === query.type) && c.pageID !== query.excludePageID && (!query.tag || (this.tagged.get(query.tag) ?? []).includes(c.pageID)),
    );
    return { total: items.length, items: items.slice(query.offset, query.offset + query.count), ...(query.tag ? { listedTag: query.tag } : {}) };
  }
  /** The public tags on a published page, by `${locale}:${slug}`. */
  tags = new Map<string, TagView>();
  async publicTag(locale: string, slug: string): Promise<TagView | null> {
    this.reads++;
    return this.tags.get(`${locale}:${slug}`) ?? null;
  }
  searches: SearchRequest[] = [];
  /** What the next searches answer, or throw. */
  searchAnswer: SearchResponse | Error = { total: 0, results: [], facets: { pageTypes: [], locales: [], tags: [] } };
  async search(request: SearchRequest): Promise<SearchResponse> {
    this.reads++;
    this.searches.push(request);
    if (this.searchAnswer instanceof Error) throw this.searchAnswer;
    return this.searchAnswer;
  }
}

const found = (title: string, total = 1): SearchResponse => ({
  total,
  results: [{ id: 'p1', locale: 'nl-nl', pageType: 'article', title, path: '/over-ons', snippet: [{ text: title, highlight: true }], date: '2026-03-12', tags: [], score: 1 }],
  facets: { pageTypes: [{ value: 'article', count: total }], locales: [{ value: 'nl-nl', count: total }], tags: [] },
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('the public site served from its render cache', () => {
  let server: Server;
  let base = '';
  let reads: FakeReads;
  let cache: RenderCache;
  const clientDir = mkdtempSync(join(tmpdir(), 'site-web-cache-'));

  function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  beforeEach(async () => {
    reads = new FakeReads();
    reads.pages.set('/over-ons', { kind: 'page', page: page('p1', 'over-ons', 'Over ons') });
    reads.pages.set('/404', { kind: 'page', page: page('p404', '404', 'Niet gevonden') });
    cache = new RenderCache();
    const app = createSiteApp({ reads, cache, publicUrl: 'https://www.example.test', clientDir, logger: quiet });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  after(() => rmSync(clientDir, { recursive: true, force: true }));

  describe('a published page', () => {
    it('is rendered with reads of one scope of the source, a new scope for each render, when the source offers scopes', async () => {
      const scopes: FakeReads[] = [];
      (reads as SiteReads).scoped = () => {
        const scope = new FakeReads();
        scope.pages = reads.pages;
        scopes.push(scope);
        return scope;
      };
      expect((await raw('/over-ons')).status).to.equal(200);
      expect((await raw('/bestaat-niet')).status).to.equal(404);
      expect(scopes).to.have.length(2);
      // Settings, the page, its translations and the menus; for the 404, no translations.
      expect(scopes.map((scope) => scope.reads)).to.deep.equal([4, 3]);
      expect(reads.reads).to.equal(0);
    });

    it('is rendered on the first view and served from memory afterwards, reading nothing', async () => {
      const first = await raw('/over-ons');
      const readsAfterFirst = reads.reads;
      const second = await raw('/over-ons');
      expect(first.status).to.equal(200);
      expect(reads.reads).to.equal(readsAfterFirst);
      expect(second.body.equals(first.body)).to.equal(true);
    });

    it('may be kept by browsers briefly and by CDNs longer, with a strong ETag, varying by encoding, setting no cookie', async () => {
      const res = await raw('/over-ons', { Cookie: 'pagelog_sid=visitor' });
      expect(res.headers['cache-control']).to.equal(PAGE_CACHE_CONTROL).and.match(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(res.headers.etag).to.match(/^"[A-Za-z0-9_-]{43}"$/);
      expect(res.headers.vary).to.equal('Accept-Encoding');
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.headers['content-language']).to.equal('nl-nl');
      expect(res.headers['set-cookie']).to.equal(undefined);
      // The security headers stay on cached answers.
      expect(res.headers['content-security-policy']).to.include("script-src 'self'");
    });

    it('answers 304 without a body to a request that names its ETag (weakly, in a list, or of another coding)', async () => {
      const { headers } = await raw('/over-ons');
      const etag = headers.etag!;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, etag.replace(/"$/, '-br"'), '*']) {
        const res = await raw('/over-ons', { 'If-None-Match': ifNoneMatch });
        expect(res.status, ifNoneMatch).to.equal(304);
        expect(res.body.length).to.equal(0);
        expect(res.headers.etag).to.equal(etag);
        expect(res.headers['cache-control']).to.equal(PAGE_CACHE_CONTROL);
      }
      expect((await raw('/over-ons', { 'If-None-Match': '"something-else"' })).status).to.equal(200);
    });

    it('sends brotli or gzip as the visitor accepts, each with an ETag of its own, the same page unpacked', async () => {
      const plain = await raw('/over-ons');
      const br = await raw('/over-ons', { 'Accept-Encoding': 'gzip, deflate, br' });
      const gz = await raw('/over-ons', { 'Accept-Encoding': 'gzip' });
      const none = await raw('/over-ons', { 'Accept-Encoding': 'identity' });
      expect(br.headers['content-encoding']).to.equal('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).to.equal(true);
      expect(gz.headers['content-encoding']).to.equal('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).to.equal(true);
      expect(none.headers['content-encoding']).to.equal(undefined);
      expect(br.body.length).to.be.below(plain.body.length / 4);
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).to.equal(3);
      expect(Number(br.headers['content-length'])).to.equal(br.body.length);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const get = await raw('/over-ons', { 'Accept-Encoding': 'br' });
      const head = await raw('/over-ons', { 'Accept-Encoding': 'br' }, 'HEAD');
      expect(head.status).to.equal(200);
      expect(head.body.length).to.equal(0);
      for (const name of ['etag', 'cache-control', 'content-encoding', 'content-length', 'vary']) expect(head.headers[name], name).to.equal(get.headers[name]);
    });
  });

  describe('when what a page shows changes', () => {
    it('shows the new version after an invalidation of the page, and keeps serving other pages from memory', async () => {
      reads.pages.set('/contact', { kind: 'page', page: page('p2', 'contact', 'Contact') });
      await raw('/over-ons');
      await raw('/contact');
      reads.pages.set('/over-ons', { kind: 'page', page: page('p1', 'over-ons', 'Over ons, herzien') });
      expect((await raw('/over-ons')).body.toString()).to.not.include('herzien');

      cache.invalidate([pageTag('p1')]);
      const before = reads.reads;
      expect((await raw('/over-ons')).body.toString()).to.include('Over ons, herzien');
      const rendered = reads.reads;
      expect(rendered).to.be.above(before);
      await raw('/contact');
      expect(reads.reads).to.equal(rendered);
    });

    it('drops a page on a change of the settings, of a translation, of a path its breadcrumbs come from, or of an image it shows', async () => {
      const image = { hash: 'a'.repeat(64), fileName: 'team.jpg', altText: 'Team', fileID: 'media-7' };
      reads.pages.set('/expertise/energie', {
        kind: 'page',
        page: { ...page('p3', 'expertise/energie', 'Energie'), pageVersion: { ...page('p3', 'expertise/energie', 'Energie').pageVersion, seoImage: [image] } },
      });
      reads.siblingsOf.set('p3', [
        { pageID: 'p3', locale: 'nl-nl', slug: 'expertise/energie', path: '/expertise/energie', title: 'Energie' },
        { pageID: 'p9', locale: 'en-gb', slug: 'expertise/energy', path: '/en-gb/expertise/energy', title: 'Energy' },
      ]);
      for (const tag of [SETTINGS_TAG, pageTag('p9'), pagePathTag('nl-nl', 'expertise'), pagePathTag('nl-nl', 'home'), mediaTag('media-7'), mediaTag('a'.repeat(64))]) {
        await raw('/expertise/energie');
        expect(cache.get('/expertise/energie'), tag).to.not.equal(undefined);
        cache.invalidate([tag]);
        expect(cache.get('/expertise/energie'), tag).to.equal(undefined);
      }
      await raw('/expertise/energie');
      cache.invalidate([menusTag('nl-nl')]);
      expect(cache.get('/expertise/energie'), 'the menus of its locale').to.equal(undefined);
      await raw('/expertise/energie');
      cache.invalidate([pageTag('p2'), pagePathTag('nl-nl', 'contact'), menusTag('en-gb')]);
      expect(cache.get('/expertise/energie')).to.not.equal(undefined);
    });

    it('does not keep a render that read the old page while the change was announced', async () => {
      let open!: () => void;
      reads.gate = new Promise((resolve) => (open = resolve));
      const during = raw('/over-ons');
      await new Promise((resolve) => setTimeout(resolve, 20));
      reads.pages.set('/over-ons', { kind: 'page', page: page('p1', 'over-ons', 'Over ons, herzien') });
      cache.invalidate([pageTag('p1')]);
      reads.gate = null;
      open();
      expect((await during).body.toString()).to.not.include('herzien');
      expect((await raw('/over-ons')).body.toString()).to.include('Over ons, herzien');
    });

    it('does not keep a page whose translations could not be read', async () => {
      reads.failSiblings = true;
      await raw('/over-ons');
      expect(cache.get('/over-ons')).to.equal(undefined);
      reads.failSiblings = false;
      await raw('/over-ons');
      expect(cache.get('/over-ons')).to.not.equal(undefined);
    });
  });

  describe('the chrome around a page', () => {
    it('shows the organisation from the settings and the menus of the page\'s locale', async () => {
      reads.menusOf.set('nl-nl', {
        main: [{ id: 'm1', label: 'Expertise', href: '/expertise', external: false, pageID: 'p3', children: [{ id: 'm2', label: 'Energie', href: '/expertise/energie', external: false, pageID: 'p4', children: [] }] }],
        footer: [{ id: 'f1', label: 'Contact', href: '/contact', external: false, pageID: 'p5', children: [] }],
        service: [{ id: 's1', label: 'Privacy', href: 'https://privacy.example.test/', external: true, pageID: null, children: [] }],
      });
      const html = (await raw('/over-ons')).body.toString();
      expect(html).to.include('Onderzoeksbureau Test').and.include('Utrecht');
      for (const href of ['/expertise', '/expertise/energie', '/contact', 'https://privacy.example.test/']) expect(html, href).to.include(`href="${href}"`);
      expect(html).to.include('<title>Over ons | Onderzoeksbureau Test</title>');
    });

    it('does not keep a page whose menus could not be read, and shows it with the site name alone', async () => {
      reads.failMenus = true;
      const res = await raw('/over-ons');
      expect(res.status).to.equal(200);
      expect(res.body.toString()).to.include('Onderzoeksbureau Test');
      expect(cache.get('/over-ons')).to.equal(undefined);
      reads.failMenus = false;
      await raw('/over-ons');
      expect(cache.get('/over-ons')).to.not.equal(undefined);
    });
  });

  describe('a path without a page', () => {
    it('answers the 404 page, kept briefly by others, until a page is published at that path', async () => {
      const missing = await raw('/nieuw', { 'Accept-Encoding': 'gzip' });
      expect(missing.status).to.equal(404);
      expect(missing.headers['cache-control']).to.equal(NOT_FOUND_CACHE_CONTROL);
      expect(missing.headers['content-encoding']).to.equal('gzip');
      expect(missing.headers['set-cookie']).to.equal(undefined);
      expect(gunzipSync(missing.body).toString()).to.include('Niet gevonden');
      expect(cache.get('/nieuw')?.status).to.equal(404);

      reads.pages.set('/nieuw', { kind: 'page', page: page('p5', 'nieuw', 'Nieuw') });
      cache.invalidate([pagePathTag('nl-nl', 'nieuw')]);
      const found = await raw('/nieuw');
      expect(found.status).to.equal(200);
      expect(found.body.toString()).to.include('Nieuw');
    });

    it('follows a change of the 404 page itself', async () => {
      await raw('/weg');
      reads.pages.set('/404', { kind: 'page', page: page('p404', '404', 'Helaas, niets hier') });
      cache.invalidate([pageTag('p404')]);
      expect((await raw('/weg')).body.toString()).to.include('Helaas, niets hier');
    });
  });

  describe('the search results page', () => {
    it('searches for every request, never keeping an answer, and tells browsers and CDNs not to reuse one unasked', async () => {
      reads.searchAnswer = found('Onderzoek naar wachttijden');
      const first = await raw('/zoeken?q=onderzoek');
      reads.searchAnswer = found('Onderzoek, net gepubliceerd', 2);
      const second = await raw('/zoeken?q=onderzoek', { 'Accept-Encoding': 'gzip, br' });
      expect([first.status, second.status]).to.deep.equal([200, 200]);
      expect(first.body.toString()).to.include('Onderzoek naar wachttijden').and.include('1 resultaat voor “onderzoek”');
      expect(second.body.toString()).to.include('Onderzoek, net gepubliceerd').and.include('2 resultaten voor “onderzoek”');
      expect(reads.searches.map((r) => r.term)).to.deep.equal(['onderzoek', 'onderzoek']);
      expect(cache.get('/zoeken')).to.equal(undefined);
      expect(cache.get('/zoeken?q=onderzoek')).to.equal(undefined);
      for (const res of [first, second]) {
        expect(res.headers['cache-control']).to.equal(SEARCH_CACHE_CONTROL).and.equal('private, no-cache');
        expect(res.headers.etag).to.equal(undefined);
        expect(res.headers['set-cookie']).to.equal(undefined);
        expect(res.headers['content-language']).to.equal('nl-nl');
      }
    });

    it('searches only the locale of its path, with the filters and the page of the address', async () => {
      reads.searchAnswer = found('Research', 25);
      const res = await raw('/en-gb/search?q=research&type=article&type=publication&type=nonsense&tag=t1&page=3');
      expect(res.status).to.equal(200);
      expect(reads.searches).to.deep.equal([{ term: 'research', locales: ['en-gb'], pageTypes: ['article', 'publication'], tags: ['t1'], count: 10, offset: 20 }]);
      expect(res.headers['content-language']).to.equal('en-gb');
      expect(res.body.toString()).to.include('<title>Search: research – Onderzoeksbureau Test</title>').and.include('<meta name="robots" content="noindex">');
    });

    it('lists the pages of a tag by its filter alone, without words', async () => {
      reads.searchAnswer = found('Zorg dichtbij', 3);
      const res = await raw('/zoeken?tag=t-zorg');
      expect(res.status).to.equal(200);
      expect(reads.searches).to.deep.equal([{ term: '', locales: ['nl-nl'], pageTypes: [], tags: ['t-zorg'], count: 10, offset: 0 }]);
      expect(res.body.toString()).to.include('3 resultaten').and.include('Zorg dichtbij');
    });

    it('is an ordinary path where it is not the search page of its locale', async () => {
      reads.pages.set('/search', { kind: 'page', page: page('p7', 'search', 'Search and rescue') });
      const res = await raw('/search?q=x');
      expect(res.body.toString()).to.include('Search and rescue');
      expect(res.headers['cache-control']).to.equal(PAGE_CACHE_CONTROL);
      expect((await raw('/de-de/search?q=x')).status).to.equal(404);
      expect(reads.searches).to.deep.equal([]);
    });

    it('shows the form alone without a term, and says what went wrong (400, 503) when the search is refused or fails, never a bare error page', async () => {
      const empty = await raw('/zoeken');
      expect(empty.status).to.equal(200);
      expect(reads.searches).to.deep.equal([]);
      reads.searchAnswer = new ValidationError([errorItem('V_14', 'term', 'search')]);
      const refused = await raw(`/zoeken?q=${'a'.repeat(201)}`);
      expect(refused.status).to.equal(400);
      expect(refused.body.toString()).to.include('Uw zoekopdracht is te lang. Gebruik hoogstens 200 tekens.').and.include('class="site-header');
      reads.searchAnswer = new Error('index unavailable');
      const failed = await raw('/zoeken?q=onderzoek');
      expect(failed.status).to.equal(503);
      expect(failed.body.toString()).to.include('Zoeken lukt op dit moment niet.').and.include('class="site-header');
      expect(failed.headers['cache-control']).to.equal(SEARCH_CACHE_CONTROL);
    });
  });

  describe('a tag page', () => {
    const card = (id: string, title: string, date: string, type = 'article'): PublicPageCard => ({ pageID: id, locale: 'nl-nl', type, slug: `nieuws/${id}`, path: `/nieuws/${id}`, title, summary: `Over ${title}`, image: null, date });
    const energy: TagView = { id: 't-energie', name: 'Energietransitie', slug: 'energietransitie', locale: 'nl-nl', visibility: 'public', pageCount: 2, publishedPageCount: 2 };

    beforeEach(() => {
      reads.tags.set('nl-nl:energietransitie', energy);
      reads.cards.set('a1', card('a1', 'Warmtenetten', '2026-02-10'));
      reads.cards.set('a2', card('a2', 'Zonnedaken', '2026-01-05', 'publication'));
      reads.cards.set('a3', card('a3', 'Wachttijden', '2026-03-01'));
      reads.tagged.set('t-energie', ['a1', 'a2']);
    });

    it('lists the published pages with the tag under its name, kept in memory until its pages, its name or its address change', async () => {
      const res = await raw('/tag/energietransitie');
      expect(res.status).to.equal(200);
      expect(res.headers['cache-control']).to.equal(PAGE_CACHE_CONTROL);
      const html = res.body.toString();
      expect(html).to.include('<h1>Onderwerp: Energietransitie</h1>').and.include('Warmtenetten').and.include('Zonnedaken').and.not.include('Wachttijden');
      expect(html).to.include('<title>Onderwerp: Energietransitie | Onderzoeksbureau Test</title>').and.include('<link rel="canonical" href="https://www.example.test/tag/energietransitie">');
      expect(html).to.not.include('noindex');
      expect(reads.lists.at(-1)).to.deep.include({ locale: 'nl-nl', type: '', tag: 't-energie', offset: 0 });
      const count = reads.reads;
      expect((await raw('/tag/energietransitie')).status).to.equal(200);
      expect(reads.reads).to.equal(count);
      for (const tag of [taggedPagesTag('t-energie'), tagTag('t-energie'), tagPathTag('nl-nl', 'energietransitie')]) {
        expect(cache.get('/tag/energietransitie'), tag).to.not.equal(undefined);
        cache.invalidate([tag]);
        expect(cache.get('/tag/energietransitie'), tag).to.equal(undefined);
        await raw('/tag/energietransitie');
      }
      // Another tag's pages, or a list of the locale, leave it alone.
      cache.invalidate([taggedPagesTag('t-zorg'), pagePathTag('nl-nl', 'tag/energietransitie')]);
      expect(cache.get('/tag/energietransitie')).to.not.equal(undefined);
    });

    it('is found at /<locale>/tag/<slug> outside the default locale, in that language', async () => {
      reads.tags.set('en-gb:energy-transition', { ...energy, id: 't-energy', name: 'Energy transition', slug: 'energy-transition', locale: 'en-gb' });
      reads.cards.set('e1', { ...card('e1', 'Heat networks', '2026-02-10'), locale: 'en-gb', path: '/en-gb/news/e1' });
      reads.tagged.set('t-energy', ['e1']);
      const res = await raw('/en-gb/tag/energy-transition');
      expect(res.status).to.equal(200);
      expect(res.headers['content-language']).to.equal('en-gb');
      expect(res.body.toString()).to.include('<h1>Topic: Energy transition</h1>').and.include('Heat networks');
      // A tag of another locale is not found at this one's address.
      expect((await raw('/tag/energy-transition')).status).to.equal(404);
    });

    it('answers 404 for a tag tags/public does not know (unknown, private, on no published page), or a page of its list past the last', async () => {
      const unknown = await raw('/tag/onbekend');
      expect(unknown.status).to.equal(404);
      expect(unknown.body.toString()).to.include('Niet gevonden').and.not.include('Onderwerp:');
      // Kept until a tag page appears at the address.
      expect(cache.get('/tag/onbekend')?.tags).to.include(tagPathTag('nl-nl', 'onbekend'));
      const past = await raw('/tag/energietransitie?page=2');
      expect(past.status).to.equal(404);
      expect(past.body.toString()).to.include('Deze pagina van de lijst bestaat niet.').and.include('noindex');
    });

    it('leaves a page at a tag address without a tag page alone', async () => {
      reads.pages.set('/tag/nieuws', { kind: 'page', page: page('p9', 'tag/nieuws', 'Tagnieuws') });
      const res = await raw('/tag/nieuws');
      expect(res.status).to.equal(200);
      expect(res.body.toString()).to.include('Tagnieuws');
    });
  });

  describe('the old path of a moved page', () => {
    it('redirects with the visitor\'s query string, from memory, without cookies, until either path changes', async () => {
      reads.pages.set('/oud', { kind: 'redirect', location: '/nieuw-pad' });
      const first = await raw('/oud?utm=1');
      const count = reads.reads;
      const second = await raw('/oud?utm=2');
      expect(first.status).to.equal(301);
      expect(second.headers.location).to.equal('/nieuw-pad?utm=2');
      expect(second.headers['cache-control']).to.equal('private, no-cache');
      expect(second.headers['set-cookie']).to.equal(undefined);
      expect(reads.reads).to.equal(count);
      cache.invalidate([pagePathTag('nl-nl', 'nieuw-pad')]);
      expect(cache.get('/oud')).to.equal(undefined);
    });
  });
});
