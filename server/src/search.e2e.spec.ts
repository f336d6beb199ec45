import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { TEST_ADMIN } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * Issue 15 in Chromium, on the seeded example site: a visitor searches in Dutch from the header
 * with a typo and finds the article, narrows the results to articles, opens a tag page from the
 * article's topics, and an administrator
 * reindexes the whole site and watches the progress reach success while the search keeps answering.
 */
describe('site search in Chromium: a visitor finds an article despite a typo; an administrator reindexes', function () {
  this.timeout(240_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Steps of 50 pages with a pause after each: the reindex of the archive below takes some
    // seconds however fast the machine, long enough for the screen's once-a-second reading.
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base, PAGELOG_REINDEX_CHUNK_SIZE: '50', PAGELOG_REINDEX_PAUSE_MS: '80' } });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  async function person(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    return page;
  }

  it('finds the article on warmtenetten when the visitor types "warmtenetn", and narrows the results to articles, then opens a tag page', async () => {
    const page = await person();
    // The home page is a landing page (a header without search); every other page has the field.
    await page.goto(`${base}/over-ons`);
    const search = page.getByRole('search').first().getByRole('searchbox');
    expect(await search.getAttribute('placeholder')).to.equal('Zoek op trefwoord');
    await search.fill('warmtenetn');
    await search.press('Enter');
    await page.waitForURL(/\/zoeken\?/);
    const results = page.getByRole('main');
    await results.getByRole('link', { name: 'Wat bewoners willen weten over een warmtenet' }).waitFor();
    expect(await page.locator('mark').count()).to.be.greaterThan(0);
    expect(await results.textContent()).to.match(/resulta(at|ten) voor/);

    // Only articles: the facet's checkbox and the filter button (the form works without JavaScript too).
    await page.getByRole('checkbox', { name: /Artikel/ }).check();
    await page.getByRole('button', { name: 'Filters toepassen' }).click();
    await page.waitForURL(/type=article/);
    const titles = await results.locator('li h2, li h3').allTextContents();
    expect(titles.length).to.be.greaterThan(0);
    expect(titles.map((t) => t.trim())).to.include('Wat bewoners willen weten over een warmtenet');

    // The article's topics lead to a tag page listing the published pages with that tag.
    await page.goto(`${base}/publicaties/warmtenet-bewoners`);
    await page.getByRole('link', { name: 'Energietransitie', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Onderwerp: Energietransitie' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Wat bewoners willen weten over een warmtenet' }).waitFor();
    expect(await page.getByText('Herzien in 2026').count(), 'a private tag never shows').to.equal(0);

    // Nothing found says so, in Dutch, with help.
    await page.goto(`${base}/zoeken?q=${encodeURIComponent('xyzzyplugh')}`);
    expect(await page.getByRole('main').textContent()).to.match(/[Gg]een resultaten/);
    expect(problems).to.deep.equal([]);
  });

  /**
   * Published pages written straight to the log as the command side writes them, so that a
   * reindex of the site takes a few seconds: long enough to watch its progress bar move.
   */
  async function archivePages(count: number): Promise<void> {
    const store = app.stores.eventStore;
    const occurredAt = new Date().toISOString();
    let head = 0;
    for (let i = 0; i < count; i++) {
      const pageId = randomUUID();
      const versionId = randomUUID();
      const slug = `archief/bericht-${i}`;
      const title = `Archiefbericht ${i} over de wijk`;
      const meta = { actorId: 'system', correlationId: pageId, causationId: pageId, occurredAt };
      const blocks = [{ type: 'text', key: 'tekst', props: { html: `<p>Bericht ${i} uit het archief over wonen en werken in de wijk.</p>` }, anchorPoint: '' }];
      ({ position: head } = await store.append(
        `page-${pageId}`,
        [
          { id: randomUUID(), type: 'PageCreated', data: { pageId, translationGroupId: pageId, type: 'article', locale: 'nl-nl', title, slug, content: '', typeData: {}, versionId, copiedFrom: null }, metadata: { ...meta, schemaVersion: 2 } },
          { id: randomUUID(), type: 'PageVersionStored', data: { pageId, versionId, title, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] }, metadata: { ...meta, schemaVersion: 2 } },
          { id: randomUUID(), type: 'PagePublished', data: { pageId, versionId, slug, locale: 'nl-nl' }, metadata: { ...meta, schemaVersion: 1 } },
        ],
        0,
      ));
    }
    const names = ['pages', 'public-pages', 'search-index:public', 'search-index:admin'];
    expect(await app.stores.readModels.waitForCheckpoints(names, head, 120_000), 'the archive taken in').to.equal(true);
  }

  it('lets an administrator reindex every page and watch the progress reach success, while the search keeps answering', async () => {
    await archivePages(2_500);
    const page = await person();
    await logInAt(page, `${base}/cmsadmin/`, TEST_ADMIN);
    await page.getByRole('link', { name: 'Search index' }).click();
    await page.getByRole('heading', { name: /Search index/ }).waitFor();
    await page.getByRole('button', { name: 'Index all pages' }).click();
    // While it runs the public search answers from the index in use.
    const during = await fetch(`${base}/api/cms/search/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ term: 'onderzoek', locales: ['nl-nl'] }) });
    expect(during.status).to.equal(200);
    // The bar moves: pages done of the total, with the time left, before it says success.
    const bar = page.getByRole('progressbar', { name: 'Indexing progress' });
    await bar.waitFor({ timeout: 30_000 });
    const seen = new Set<string>();
    for (let i = 0; i < 200 && (await bar.count()) > 0; i++) {
      const value = await bar.getAttribute('value').catch(() => null);
      const max = await bar.getAttribute('max').catch(() => null);
      if (value !== null && max !== null) seen.add(`${value}/${max}`);
      await page.waitForTimeout(50);
    }
    const done = [...seen].map((step) => Number(step.split('/')[0]));
    expect(done.some((n) => n > 0 && n < 2_500), `progress seen: ${[...seen].join(', ')}`).to.equal(true);
    await page.getByText('Indexed all pages').waitFor({ timeout: 60_000 });
    expect(await page.getByText(/Up to date/).count()).to.be.greaterThan(0);
    const after = (await (await fetch(`${base}/api/cms/search/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ term: 'warmtenet' }) })).json()) as {
      data: { total: number };
    };
    expect(after.data.total).to.be.greaterThan(0);
    expect(problems).to.deep.equal([]);
  });
});
