import { expect } from 'chai';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { axeViolations, describeViolations } from './test-kit/axe';
import { ApiClient } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The site settings in Chromium (issue 13): an administrator reaches them from the navigation,
 * gives the site its name, address, a social link and a logo from the media library, takes away
 * a locale that still has a page (confirming it in the dialog that names the page), and saves;
 * the public settings answer what was saved, and anyone can load the logo.
 */
describe('the site settings in Chromium: edit, pick a logo, remove a locale with pages', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let page: Page | undefined;
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base, PAGELOG_SITE_NAME: 'Voorbeeld Onderzoek' } });
    const admin = await ApiClient.loggedIn(app.url);
    const form = new FormData();
    form.append('path', '/');
    form.append('defaultAltText', 'Voorbeeld Onderzoek');
    form.append('f', new Blob([new Uint8Array(await sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 20, g: 60, b: 120 } } }).png().toBuffer())]), 'logo.png');
    expect((await admin.post('/medialib/add-file', form)).status).to.equal(200);
    const created = await admin.post('/page/create', { title: 'About us', slug: 'about-us', type: 'base', locale: 'en-gb', content: '', typeData: {} });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    browser = await launchBrowser();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await page.screenshot({ path: join(tmpdir(), 'pagelog-site-settings-e2e.png'), fullPage: true }).catch(() => {});
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('saves what the administrator enters, asking before a locale with a page goes', async () => {
    page = await browser.newPage();
    watchForProblems(page, problems);
    await page.goto(`${base}/cmsadmin/site-settings`);
    await page.waitForURL(/\/cmsadmin\/login/);
    await submitAdminLogin(page);
    await page.waitForURL(`${base}/cmsadmin/site-settings`);
    await page.getByRole('navigation', { name: 'Main navigation' }).locator('a[aria-current="page"]', { hasText: 'Site settings' }).waitFor();

    const siteName = page.getByLabel('Site name', { exact: true });
    expect(await siteName.inputValue()).to.equal('Voorbeeld Onderzoek');
    await siteName.fill('Voorbeeld Onderzoek & Advies');
    await page.getByLabel('Street address').fill('Oudegracht 1');
    await page.getByLabel('City').fill('Utrecht');
    await page.getByLabel('Email', { exact: true }).fill('info@voorbeeld.nl');

    await page.getByRole('button', { name: 'Choose the logo' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the logo' });
    await picker.getByRole('button', { name: 'logo.png' }).click();
    await picker.getByRole('button', { name: 'Choose', exact: true }).click();
    await page.getByRole('group', { name: 'Logo' }).getByText('240 × 80').waitFor();

    await page.getByRole('button', { name: 'Add a social link' }).click();
    await page.getByLabel('Network of link 1').selectOption('linkedin');
    await page.getByLabel('Address of link 1').fill('https://www.linkedin.com/company/voorbeeld');

    await page.getByRole('group', { name: 'Available locales' }).getByRole('checkbox', { name: 'English (United Kingdom) (en-gb)' }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove a locale that has pages?' });
    await dialog.getByText('English (United Kingdom) (en-gb): 1 page').waitFor();
    await dialog.getByRole('button', { name: 'Remove the locale and save' }).click();
    await page.getByRole('status').getByText('The site settings are saved; the site shows them now.').waitFor();

    const violations = await axeViolations(page, { include: 'main' });
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);

    const settings = (await (await fetch(`${base}/api/cms/settings/get`)).json()).data;
    expect(settings.availableLocales).to.deep.equal(['nl-nl']);
    expect(settings.site).to.deep.include({ name: 'Voorbeeld Onderzoek & Advies', social: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/voorbeeld' }] });
    expect(settings.site.contact).to.include({ streetAddress: 'Oudegracht 1', city: 'Utrecht', email: 'info@voorbeeld.nl' });
    expect(settings.site.logo).to.include({ width: 240, height: 80, alt: 'Voorbeeld Onderzoek' });
    const logo = await fetch(`${base}${settings.site.logo.url}`);
    expect(logo.status).to.equal(200);
    expect(logo.headers.get('content-type')).to.equal('image/png');
  });

  it('shows what was saved after a reload, without asking to leave', async () => {
    await page!.reload();
    await page!.getByRole('group', { name: 'Identity' }).waitFor();
    expect(await page!.getByLabel('Site name', { exact: true }).inputValue()).to.equal('Voorbeeld Onderzoek & Advies');
    expect(await page!.getByLabel('Address of link 1').inputValue()).to.equal('https://www.linkedin.com/company/voorbeeld');
    expect(await page!.getByRole('group', { name: 'Available locales' }).getByRole('checkbox', { name: 'English (United Kingdom) (en-gb)' }).isChecked()).to.equal(false);
    expect(await page!.getByRole('group', { name: 'Logo' }).getByText('logo.png').count()).to.equal(1);
  });
});
