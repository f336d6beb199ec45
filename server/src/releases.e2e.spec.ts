import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { createPublishedPage } from './test-kit/site-pages';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * Releases (issue 17) in Chromium: an administrator makes a release of two pages (a changed live
 * page and a new one) and the main menu's draft naming the new one, previews it in time travel,
 * publishes it (pages and menu live at once), and rolls it back (the old title back, the new page
 * and its menu item gone).
 */
describe('releases in Chromium: an administrator previews, publishes and rolls back two pages together', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const problems: string[] = [];

  async function storeDraft(admin: ApiClient, pageID: string, title: string): Promise<void> {
    const page = (await admin.get(`/page/${pageID}`)).body.data as { draftVersionID: string; revision: number };
    const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title, blocks: [{ type: 'heading', key: 'kop', props: { text: title, level: 1 }, anchorPoint: '' }], ...seo });
    expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
  }

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    const pricesID = await createPublishedPage(admin, { slug: 'tarieven', title: 'Tarieven 2026' });
    await storeDraft(admin, pricesID, 'Tarieven 2027');
    const created = (await admin.post('/page/create', { title: 'Nieuw in 2027', slug: 'nieuw-2027', type: 'base', locale: 'nl-nl' })).body.data as { pageID: string };
    await storeDraft(admin, created.pageID, 'Nieuw in 2027');
    // A main menu draft that names the new page: it goes live with the release.
    const menu = (await admin.get('/menu/get?locale=nl-nl&kind=main')).body.data as { revision: number };
    const saved = await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', items: [{ id: 'nieuw', label: 'Wat is nieuw', pageID: created.pageID, url: null, children: [] }], revision: menu.revision });
    expect(saved.status, JSON.stringify(saved.body.Errors)).to.equal(200);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const heading = async (path: string, page: import('playwright-core').Page) => {
    const response = await page.goto(`${base}${path}`);
    return { status: response!.status(), title: response!.status() === 200 ? await page.getByRole('heading', { level: 1 }).first().textContent() : null };
  };

  /** What a visitor sees at `path` once the change has reached the site (its render cache follows a moment after the command's answer). */
  async function eventually(path: string, page: import('playwright-core').Page, expected: (seen: { status: number; title: string | null }) => boolean): Promise<{ status: number; title: string | null }> {
    let seen = await heading(path, page);
    for (let i = 0; i < 50 && !expected(seen); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await heading(path, page);
    }
    return seen;
  }

  it('makes the release in the admin, previews it, publishes it, and rolls it back', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}/cmsadmin/releases`, TEST_ADMIN);
    await page.getByRole('heading', { name: 'Releases', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Jaarwissel');
    await page.getByRole('button', { name: 'Create release' }).click();
    await page.getByRole('heading', { name: /Jaarwissel/, level: 1 }).waitFor();

    for (const title of ['Tarieven 2027', 'Nieuw in 2027']) {
      await page.getByLabel('Search pages by title').fill(title.slice(0, 8));
      await page.getByRole('button', { name: `Add ${title}` }).click();
      await page.getByRole('table', { name: 'Pages in this release' }).getByRole('link', { name: title }).waitFor();
    }
    const items = page.getByRole('table', { name: 'Pages in this release' });
    expect(await items.getByText('Ready', { exact: true }).count()).to.equal(2);
    // The main menu's draft joins it.
    const menus = page.getByRole('region', { name: 'Menus' });
    await menus.getByLabel('Language').selectOption('nl-nl');
    await menus.getByLabel('Menu', { exact: true }).selectOption('main');
    await menus.getByRole('button', { name: 'Add menu' }).click();
    await page.getByRole('table', { name: 'Menu changes in this release' }).getByText('Main menu (nl-nl)').waitFor();
    const header = async (on: import('playwright-core').Page) => (await on.locator('header').first().textContent()) ?? '';

    // The preview: the site as it is now, with both pages published, in a tab of its own.
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview in time travel' }).click()]);
    await preview.waitForLoadState();
    expect((await heading('/tarieven', preview)).title).to.include('Tarieven 2027');
    expect(await preview.locator('.as-of-banner').textContent()).to.include('Jaarwissel');
    expect((await heading('/nieuw-2027', preview)).title).to.include('Nieuw in 2027');
    expect(await header(preview), 'the main menu in the preview').to.include('Wat is nieuw');
    await preview.getByRole('link', { name: 'Terug naar nu' }).click();
    await preview.waitForURL(`${base}/`);
    expect((await heading('/tarieven', preview)).title).to.include('Tarieven 2026');
    expect((await heading('/nieuw-2027', preview)).status, 'the new page, back in the present').to.equal(404);
    await heading('/tarieven', preview);
    expect(await header(preview), 'the main menu, back in the present').to.not.include('Wat is nieuw');

    // Publish: both pages at once.
    await page.getByRole('button', { name: 'Publish now' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).to.include('Its 2 pages go live at once').and.include('Its 1 menu change goes live with it');
    await confirm.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Published: 2 pages went live at once.').waitFor();
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    expect((await eventually('/tarieven', site, (s) => s.title?.includes('2027') ?? false)).title).to.include('Tarieven 2027');
    expect((await eventually('/nieuw-2027', site, (s) => s.status === 200)).title).to.include('Nieuw in 2027');
    expect(await header(site), 'the main menu, published with the pages').to.include('Wat is nieuw');

    // Roll back: the old title again, the new page off the site.
    await page.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await page.getByText('Rolled back: each page shows what it showed before the release.').waitFor();
    expect((await eventually('/tarieven', site, (s) => s.title?.includes('2026') ?? false)).title).to.include('Tarieven 2026');
    expect((await eventually('/nieuw-2027', site, (s) => s.status === 404)).status, 'the new page, after the rollback').to.equal(404);
    await heading('/tarieven', site);
    expect(await header(site), 'the main menu, after the rollback').to.not.include('Wat is nieuw');
    await visitor.close();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
