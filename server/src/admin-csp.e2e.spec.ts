import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/**
 * The admin under its Content-Security-Policy in Chromium: every screen an administrator opens,
 * the block editor and the profile image preview (an object URL) work without a single
 * violation, and the policy is really enforced (an injected inline script does not run).
 */
describe('the admin in Chromium under its content security policy', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let browser: Browser;
  let page: Page;
  let violations: string[];

  before(async () => {
    app = await startTestPagelog('sqlite', { seed: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    violations = [];
    // Chromium reports a violation both on the console and as an event; either is a failure.
    watchForProblems(page, violations);
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });
  afterEach(async () => {
    await page.context().close();
  });

  async function allViolations(): Promise<string[]> {
    return [...violations, ...(await page.evaluate(() => window.cspViolations))];
  }

  it('loads the login screen with the policy and no violation', async () => {
    const response = await page.goto(`${app.url}/cmsadmin/login`);
    expect(response!.headers()['content-security-policy']).to.include("script-src 'self'");
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).margin), 'the stylesheet applies').to.equal('0px');
    const seen = await allViolations();
    expect(seen, seen.join('\n')).to.deep.equal([]);
  });

  it('lets an administrator use the screens, the block editor and the image preview without a violation', async () => {
    const home = (await (await fetch(`${app.url}/api/cms/page/get-by-slug-query?slug=%2F`)).json()) as { data: { page: { pageVersion: { pageID: string } } } };
    await page.goto(`${app.url}/cmsadmin/login`);
    await submitAdminLogin(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    for (const path of ['dashboard', 'site-structure', 'menu-structure', 'new-page', 'users', `pages/${home.data.page.pageVersion.pageID}`]) {
      await page.goto(`${app.url}/cmsadmin/${path}`);
      await page.getByRole('main').waitFor();
      await page.waitForLoadState('networkidle');
    }

    await page.goto(`${app.url}/cmsadmin/user/settings`);
    const image = join(tmpdir(), `pagelog-csp-avatar-${process.pid}.png`);
    await sharp({ create: { width: 90, height: 90, channels: 3, background: '#36c' } }).png().toFile(image);
    await page.getByLabel('Profile image').setInputFiles(image);
    const preview = page.getByRole('img', { name: 'Preview of your new profile image' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).to.match(/^blob:/);
    await page.waitForFunction(() => (document.querySelector('img.profile-image__picture') as HTMLImageElement | null)?.naturalWidth === 90);

    const seen = await allViolations();
    expect(seen, seen.join('\n')).to.deep.equal([]);
  });

  it('refuses an inline script someone manages to inject', async () => {
    await page.goto(`${app.url}/cmsadmin/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "yes"';
      document.head.append(script);
      return document.body.dataset.injected ?? null;
    });
    expect(ran).to.equal(null);
    expect(await page.evaluate(() => window.cspViolations)).to.have.length.greaterThan(0);
  });
});
