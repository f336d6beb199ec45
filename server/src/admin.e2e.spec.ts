import { expect } from 'chai';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';
import { linkIn, readOutbox, waitForMail } from './test-kit/outbox';

/**
 * The admin's authentication and user screens in Chromium, on an empty store without a
 * configured administrator: first-run setup, login, adding a user, the new user activating
 * through the link in the outbox, changing their name and profile image, logging out through
 * the modal; and the inactivity logout.
 */
describe('the admin in Chromium: setup, users, personal settings, logging out', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { withoutAdmin: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    problems = [];
    // The admin runs under a strict Content-Security-Policy (admin-static.ts): nothing may break it.
    watchForProblems(page, problems);
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('takes a new administrator from the setup link to a new user who activates, edits their profile and logs out', async () => {
    // First-run setup through the one-time link printed at start.
    expect(app.setupLink).to.match(new RegExp(`^${base}/cmsadmin/setup\\?token=`));
    await page.goto(app.setupLink!);
    await page.getByLabel('Name').fill('Ada Admin');
    await page.getByLabel('Email').fill('ada@pagelog.test');
    await page.getByLabel('Password', { exact: true }).fill('Copper-Kettle-Sunrise-5');
    await page.getByLabel('Confirm password').fill('Copper-Kettle-Sunrise-5');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('Signed in as Ada Admin').waitFor();

    // The navigation shows what an administrator may use.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Page overview', 'Menu structure', 'New page', 'User management', 'Settings']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).to.equal(1);
    }

    // Add a user with the Editor role.
    await nav.getByRole('link', { name: 'User management', exact: true }).click();
    await page.waitForURL(`${base}/cmsadmin/users`);
    await nav.locator('a[aria-current="page"]', { hasText: 'User management' }).waitFor();
    const before = (await readOutbox(app.env.PAGELOG_DATA_DIR!)).length;
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Eddie Editor');
    await dialog.getByLabel('Email').fill('eddie@pagelog.test');
    await dialog.getByLabel('Job title').fill('Editor');
    await dialog.getByLabel('Role').selectOption({ label: 'Editor' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'eddie@pagelog.test' }).waitFor();

    // Log out through the modal; cancelling first leaves the session alone.
    await nav.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.getByText('Are you sure you want to log out?').count()).to.equal(1);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).to.equal(0);
    await nav.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/cmsadmin/login`);

    // The new user activates their account through the link in the mail.
    const mail = await waitForMail(app.env.PAGELOG_DATA_DIR!, 'eddie@pagelog.test', /Activate/, before);
    expect(linkIn(mail).origin).to.equal(base);
    await page.goto(linkIn(mail).toString());
    await page.getByLabel('Password', { exact: true }).fill('Silver-Meadow-Compass-7');
    await page.getByLabel('Confirm password').fill('Silver-Meadow-Compass-7');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.getByText('Your account has been activated. You can now log in.').waitFor();

    // ...logs in, and is sent back to where they were going.
    await page.goto(`${base}/cmsadmin/user/settings`);
    await page.waitForURL(`${base}/cmsadmin/login`);
    await page.getByLabel('Email').fill('eddie@pagelog.test');
    await page.getByLabel('Password').fill('Silver-Meadow-Compass-7');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/cmsadmin/user/settings`);
    // An editor does not see user management.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User management' }).count()).to.equal(0);

    // Changes name and profile image.
    await page.getByLabel('Name', { exact: true }).fill('Eddie de Redacteur');
    const image = join(tmpdir(), `pagelog-e2e-avatar-${process.pid}.png`);
    await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2a6' } }).png().toFile(image);
    await page.getByLabel('Profile image').setInputFiles(image);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your settings have been saved.').waitFor();
    await page.getByText('Signed in as Eddie de Redacteur').waitFor();
    const avatar = page.getByRole('img', { name: 'Your profile image' });
    await avatar.waitFor();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).to.equal(120);

    // The change is stored, not only shown.
    await page.reload();
    await page.getByText('Signed in as Eddie de Redacteur').waitFor();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/cmsadmin/login`);
    await page.goto(`${base}/cmsadmin/users`);
    await page.waitForURL(`${base}/cmsadmin/login`);
    await page.screenshot({ path: join(tmpdir(), 'pagelog-e2e-admin-users.png') });
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('shows a wrong login as the catalogue message in the login error list', async () => {
    await page.goto(`${base}/cmsadmin/login`);
    await page.getByLabel('Email').fill('ada@pagelog.test');
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();
  });
});

describe('the admin logs out after the configured inactivity', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let browser: Browser;

  before(async () => {
    const port = await freePort();
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: `http://127.0.0.1:${port}`, PAGELOG_INACTIVITY_MINUTES: '0.05' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends a user who does nothing for 3 seconds to the login screen with a notice, but not one who keeps moving', async () => {
    const page = await browser.newPage();
    const base = app.url.replace('127.0.0.1', '127.0.0.1');
    await page.goto(`${base}/cmsadmin/login`);
    await page.getByLabel('Email').fill('admin@pagelog.test');
    await page.getByLabel('Password').fill('Quiet-Harbour-Lantern-42');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(/Signed in as/).waitFor();
    // Moving the mouse every second keeps the session open past the limit.
    for (let i = 0; i < 5; i++) {
      await page.mouse.move(100 + i * 10, 100);
      await page.waitForTimeout(1000);
    }
    expect(page.url()).to.not.contain('/login');
    // Then nothing for a while.
    await page.waitForURL(/\/cmsadmin\/login/, { timeout: 10_000 });
    await page.getByText('You have been logged out because you were inactive for too long. Please log in again.').waitFor();
    // The session is really over on the server.
    const check = await page.evaluate(async () => (await fetch('/api/cms/user')).status);
    expect(check).to.equal(401);
    await page.close();
  });
});
