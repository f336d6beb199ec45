import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { axeViolations, describeViolations } from './test-kit/axe';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The admin against WCAG 2.2 AA in Chromium, checked by axe-core on the example site with pages of
 * every status: no colour contrast failure, and no violation of any other WCAG 2.x A/AA rule, on
 * the main screens (page overview, site structure with a search and its move dialog, the page
 * editor, new page, media library, users, personal settings, search index, tags). Hover and focus colours are not
 * seen by axe; styles.css states their ratios.
 */
describe('the admin\'s colours and accessibility in Chromium (axe-core)', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  let editorPath: string;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    const admin = await ApiClient.loggedIn(app.url);
    // Every status badge on screen: a concept, a page with unpublished changes, one under review.
    const nodes = (await admin.post('/page/site-structure', {})).body.data.nodes as SiteStructureNode[];
    const home = nodes.find((node) => node.slug === 'home')!;
    editorPath = `/cmsadmin/pages/${home.pageID}`;
    const locale = (await admin.get('/settings/get')).body.data.defaultLocale as string;
    const concept = await admin.post('/page/create', { title: 'Concept', slug: 'contrast-concept', type: 'base', locale, content: '', typeData: {} });
    const reviewed = await admin.post('/page/create', { title: 'Under review', slug: 'contrast-review', type: 'base', locale, content: '', typeData: {} });
    await admin.post(`/page/${reviewed.body.data.pageID}/request-publication`, { comment: 'Please look' });
    expect(concept.status).to.equal(200);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    watchForProblems(page, problems);
    await page.goto(`${base}/cmsadmin/login`);
    await submitAdminLogin(page);
    await page.getByRole('heading', { name: 'Page overview', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Opens an admin screen and waits for what shows it is ready. */
  async function visit(path: string, ready: (page: Page) => Promise<void>): Promise<void> {
    await page.goto(`${base}${path}`);
    await ready(page);
  }

  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
    { name: 'page overview', path: () => '/cmsadmin/', ready: (p) => p.getByRole('cell', { name: 'Concept' }).first().waitFor() },
    { name: 'site structure', path: () => '/cmsadmin/site-structure', ready: (p) => p.getByRole('treeitem').first().waitFor() },
    { name: 'page editor', path: () => editorPath, ready: (p) => p.getByRole('tab', { name: 'Overview' }).waitFor() },
    { name: 'new page', path: () => '/cmsadmin/new-page', ready: (p) => p.getByLabel('Title').waitFor() },
    { name: 'media library', path: () => '/cmsadmin/medialibrary', ready: (p) => p.getByRole('heading', { name: 'Media library', level: 1 }).waitFor() },
    { name: 'users', path: () => '/cmsadmin/users', ready: (p) => p.getByRole('cell', { name: TEST_ADMIN.email }).waitFor() },
    { name: 'personal settings', path: () => '/cmsadmin/user/settings', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'search index', path: () => '/cmsadmin/search', ready: (p) => p.getByRole('button', { name: 'Index all pages' }).waitFor() },
    { name: 'tags', path: () => '/cmsadmin/tags', ready: (p) => p.getByRole('table', { name: /^Tags in / }).or(p.getByText(/^No tags in /)).waitFor() },
  ];

  for (const screen of screens) {
    it(`has no colour contrast failures, and no other WCAG 2.2 A/AA violation, on the ${screen.name}`, async () => {
      await visit(screen.path(), screen.ready);
      const violations = await axeViolations(page);
      expect(violations.filter((violation) => violation.id === 'color-contrast'), describeViolations(violations)).to.deep.equal([]);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
    });
  }

  it('has none on the site structure while searching, nor in its move dialog', async () => {
    await visit('/cmsadmin/site-structure', (p) => p.getByRole('treeitem').first().waitFor());
    await page.getByLabel('Find a page').fill('o');
    await page.locator('.site-tree mark').first().waitFor();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.getByLabel('Find a page').fill('');
    await page.getByRole('button', { name: /^Move / }).first().click();
    await page.getByRole('dialog').waitFor();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    await page.keyboard.press('Escape');
  });

  it('would catch the orange of before: white on #e8590c is 3.58:1', async () => {
    // The orange button itself must be on screen before axe looks (the navigation's link comes first).
    await visit('/cmsadmin/', (p) => p.locator('.button--orange').first().waitFor());
    // Through the CSSOM, which the admin's Content-Security-Policy allows (a style tag it would not).
    await page.evaluate(() => document.documentElement.style.setProperty('--accent', '#e8590c'));
    const violations = await axeViolations(page, { rules: ['color-contrast'] });
    const targets = violations.flatMap((violation) => violation.nodes.map((node) => node.html));
    expect(targets.some((html) => html.includes('button--orange')), describeViolations(violations)).to.equal(true);
    expect(problems).to.deep.equal([]);
  });
});
