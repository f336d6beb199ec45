import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './test-kit/api-client';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The menu editor in Chromium (issue 13): an editor builds the main menu with the mouse (pages
 * found by the search, a link, a page dragged under another), then rearranges it with the keyboard
 * alone (a row's buttons, and the drag handle's Space, arrow, Space), publishes it, and the public
 * menu read shows it.
 */
describe('the menu editor in Chromium: build by mouse, rearrange by keyboard, publish', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let api: ApiClient;
  const problems: string[] = [];
  let editorPage: Page | undefined;

  /** A published page, made through the API (the menu is what is under test). */
  async function publishedPage(title: string, slug: string) {
    const created = await api.post('/page/create', { title, slug, type: 'landing-page', locale: 'nl-nl', content: '', typeData: {} });
    expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
    const published = await api.post(`/page/${created.body.data.pageID}/publish`, {});
    expect(published.status, JSON.stringify(published.body.Errors)).to.equal(200);
    return created.body.data.pageID as string;
  }

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    api = await ApiClient.loggedIn(base);
    await publishedPage('Thuis', 'home');
    await publishedPage('Over ons', 'over-ons');
    await publishedPage('Ons team', 'over-ons/team');
    browser = await launchBrowser();
  });
  afterEach(async function () {
    // What the editor saw when it went wrong.
    if (this.currentTest?.state === 'failed' && editorPage) await editorPage.screenshot({ path: join(tmpdir(), 'pagelog-menus-e2e.png'), fullPage: true }).catch(() => {});
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The tree's rows as "label-or-title@level", the level read from where each row is drawn (a dragged one where it would land). */
  async function rows(page: Page): Promise<string[]> {
    return page.locator('ol.menu-tree > li').evaluateAll((items) =>
      items.map((li) => {
        const input = li.querySelector('input')!;
        const indent = li.getBoundingClientRect().left - li.parentElement!.getBoundingClientRect().left;
        return `${input.value || input.placeholder}@${Math.round(indent / 32) + 1}`;
      }),
    );
  }

  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > end) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('builds the main menu with a sub-item by mouse, reorders it by keyboard only, publishes it, and the public menu shows it', async () => {
    const page = await browser.newPage();
    editorPage = page;
    watchForProblems(page, problems);

    await page.goto(`${base}/cmsadmin/menu-structure`);
    await page.waitForURL(/\/cmsadmin\/login/);
    await submitAdminLogin(page);
    await page.waitForURL(/\/cmsadmin\/menu-structure/);
    await page.getByRole('heading', { level: 1, name: 'Menu structure' }).waitFor();
    await page.getByText('This menu has no items yet. Add a page or a link.').waitFor();

    // Three pages through the search, which waits for three characters.
    const search = page.getByRole('searchbox', { name: 'Search pages' });
    await search.fill('Th');
    await page.getByText('Type at least 3 characters').waitFor();
    for (const [term, title] of [['Thu', 'Thuis'], ['Over', 'Over ons'], ['team', 'Ons team']] as const) {
      await search.fill(term);
      await page.getByRole('button', { name: `Add ${title} to the menu` }).click();
      await page.getByRole('textbox', { name: `Label of ${title}` }).waitFor();
    }
    // A link, by mouse.
    const linkForm = page.getByRole('region', { name: 'Add a link' });
    await linkForm.getByRole('textbox', { name: 'Label' }).fill('KvK');
    await linkForm.getByRole('textbox', { name: 'Address' }).fill('https://www.kvk.nl');
    await linkForm.getByRole('button', { name: 'Add link' }).click();
    expect(await rows(page)).to.deep.equal(['Thuis@1', 'Over ons@1', 'Ons team@1', 'KvK@1']);

    // Ons team dragged sideways under Over ons, with the mouse.
    const handle = await page.getByRole('button', { name: 'Drag Ons team' }).boundingBox();
    const x = handle!.x + handle!.width / 2;
    const y = handle!.y + handle!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 8, y, { steps: 4 });
    // Farther than one level: it can only go one level under Over ons.
    await page.mouse.move(x + 60, y + 2, { steps: 10 });
    // While it is dragged, the row is drawn at the level it would land at, not where the pointer is.
    await eventually(() => rows(page), (now) => now.join() === 'Thuis@1,Over ons@1,Ons team@2,KvK@1');
    await page.mouse.up();
    await eventually(() => rows(page), (now) => now.join() === 'Thuis@1,Over ons@1,Ons team@2,KvK@1');
    // The drop is announced, and focus goes back to the handle a frame later: only then is the
    // keyboard the user's again (an Enter on the handle would lift Ons team instead).
    await page.getByText('Ons team dropped at position 1 of 1 at level 2, under Over ons.').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForTimeout(100);

    // By keyboard alone: Tab from Thuis's label to its "Move down" button, Enter.
    await page.getByRole('textbox', { name: 'Label of Thuis' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Move Thuis down');
    await page.keyboard.press('Enter');
    await eventually(() => rows(page), (now) => now.join() === 'Over ons@1,Ons team@2,Thuis@1,KvK@1');
    await page.getByText('Thuis moved to position 2 of 3 at the top level.').waitFor({ state: 'attached' });
    // ...and the drag handle: Space to lift KvK, ArrowUp, Space to drop it above Thuis.
    await page.getByRole('button', { name: 'Drag KvK' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await eventually(() => rows(page), (now) => now.join() === 'Over ons@1,Ons team@2,KvK@1,Thuis@1');
    // A label of its own, typed in place.
    await page.getByRole('textbox', { name: 'Label of Thuis' }).fill('Start');

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('The menu is published; the site shows it now.').waitFor();

    const visitor = new ApiClient(base);
    const menus = await eventually(
      async () => (await visitor.get('/menu/get-public?locale=nl-nl')).body.data,
      (data) => data?.main?.length === 3,
    );
    const shown = (links: { label: string; href: string; children: unknown[] }[]): unknown[] => links.map((l) => [l.label, l.href, shown(l.children as never)]);
    expect(shown(menus.main)).to.deep.equal([
      ['Over ons', '/over-ons', [['Ons team', '/over-ons/team', []]]],
      ['KvK', 'https://www.kvk.nl', []],
      ['Start', '/', []],
    ]);
    expect(problems).to.deep.equal([]);
  });
});
