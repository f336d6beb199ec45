import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { ApiClient } from './test-kit/api-client';
import { launchBrowser, watchForProblems } from './test-kit/browser';
import { fileForm, pdf } from './test-kit/media-requests';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * A publication's report behind its download form, in Chromium (issue 16): the page names the
 * report and points to the form instead of linking it; the visitor fills in the form and the
 * thank-you text holds the link, which downloads the report.
 */
describe('a download behind the download form in Chromium', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const bytes = pdf();

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    const uploaded = await admin.post('/medialib/add-file', fileForm(bytes, 'Warmtenet-rapport.pdf', { path: '/' }));
    expect(uploaded.status, JSON.stringify(uploaded.body.Errors)).to.equal(200);
    const typeData = { authors: 'Marieke Jansen', publicationDate: '2026-02-10', summary: 'Wat bewoners willen weten.', mainDownload: { hash: uploaded.body.data.item.hash, fileName: 'Warmtenet-rapport.pdf' } };
    const created = await admin.post('/page/create', { title: 'Warmtenet: het rapport', slug: 'publicaties/warmtenet-rapport', type: 'publication', locale: 'nl-nl', content: '', typeData });
    expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
    const { pageID, pageVersionID, revision } = created.body.data;
    const blocks = [
      { type: 'text', key: 'intro', props: { html: '<p>Het volledige rapport, met alle cijfers.</p>' }, anchorPoint: '' },
      { type: 'formEmbed', key: 'rapport', props: { form: 'download', title: 'Download het rapport' }, anchorPoint: '' },
    ];
    const published = await admin.post(`/page/version/${pageVersionID}/store-and-publish`, { pageID, revision, title: 'Warmtenet: het rapport', blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
    expect(published.status, JSON.stringify(published.body.Errors)).to.equal(200);
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  it('points from the report to the form, and hands the report over in the thank-you text', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    await page.goto(`${base}/publicaties/warmtenet-rapport`);
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
    expect(await page.locator('a[href*="get-page-file"]').count()).to.equal(0);
    await page.getByRole('link', { name: 'Vul het formulier in om dit bestand te downloaden.' }).click();
    expect(new URL(page.url()).hash).to.equal('#form-rapport');

    const form = page.getByRole('form', { name: 'Download het rapport' });
    await form.getByLabel('Naam').fill('Joris de Boer');
    await form.getByLabel('E-mailadres').fill('joris@example.nl');
    await form.getByRole('checkbox').check();
    await page.waitForTimeout(3_100);
    await form.getByRole('button').click();
    const thanks = page.getByRole('status').filter({ hasText: 'Uw bestand:' });
    await thanks.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), thanks.getByRole('link', { name: 'Warmtenet-rapport.pdf' }).click()]);
    expect(download.suggestedFilename()).to.equal('Warmtenet-rapport.pdf');
    expect(readFileSync((await download.path())!).equals(bytes)).to.equal(true);
    expect(problems).to.deep.equal([]);
  });
});
