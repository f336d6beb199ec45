import { expect } from 'chai';
import type { SearchResponse } from '@pagelog/contracts/search/search';
import type { PageTags } from '@pagelog/contracts/tags/tag';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
type Card = { title: string; path: string };
const titles = (reply: ApiReply) => (reply.body.data.items as Card[]).map((c) => c.title);

/** Polls until `check` holds, or fails with `what` after `ms`. */
async function until(check: () => Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Tags on the public site (issue 15) against real stores, through HTTP: the tag pages, a page's
 * public tags, the tag filter of page lists (cards blocks, overviews) and of the search. Private
 * tags never show in any public answer.
 */
for (const kind of storeKinds()) {
  describe(`tags on the public site (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let visitor: ApiClient;
    const ids: Record<string, string> = {};
    const tagIds: Record<string, string> = {};

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }

    /** A page with its tags (public by name, private by `private:` name), stored and published unless told otherwise. */
    async function page(slug: string, title: string, over: { type?: string; locale?: string; typeData?: Record<string, unknown>; tags?: string[]; blocks?: unknown[]; publish?: boolean } = {}) {
      const created = await ok(admin.post('/page/create', { title, slug, type: over.type ?? 'article', locale: over.locale ?? 'nl-nl', typeData: over.typeData ?? {} }));
      const { pageID, pageVersionID } = created.body.data;
      ids[slug] = pageID;
      let revision = created.body.data.revision as number;
      if (over.tags) {
        const tags = over.tags.map((name) => (name.startsWith('private:') ? { name: name.slice(8), visibility: 'private' } : { name, visibility: 'public' }));
        const tagged = (await ok(admin.post(`/page/${pageID}/tags`, { tags }))).body.data as PageTags;
        for (const tag of tagged.tags) tagIds[tag.name] = tag.id;
        revision = tagged.revision;
      }
      const blocks = over.blocks ?? [{ type: 'text', key: 'tekst', props: { html: `<p>${title}: over warmte en zorg.</p>` }, anchorPoint: '' }];
      const path = over.publish === false ? `/page/version/${pageVersionID}/store` : `/page/version/${pageVersionID}/store-and-publish`;
      await ok(admin.post(path, { pageID, revision, title, blocks, ...seo }));
      return pageID as string;
    }

    const html = async (path: string) => {
      const res = await fetch(`${app.url}${path}`);
      return { status: res.status, body: await res.text() };
    };

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      visitor = new ApiClient(app.url);
      ApiClient.sharePositions(admin, visitor);
      await page('warmte', 'Warmtenetten in de wijk', { typeData: { publicationDate: '2026-02-10' }, tags: ['Energietransitie', 'private:Intern overleg'] });
      await page('zon', 'Zonnedaken op scholen', { typeData: { publicationDate: '2026-03-01' }, tags: ['Energietransitie'] });
      await page('wacht', 'Wachttijden in de zorg', { typeData: { publicationDate: '2026-01-20' }, tags: ['Zorg'] });
      await page('ongelabeld', 'Een artikel zonder onderwerp', { typeData: { publicationDate: '2026-04-01' } });
      await page('concept', 'Concept over energie', { typeData: { publicationDate: '2026-05-01' }, tags: ['Energietransitie'], publish: false });
      await page('heat', 'Heat networks', { locale: 'en-gb', typeData: { publicationDate: '2026-02-11' }, tags: ['Energy transition'] });
      await page('energie-overzicht', 'Alles over energie', { type: 'overview', typeData: { listedType: 'article', tag: tagIds.Energietransitie }, blocks: [] });
      await page('start', 'Start', {
        type: 'base',
        blocks: [{ type: 'cards', key: 'kaarten', props: { title: 'Over energie', mode: 'latest', pageIDs: [], pageType: 'article', tag: tagIds.Energietransitie, count: 3 }, anchorPoint: '' }],
      });
    });
    after(async () => {
      await app?.stop();
    });

    describe('page/public-list with a tag (cards blocks, overviews, tag pages)', () => {
      it('lists only the live pages carrying the tag, newest first, with the total, in the locale asked', async () => {
        const reply = await ok(visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 10, tag: tagIds.Energietransitie }));
        expect(titles(reply)).to.deep.equal(['Zonnedaken op scholen', 'Warmtenetten in de wijk']);
        expect(reply.body.data).to.include({ total: 2, listedTag: tagIds.Energietransitie });
        const paged = await ok(visitor.post('/page/public-list', { locale: 'nl-nl', count: 1, offset: 1, tag: tagIds.Energietransitie }));
        expect(titles(paged)).to.deep.equal(['Warmtenetten in de wijk']);
        // Without a tag: every live article of the locale.
        expect(titles(await ok(visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 10 })))).to.have.length(4);
        expect(titles(await ok(visitor.post('/page/public-list', { locale: 'en-gb', count: 10, tag: tagIds.Energietransitie })))).to.deep.equal([]);
        expect(titles(await ok(visitor.post('/page/public-list', { locale: 'nl-nl', type: 'publication', count: 10, tag: tagIds.Energietransitie })))).to.deep.equal([]);
      });

      it('lists nothing for a private tag or an unknown one', async () => {
        for (const tag of [tagIds['Intern overleg'], 'no-such-tag']) {
          const reply = await ok(visitor.post('/page/public-list', { locale: 'nl-nl', count: 10, tag }));
          expect(reply.body.data, tag).to.deep.equal({ total: 0, items: [], listedTag: null });
        }
      });

      it('leaves out the page the list is on, keeping the window exact', async () => {
        const reply = await ok(visitor.post('/page/public-list', { locale: 'nl-nl', count: 1, offset: 0, tag: tagIds.Energietransitie, excludePageID: ids.zon }));
        expect(reply.body.data.total).to.equal(1);
        expect(titles(reply)).to.deep.equal(['Warmtenetten in de wijk']);
      });
    });

    describe('private tags', () => {
      it('are not a tag page for tags/public, nor named by a page the site reads', async () => {
        expect((await visitor.get('/tags/public?locale=nl-nl&slug=intern-overleg')).status).to.equal(404);
        expect((await visitor.get('/tags/public?locale=nl-nl&slug=bestaat-niet')).status).to.equal(404);
        const tag = await ok(visitor.get('/tags/public?locale=nl-nl&slug=energietransitie'));
        expect(tag.body.data).to.include({ id: tagIds.Energietransitie, name: 'Energietransitie', visibility: 'public', publishedPageCount: 2 });
        const found = await ok(visitor.get('/page/get-by-slug-query?slug=%2Fwarmte'));
        expect(found.body.data.page.tags).to.deep.equal([{ id: tagIds.Energietransitie, name: 'Energietransitie', slug: 'energietransitie' }]);
        const text = JSON.stringify(found.body);
        expect(text).to.not.include('Intern overleg').and.not.include(tagIds['Intern overleg']);
      });

      it('are neither a facet nor a filter of the public search', async () => {
        let answer: SearchResponse | null = null;
        await until(async () => {
          answer = (await ok(visitor.post('/search/search', { term: '', locales: ['nl-nl'], tags: [tagIds.Energietransitie] }))).body.data as SearchResponse;
          return answer.total === 2;
        }, 'the tagged pages in the search');
        expect(answer!.results.map((r) => r.title)).to.deep.equal(['Zonnedaken op scholen', 'Warmtenetten in de wijk']);
        const all = (await ok(visitor.post('/search/search', { term: 'warmte', locales: ['nl-nl'] }))).body.data as SearchResponse;
        expect(all.facets.tags.map((f) => f.label)).to.include('Energietransitie');
        expect(JSON.stringify(all)).to.not.include('Intern overleg').and.not.include(tagIds['Intern overleg']);
        const byPrivate = (await ok(visitor.post('/search/search', { term: '', locales: ['nl-nl'], tags: [tagIds['Intern overleg']] }))).body.data as SearchResponse;
        expect(byPrivate.total).to.equal(0);
      });
    });

    describe('on the site', () => {
      it('shows a tag page at /tag/<slug> listing the published pages with the tag, newest first, with their type and date', async () => {
        const { status, body } = await html('/tag/energietransitie');
        expect(status).to.equal(200);
        expect(body).to.include('<h1>Onderwerp: Energietransitie</h1>');
        expect(body.indexOf('Zonnedaken op scholen')).to.be.within(0, body.indexOf('Warmtenetten in de wijk'));
        expect(body).to.include('href="/zon"').and.include('Artikel').and.include('10 februari 2026');
        expect(body).to.not.include('Concept over energie').and.not.include('Wachttijden in de zorg');
        const english = await html('/en-gb/tag/energy-transition');
        expect(english.status).to.equal(200);
        expect(english.body).to.include('Topic: Energy transition').and.include('Heat networks');
      });

      it('answers 404 for a private tag, an unknown one and a page of the list past the last, never naming a private tag', async () => {
        for (const path of ['/tag/intern-overleg', '/tag/bestaat-niet', '/tag/energietransitie?page=2', '/en-gb/tag/energietransitie']) {
          const { status, body } = await html(path);
          expect(status, path).to.equal(404);
          expect(body, path).to.not.include('Intern overleg');
        }
      });

      it('sends the old address of a renamed tag, and of a tag merged away, to the tag page it became (301), until another tag takes the address', async () => {
        const location = async (path: string) => {
          const res = await fetch(`${app.url}${path}`, { redirect: 'manual' });
          await res.arrayBuffer();
          return `${res.status} ${res.headers.get('location') ?? ''}`;
        };
        await page('water', 'Water in de polder', { typeData: { publicationDate: '2026-02-01' }, tags: ['Waterbeheer'] });
        await page('dijk', 'Dijken versterken', { typeData: { publicationDate: '2026-02-02' }, tags: ['Dijken'] });
        expect((await html('/tag/waterbeheer')).status).to.equal(200);
        await ok(admin.post('/tags/rename', { tagId: tagIds.Waterbeheer, name: 'Waterbeheer en kust' }));
        await until(async () => (await location('/tag/waterbeheer')) === '301 /tag/waterbeheer-en-kust', 'the old address redirects');
        expect(await location('/tag/waterbeheer?page=2')).to.equal('301 /tag/waterbeheer-en-kust?page=2');
        expect((await html('/tag/waterbeheer-en-kust')).body).to.include('<h1>Onderwerp: Waterbeheer en kust</h1>');

        await ok(admin.post('/tags/merge', { tagId: tagIds.Dijken, intoTagId: tagIds.Waterbeheer }));
        await until(async () => (await location('/tag/dijken')) === '301 /tag/waterbeheer-en-kust', 'the merged tag redirects');
        // An address that never was a tag's stays a 404, and a private tag's is never followed.
        expect(await location('/tag/nooit-bestaan')).to.match(/^404/);
        expect(await location('/tag/intern-overleg')).to.match(/^404/);

        // A new tag takes the old slug: once it is on a published page, the address is its tag page.
        await page('nieuw-water', 'Nieuw waterplan', { typeData: { publicationDate: '2026-03-03' }, tags: ['Waterbeheer'] });
        await until(async () => (await location('/tag/waterbeheer')).startsWith('200'), 'the address taken over');
        const taken = await html('/tag/waterbeheer');
        expect(taken.body).to.include('<h1>Onderwerp: Waterbeheer</h1>').and.include('Nieuw waterplan').and.not.include('Water in de polder');
        expect(await location('/tag/waterbeheer-en-kust')).to.match(/^200/);
      });

      it("shows an article's public tags as links to their tag pages, and never its private ones", async () => {
        const { body } = await html('/warmte');
        expect(body).to.match(/<p class="page-tags__label" id="page-tags-label">Onderwerpen<\/p>/);
        expect(body).to.include('<a class="page-tags__link" href="/tag/energietransitie">Energietransitie</a>');
        expect(body).to.not.include('Intern overleg');
      });

      it("filters an overview's list and a cards block's latest pages by their tag", async () => {
        const overview = await html('/energie-overzicht');
        expect(overview.body).to.include('Zonnedaken op scholen').and.include('Warmtenetten in de wijk').and.not.include('Wachttijden in de zorg').and.not.include('Een artikel zonder onderwerp');
        const start = await html('/start');
        expect(start.body).to.include('Zonnedaken op scholen').and.include('Warmtenetten in de wijk').and.not.include('Wachttijden in de zorg').and.not.include('Een artikel zonder onderwerp');
      });

      it('searches by a tag from the search page, the tag named as a filter', async () => {
        await until(async () => (await html(`/zoeken?tag=${tagIds.Energietransitie}`)).body.includes('2 resultaten'), 'the tag search');
        const { body } = await html(`/zoeken?q=warmte&tag=${tagIds.Energietransitie}`);
        expect(body).to.include('Warmtenetten in de wijk');
        expect(body).to.match(new RegExp(`<input type="checkbox" id="search-tag-0" name="tag" checked="" value="${tagIds.Energietransitie}"/><label for="search-tag-0">Energietransitie`));
      });
    });
  });
}
