import { expect } from 'chai';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { ApiClient } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The site structure in Chromium: an administrator finds a page in the tree by keyboard, moves it
 * under another parent through the move dialog, and the public site serves it at its new path
 * while the old one answers 301 to it; then adds a page under it from the tree, whose editor shows
 * where it sits.
 */
describe('the site structure in Chromium: find, move, add below', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let page: Page | undefined;
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    const admin = await ApiClient.loggedIn(app.url);
    const locale = (await admin.get('/settings/get')).body.data.defaultLocale as string;
    for (const [slug, title] of [
      ['home', 'Home'],
      ['expertise', 'Expertise'],
      ['expertise/energie', 'Energie'],
      ['diensten', 'Diensten'],
      ['contact', 'Contact'],
    ]) {
      const created = await admin.post('/page/create', { title, slug, type: 'base', locale, content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      expect((await admin.post(`/page/${created.body.data.pageID}/publish`, {})).status).to.equal(200);
    }
    browser = await launchBrowser();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await page.screenshot({ path: join(tmpdir(), 'pagelog-site-structure-e2e.png'), fullPage: true }).catch(() => {});
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** What the public site answers for a path, redirects not followed. */
  const publicAnswer = async (path: string) => {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  };

  it('moves a page under another parent: the new path serves it and the old one redirects (301)', async () => {
    page = await browser.newPage();
    watchForProblems(page, problems);
    await page.goto(`${base}/cmsadmin/site-structure`);
    await page.waitForURL(/\/cmsadmin\/login/);
    await submitAdminLogin(page);
    await page.waitForURL(`${base}/cmsadmin/site-structure`);

    // Reached from the navigation, under Page overview.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.locator('a[aria-current="page"]', { hasText: 'Site structure' }).waitFor();

    const tree = page.getByRole('tree', { name: /^Pages in / });
    // A tree item is named by its title, path and status.
    const item = (title: string) => tree.getByRole('treeitem', { name: new RegExp(`^${title} /`) });
    await item('Expertise').waitFor();
    expect(await item('Expertise').getAttribute('aria-level')).to.equal('2');

    // By keyboard: into the tree, down to Expertise (Home, Contact, Diensten, Expertise).
    await item('Home').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await item('Expertise').evaluate((element) => element === document.activeElement)).to.equal(true);
    // Tab reaches the row's actions: Edit, Add page, Move.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Move “Expertise”' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /^Expertise/ }).isDisabled()).to.equal(true);
    await dialog.getByLabel('Find the new parent').fill('dienst');
    await dialog.getByRole('radio', { name: /^Diensten/ }).check();
    await dialog.getByText('/diensten/expertise').waitFor();
    // The page below it moves along unless unticked.
    expect(await dialog.getByRole('checkbox', { name: 'Move the page below it along, to the same place under it' }).isChecked()).to.equal(true);
    await dialog.getByRole('button', { name: 'Move page' }).click();

    await page.getByText('“Expertise” moved to /diensten/expertise, with the page below it. The old addresses redirect to the new ones.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // At its new place in the tree, with focus on it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'treeitem' && document.activeElement.getAttribute('aria-level') === '3');
    expect(await item('Expertise').getAttribute('aria-level')).to.equal('3');

    const moved = await publicAnswer('/diensten/expertise');
    expect(moved.status).to.equal(200);
    expect(moved.body).to.contain('Expertise');
    const old = await publicAnswer('/expertise');
    expect(old.status).to.equal(301);
    expect(old.location).to.equal('/diensten/expertise');
    const below = await publicAnswer('/diensten/expertise/energie');
    expect(below.status).to.equal(200);
    expect(below.body).to.contain('Energie');
    expect((await publicAnswer('/expertise/energie')).location).to.equal('/diensten/expertise/energie');
    expect(problems).to.deep.equal([]);
  });

  it('keeps five thousand pages to the rows in sight: expand all, End, and search stay quick', async () => {
    page = page ?? (await browser.newPage());
    // The screen as it meets a large site: the answer is made here, the rendering is the product's.
    const nodes: SiteStructureNode[] = [{ pageID: 'p-home', title: 'Home', slug: 'home', path: '/', type: 'base', status: 'published', hasPublicationRequest: false, parentID: null, hasChildren: true, depth: 0 }];
    for (let i = 0; i < 1000; i += 1) {
      nodes.push({ pageID: `p-${i}`, title: `Section ${String(i).padStart(4, '0')}`, slug: `s${i}`, path: `/s${i}`, type: 'base', status: 'concept', hasPublicationRequest: false, parentID: 'p-home', hasChildren: true, depth: 1 });
      for (let j = 0; j < 4; j += 1) {
        nodes.push({ pageID: `p-${i}-${j}`, title: `Page ${i}.${j}`, slug: `s${i}/p${j}`, path: `/s${i}/p${j}`, type: 'base', status: 'published', hasPublicationRequest: false, parentID: `p-${i}`, hasChildren: false, depth: 2 });
      }
    }
    await page.route('**/api/cms/page/site-structure', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ Success: true, Errors: [], data: { locale: 'nl-nl', nodes } }) }),
    );
    await page.goto(`${base}/cmsadmin/site-structure`);
    await page.getByText('5,001 pages').waitFor();
    const tree = page.getByRole('tree', { name: /^Pages in / });

    const started = Date.now();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await tree.getByRole('treeitem', { name: /^Page 0\.0 / }).waitFor();
    const expandMs = Date.now() - started;
    expect(await tree.getByRole('treeitem').count()).to.be.below(100);

    await tree.getByRole('treeitem', { name: /^Home / }).focus();
    const ended = Date.now();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Page 999.3') ?? false);
    const endMs = Date.now() - ended;
    expect(await tree.getByRole('treeitem').count()).to.be.below(100);

    const searched = Date.now();
    await page.getByLabel('Find a page').fill('page 512.');
    await page.getByText('4 pages match “page 512.”.').waitFor();
    const searchMs = Date.now() - searched;
    expect(await tree.getByRole('treeitem').count()).to.equal(6);
    console.log(`      5,001 pages: expand all ${expandMs} ms, End ${endMs} ms, search ${searchMs} ms`);
    await page.unroute('**/api/cms/page/site-structure');
  });

  it('adds a page under a page from the tree; its editor shows the pages above it as links', async () => {
    page = page ?? (await browser.newPage());
    await page.goto(`${base}/cmsadmin/site-structure`);
    const tree = page.getByRole('tree', { name: /^Pages in / });
    await tree.getByRole('treeitem', { name: /^Diensten \// }).waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('link', { name: 'Add page under Expertise' }).click();

    await page.getByRole('heading', { name: 'New page', level: 1 }).waitFor();
    expect(await page.getByLabel('Slug').inputValue()).to.equal('diensten/expertise/');
    await page.getByLabel('Title').fill('Zorg');
    expect(await page.getByLabel('Slug').inputValue()).to.equal('diensten/expertise/zorg');
    await page.getByRole('button', { name: 'Create page' }).click();

    const crumbs = page.getByRole('navigation', { name: 'Where the page is' });
    await crumbs.waitFor();
    expect(await crumbs.getByRole('listitem').allInnerTexts()).to.deep.equal(['Home', 'Diensten', 'Expertise', 'Zorg']);
    await crumbs.getByRole('link', { name: 'Diensten' }).click();
    await page.getByRole('heading', { name: 'Diensten', level: 1 }).waitFor();
    expect(problems).to.deep.equal([]);
  });
});
