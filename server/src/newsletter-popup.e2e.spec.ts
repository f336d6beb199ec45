import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { axeViolations, describeViolations } from './test-kit/axe';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const DELAY_SECONDS = 2;

/**
 * The newsletter popup in Chromium (issue 16), on the seeded site: an administrator switches it on
 * for Dutch in its screen (Modules, Newsletter popup). Then, for a visitor, it is not there at first and causes no layout shift, its code loads only when it is
 * about to open, it opens after the set time as a labelled modal dialog with focus on the e-mail
 * field and kept inside; Escape closes it, focus returns, and it stays away after a reload. A
 * visitor who subscribes through it is thanked, the submission is stored, and it stays away too.
 * With reduced motion it opens without animation.
 */
describe('the newsletter popup in Chromium', function () {
  this.timeout(240_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  async function visitor(options: { reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<{ page: Page; requested: string[] }> {
    const context = await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.addInitScript(() => {
      const shifts: { at: number; value: number }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push({ at: entry.startTime, value: (entry as unknown as { value: number }).value });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return { page, requested };
  }

  const dialogChunk = (urls: string[]) => urls.filter((url) => /newsletter-popup-dialog-[^/]*\.js$/.test(url));

  it('is set up by an administrator in its screen, under Modules in the navigation', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}/cmsadmin/`, TEST_ADMIN);
    await page.getByRole('navigation').getByRole('link', { name: 'Newsletter popup' }).click();
    await page.getByRole('heading', { name: 'Newsletter popup', level: 1 }).waitFor();
    const dutch = page.getByRole('region', { name: 'Nederlands (nl-nl)' });
    await dutch.getByLabel('Show the popup').check();
    const delay = dutch.getByRole('group', { name: 'Time until the popup appears' });
    await delay.getByLabel('Amount').fill(String(DELAY_SECONDS));
    await delay.getByLabel('Unit').selectOption('seconds');
    const declined = dutch.getByRole('group', { name: 'Hidden after declining' });
    await declined.getByLabel('Amount').fill('7');
    await declined.getByLabel('Unit').selectOption('days');
    await dutch.getByLabel('Title').fill('Mis niets van ons onderzoek');
    await dutch.getByLabel('Intro').fill('Eén keer per maand het belangrijkste in uw mailbox.');
    await dutch.getByLabel('Button text').fill('Ja, graag');
    await dutch.getByLabel('Thank-you text').fill('Top! Kijk in uw mailbox voor de bevestigingslink.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("The newsletter popup's settings are saved.").waitFor();
    const stored = (await (await fetch(`${base}/api/cms/newsletter-popup/public/nl-nl`)).json()) as { data: Record<string, unknown> };
    expect(stored.data).to.deep.include({ enabled: true, delaySeconds: DELAY_SECONDS, hiddenAfterDeclineSeconds: 7 * 86_400, hiddenAfterAcceptSeconds: 365 * 86_400, buttonText: 'Ja, graag' });
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('opens after the set time as a labelled dialog, keeps focus inside, closes on Escape and stays away after a reload', async () => {
    const { page, requested } = await visitor();
    await page.goto(`${base}/`);
    // The visitor is somewhere on the page when it opens: focus goes back there.
    await page.locator('header a').first().focus();
    await page.evaluate(() => document.activeElement?.setAttribute('data-was-focused', ''));
    const dialog = page.getByRole('dialog', { name: 'Mis niets van ons onderzoek' });
    // Not there at first, and its code not loaded yet.
    await page.waitForTimeout(500);
    expect(await dialog.count()).to.equal(0);
    const beforeOpening = await page.evaluate(() => performance.now());
    expect(dialogChunk(requested)).to.deep.equal([]);

    await dialog.waitFor({ timeout: 10_000 });
    expect(dialogChunk(requested)).to.have.length(1);
    expect(await dialog.getAttribute('aria-describedby')).to.equal('form-newsletter-popup-intro');
    expect(await page.locator('#form-newsletter-popup-intro').textContent()).to.equal('Eén keer per maand het belangrijkste in uw mailbox.');
    const email = dialog.getByLabel('E-mailadres');
    expect(await email.evaluate((el) => el === document.activeElement)).to.equal(true);
    // The page behind it is inert; Tab and Shift+Tab stay inside the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).to.equal(true);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).to.equal(true);
    }
    // Open, it meets WCAG 2.2 AA as the pages do.
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    // Opening it moved nothing on the page.
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { at: number; value: number }[] }).__shifts);
    expect(shifts.filter((shift) => shift.at >= beforeOpening)).to.deep.equal([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    expect(await page.getByRole('dialog').count()).to.equal(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-was-focused') ?? false)).to.equal(true);
    const memory = await page.evaluate(() => JSON.parse(localStorage.getItem('pagelog.newsletterPopup') ?? '{}') as { outcome?: string; hiddenUntil?: number });
    expect(memory.outcome).to.equal('declined');
    expect(memory.hiddenUntil! - Date.now()).to.be.within(6.9 * 86_400_000, 7 * 86_400_000);
    // No cookie: the server never learns of it.
    expect(await page.context().cookies()).to.deep.equal([]);

    await page.reload();
    await page.waitForTimeout((DELAY_SECONDS + 1.5) * 1000);
    expect(await page.getByRole('dialog').count()).to.equal(0);
    await page.goto(`${base}/contact`);
    await page.waitForTimeout((DELAY_SECONDS + 1) * 1000);
    expect(await page.getByRole('dialog').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  it('takes a subscription, thanks the visitor in the dialog, stores it and stays away after a reload', async () => {
    const { page } = await visitor();
    await page.goto(`${base}/`);
    const dialog = page.getByRole('dialog', { name: 'Mis niets van ons onderzoek' });
    await dialog.waitFor({ timeout: 10_000 });
    // Sent at once without the consent: told so on the field.
    await dialog.getByLabel('E-mailadres').fill('lotte@example.nl');
    await page.waitForTimeout(3_100);
    await dialog.getByRole('button', { name: 'Ja, graag' }).click();
    await dialog.getByText('Dit veld is verplicht').waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Ja, graag' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Top! Kijk in uw mailbox voor de bevestigingslink.' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Nee, bedankt' }).count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    expect(await page.getByRole('dialog').count()).to.equal(0);
    const memory = await page.evaluate(() => JSON.parse(localStorage.getItem('pagelog.newsletterPopup') ?? '{}') as { outcome?: string });
    expect(memory.outcome).to.equal('accepted');

    const admin = await ApiClient.loggedIn(base);
    const list = await admin.post('/forms/submissions', { form: 'newsletterPopup' });
    expect(list.body.data.totalItems).to.equal(1);
    expect(list.body.data.items[0]).to.deep.include({ status: 'new', suspected: false });
    expect(list.body.data.items[0].submitter.email).to.equal('lotte@example.nl');

    await page.reload();
    await page.waitForTimeout((DELAY_SECONDS + 1.5) * 1000);
    expect(await page.getByRole('dialog').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  it('opens without animation for a visitor who asks for reduced motion, and with one otherwise', async () => {
    for (const [reducedMotion, animation] of [['reduce', 'none'], ['no-preference', 'newsletter-popup-in']] as const) {
      const { page } = await visitor({ reducedMotion });
      await page.goto(`${base}/`);
      const dialog = page.getByRole('dialog', { name: 'Mis niets van ons onderzoek' });
      await dialog.waitFor({ timeout: 10_000 });
      expect(await dialog.evaluate((el) => getComputedStyle(el).animationName)).to.equal(animation);
      await dialog.getByRole('button', { name: 'Nee, bedankt' }).click();
      expect(await page.getByRole('dialog').count()).to.equal(0);
    }
    expect(problems).to.deep.equal([]);
  });
});
