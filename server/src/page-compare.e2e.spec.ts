import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * Issue 17 in Chromium: an editor opens a page's versions in the editor and compares the draft
 * with the live version: the moved block as a move, the added and removed ones as such, the
 * changed words marked, inline and side by side. The page is replayed step by step, and played.
 */
describe('comparing two versions of a page in Chromium', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let pageID: string;
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    const created = await admin.post('/page/create', { title: 'Over ons', slug: 'over-ons', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    pageID = created.body.data.pageID;
    const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
    const text = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });
    const published = await admin.post(`/page/version/${created.body.data.pageVersionID}/store-and-publish`, {
      pageID,
      revision: created.body.data.revision,
      title: 'Over ons',
      blocks: [heading('kop', 'Wie wij zijn'), text('tekst', '<p>Wij doen onafhankelijk onderzoek.</p>'), heading('team', 'Ons team'), text('oud', '<p>Verouderd.</p>')],
      ...seo,
    });
    expect(published.status).to.equal(200);
    const page = (await admin.get(`/page/${pageID}`)).body.data;
    const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, {
      pageID,
      revision: page.revision,
      title: 'Over ons',
      blocks: [heading('team', 'Ons team'), heading('kop', 'Wie wij zijn'), text('tekst', '<p>Wij doen zorgvuldig onderzoek.</p>'), text('nieuw', '<p>Nieuw blok.</p>')],
      ...seo,
    });
    expect(stored.status).to.equal(200);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the draft against the live version, block by block and word by word', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}${pageEditorPath(pageID)}`, TEST_ADMIN);
    await page.getByText('Versions', { exact: true }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare versions' });
    await dialog.getByText('1 added, 1 removed, 1 changed, 1 moved; 0 page fields changed').waitFor();
    expect(await dialog.locator('del').allTextContents()).to.include('onafhankelijk');
    expect(await dialog.locator('ins').allTextContents()).to.include('zorgvuldig');
    expect(await dialog.locator('.diff__block--added').textContent()).to.include('nieuw').and.include('Nieuw blok.');
    expect(await dialog.locator('.diff__block--removed').textContent()).to.include('oud');
    expect(await dialog.locator('.diff__block--moved').textContent()).to.include('Moved from place 3 to 1');
    await dialog.getByLabel('Side by side').check();
    const before = await dialog.locator('.diff__block--changed .diff__before').textContent();
    const after = await dialog.locator('.diff__block--changed .diff__after').textContent();
    expect(before).to.include('onafhankelijk').and.not.include('zorgvuldig');
    expect(after).to.include('zorgvuldig').and.not.include('onafhankelijk');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(await page.getByRole('dialog').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('replays the page step by step and plays it to the end', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}${pageEditorPath(pageID)}`, TEST_ADMIN);
    await page.getByText('History', { exact: true }).click();
    await page.getByRole('button', { name: 'Replay the page step by step' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay' });
    await dialog.getByText(/^Step 1 of \d+: Administrator created “Over ons”/).waitFor();
    await dialog.getByRole('button', { name: 'Next step' }).click();
    await dialog.getByText(/^Step 2 of/).waitFor();
    await dialog.getByRole('button', { name: 'Play' }).click();
    const last = await dialog.locator('.replay__where').textContent();
    const count = Number(/of (\d+)/.exec(last ?? '')![1]);
    await dialog.getByText(new RegExp(`^Step ${count} of ${count}`)).waitFor({ timeout: 20_000 });
    expect(await dialog.locator('.replay__version').first().textContent()).to.include('zorgvuldig');
    expect(await dialog.getByLabel('Live').textContent()).to.include('onafhankelijk');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
