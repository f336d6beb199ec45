import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { axeViolations, describeViolations } from './test-kit/axe';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { ApiClient } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The admin on a 375 px phone in Chromium: the navigation behind a Menu button, the page list as
 * cards, the editor in one column, nothing wider than the screen, and a block edited and saved
 * with Ctrl+S.
 */
describe('the admin on a phone in Chromium', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  let homeID: string;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    const admin = await ApiClient.loggedIn(app.url);
    const nodes = (await admin.post('/page/site-structure', {})).body.data.nodes as SiteStructureNode[];
    homeID = nodes.find((node) => node.slug === 'home')!.pageID;
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
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

  const widest = () => page.evaluate(() => document.documentElement.scrollWidth);

  it('hides the navigation behind a Menu button that opens it, moves focus in, and closes it with Escape or a link', async () => {
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await navigation.isVisible()).to.equal(false);
    expect(await menu.getAttribute('aria-expanded')).to.equal('false');

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).to.equal('true');
    expect(await navigation.isVisible()).to.equal(true);
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).to.equal('Main navigation');
    await page.keyboard.press('Escape');
    expect(await navigation.isVisible()).to.equal(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Menu');

    await menu.click();
    await navigation.getByRole('link', { name: 'Media library' }).click();
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    expect(await navigation.isVisible()).to.equal(false);
    expect(await widest()).to.be.at.most(375);
  });

  it('shows the page list as cards whose values say what they are, no wider than the screen, without axe violations', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Page overview' }).click();
    await page.getByRole('heading', { name: 'Page overview', level: 1 }).waitFor();
    const firstRow = page.locator('.data-table tbody tr').first();
    await firstRow.waitFor();
    const box = await firstRow.boundingBox();
    // A card: the row's cells stacked, so the row is much taller than one line and fits the screen.
    expect(box!.width).to.be.at.most(375);
    expect(box!.height).to.be.above(120);
    expect(await firstRow.locator('td[data-label="Title"]').count()).to.equal(1);
    expect(await widest()).to.be.at.most(375);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });

  it('edits a block in the one-column editor and saves it with Ctrl+S', async () => {
    await page.goto(`${base}/cmsadmin/pages/${homeID}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await widest()).to.be.at.most(375);
    const first = page.locator('li.block-card').first();
    await first.getByRole('button', { name: 'Edit' }).click();
    await first.getByLabel('Text', { exact: true }).fill('Welkom op de telefoon');
    await page.getByText('Unsaved changes').waitFor();
    await page.keyboard.press('Control+s');
    await page.locator('.editor__status', { hasText: 'Page saved.' }).waitFor();
    await page.locator('.badge--unsaved').waitFor({ state: 'detached' });
    expect(await widest()).to.be.at.most(375);
    expect(problems).to.deep.equal([]);
  });
});
