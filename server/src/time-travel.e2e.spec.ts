import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { createPublishedPage, publishTitle } from './test-kit/site-pages';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const DAY = 24 * 3600_000;

/**
 * Issue 17 in Chromium, on a clock the test moves: a page published yesterday and changed today;
 * an administrator opens Time travel, picks yesterday evening, browses the site as it was then in
 * a new tab (the banner, yesterday's title, a page made today not there), goes back to the present,
 * and the shared link works in a browser that never signed in. Then the day after tomorrow: the
 * site as it will be, with a page scheduled for tomorrow on it.
 */
describe('time travel in Chromium: an administrator browses the site as of yesterday', function () {
  this.timeout(120_000);
  // Ahead of the real clock, at 10:00 UTC: whatever the product writes at its real time while
  // starting comes before "yesterday", and the log's times never run back.
  const today = Math.floor((Date.now() + 2 * DAY) / DAY) * DAY + 10 * 3600_000;
  let now = today - DAY;
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { clock: () => now, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    // Yesterday: the page as it was.
    const pageID = await createPublishedPage(admin, { slug: 'over-ons', title: 'Wie wij waren' });
    // Today: a new title, and a page that did not exist yesterday.
    now = today;
    // A day later yesterday's session has ended: sign in again.
    const again = await ApiClient.loggedIn(base);
    await publishTitle(again, pageID, 'Wie wij nu zijn');
    await createPublishedPage(again, { slug: 'nieuw-vandaag', title: 'Nieuw vandaag' });
    // Tomorrow: a page written today goes live.
    const created = (await again.post('/page/create', { title: 'Morgen live', slug: 'morgen', type: 'base', locale: 'nl-nl' })).body.data as { pageID: string; pageVersionID: string; revision: number };
    const blocks = [{ type: 'heading', key: 'kop', props: { text: 'Morgen live', level: 1 }, anchorPoint: '' }];
    await again.post(`/page/version/${created.pageVersionID}/store`, { pageID: created.pageID, revision: created.revision, title: 'Morgen live', blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
    const scheduled = await again.post(`/page/${created.pageID}/schedule`, { action: 'publish', at: new Date(today + DAY).toISOString() });
    expect(scheduled.status, JSON.stringify(scheduled.body.Errors)).to.equal(200);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('picks yesterday evening, opens the site as it was then, and comes back to the present', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}/cmsadmin/time-travel`, TEST_ADMIN);
    await page.getByRole('heading', { name: 'Time travel', level: 1 }).waitFor();
    await page.getByLabel('Date and time', { exact: true }).fill(new Date(today - DAY + 8 * 3600_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Find this moment' }).click();
    await page.getByRole('status').getByText(/The site as of position \d+/).waitFor();

    const [site] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Browse the site as of then' }).click()]);
    await site.waitForLoadState();
    // The new tab lands on the home page of the past; go to the page itself.
    await site.goto(`${base}/over-ons`);
    const banner = site.locator('.as-of-banner');
    await banner.waitFor();
    const yesterday = new Intl.DateTimeFormat('nl-nl', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(new Date(today - DAY));
    expect(await banner.textContent()).to.include(`U bekijkt de site zoals die was op ${yesterday}`);
    expect(await site.getByRole('heading', { level: 1 }).first().textContent()).to.include('Wie wij waren');
    expect((await site.goto(`${base}/nieuw-vandaag`))!.status()).to.equal(404);

    // The link on the screen works for someone who never signed in.
    const link = await page.getByRole('textbox', { name: /link/i }).inputValue();
    expect(link).to.match(/\/_asof\/[0-9a-z.]+[A-Za-z0-9_-]{43}$/);
    const stranger = await browser.newContext({ timezoneId: 'UTC' });
    const outsider = await stranger.newPage();
    await outsider.goto(link);
    await outsider.goto(`${base}/over-ons`);
    await outsider.locator('.as-of-banner').waitFor();
    expect(await outsider.getByRole('heading', { level: 1 }).first().textContent()).to.include('Wie wij waren');
    await stranger.close();

    await site.goto(`${base}/over-ons`);
    await site.getByRole('link', { name: 'Terug naar nu' }).click();
    await site.waitForURL(`${base}/`);
    await site.goto(`${base}/over-ons`);
    expect(await site.locator('.as-of-banner').count()).to.equal(0);
    expect(await site.getByRole('heading', { level: 1 }).first().textContent()).to.include('Wie wij nu zijn');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('picks the day after tomorrow, sees what is scheduled by then, and browses the site as it will be', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}/cmsadmin/time-travel`, TEST_ADMIN);
    await page.getByLabel('Date and time', { exact: true }).fill(new Date(today + 2 * DAY).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Find this moment' }).click();
    await page.getByRole('status').getByText(/The site as it will be on/).waitFor();
    expect(await page.getByRole('status').textContent()).to.include('The site as it is now, with the 1 change scheduled by then:').and.include('Morgen live (/morgen) is published on');
    expect((await context.request.get(`${base}/morgen`)).status()).to.equal(404);

    const [site] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Browse the site as it will be' }).click()]);
    await site.waitForLoadState();
    await site.goto(`${base}/morgen`);
    const banner = site.locator('.as-of-banner');
    await banner.waitFor();
    expect(await banner.textContent()).to.include('U bekijkt de site zoals die zal zijn op');
    expect(await site.getByRole('heading', { level: 1 }).first().textContent()).to.include('Morgen live');
    await site.getByRole('link', { name: 'Terug naar nu' }).click();
    await site.waitForURL(`${base}/`);
    expect((await site.goto(`${base}/morgen`))!.status()).to.equal(404);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
