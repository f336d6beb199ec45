import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { freePort, repoRoot } from './test-kit/processes';
import { launchBrowser } from './test-kit/browser';

/**
 * The product as a user starts it: `npm start` on an empty data folder, then a page created,
 * stored and published through the API, and looked at in Chromium.
 */
describe('Pagelog started with npm start, seen in Chromium', function () {
  this.timeout(180_000);
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let base: string;
  let browser: Browser;
  let page: Page;
  let consoleMessages: string[];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pagelog-e2e-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), PAGELOG_DATA_DIR: dataDir, PAGELOG_PUBLIC_URL: 'https://www.voorbeeld.nl', PAGELOG_SITE_NAME: 'Voorbeeld Onderzoek', LOG_LEVEL: 'warn', PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const end = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${base}/api/cms/settings/get`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > end) throw new Error(`npm start did not answer:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    page = await browser.newPage();
    consoleMessages = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleMessages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => consoleMessages.push(`pageerror: ${e.message}`));
    // Which resource failed (the console only says that one did).
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.request().isNavigationRequest()) consoleMessages.push(`response ${r.status()}: ${r.url()}`);
    });
    page.on('requestfailed', (r) => consoleMessages.push(`request failed: ${r.url()}`));
  });
  afterEach(async () => {
    await page.close();
  });

  it('shows the seeded Dutch home page at /', async () => {
    const response = await page.goto(`${base}/`);
    expect(response!.status()).to.equal(200);
    expect(await page.title()).to.equal('Onderzoek en advies | Voorbeeld Onderzoek');
    expect(await page.getAttribute('html', 'lang')).to.match(/^nl/i);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Onderzoek en advies dat verder kijkt');
    // The footer names the organisation, not the software it is published with.
    const footer = (await page.getByRole('contentinfo').textContent()) ?? '';
    expect(footer).to.include(`© ${new Date().getFullYear()} Voorbeeld Onderzoek`);
    expect(footer).not.to.include('Pagelog');
    // The same page for every visitor: no session, no cookie; a form fetches its token when it starts.
    expect(await page.getAttribute('meta[name="csrf-token"]', 'content')).to.equal('');
    expect(await page.context().cookies()).to.deep.equal([]);
  });

  it('renders an article published through the API with its head tags, its title as H1 and its blocks, and starts its islands', async () => {
    const api = await ApiClient.loggedIn(base);
    const created = await api.post('/page/create', { title: 'Archief', slug: 'archief', type: 'article', locale: 'nl-nl' });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const { pageID, pageVersionID, revision } = created.body.data;
    const stored = await api.post(`/page/version/${pageVersionID}/store`, {
      pageID,
      revision,
      title: 'Archief',
      blocks: [
        { type: 'heading', key: 'kop', props: { text: 'Onze publicaties', level: 1 }, anchorPoint: '' },
        { type: 'text', key: 'intro', props: { html: '<p>Rapporten <em>en</em> artikelen.</p><script>window.pwned = true</script>' }, anchorPoint: 'inleiding' },
        { type: 'image', key: 'beeld', props: { externalUrl: '/assets/site/example-chart.svg', alt: 'Grafiek', caption: 'Cijfers 2026' }, anchorPoint: '' },
      ],
      seoTitle: 'Rapporten en artikelen',
      seoDescription: 'Alle publicaties van het bureau',
      seoKeywords: ['rapporten', 'artikelen'],
      seoImage: ['/assets/site/example-chart.svg'],
    });
    expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
    expect((await api.post(`/page/${pageID}/publish`, {})).status).to.equal(200);
    // As an editor's preview would: read it once with the publish position, so the site is caught up.
    expect((await api.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/archief')}`)).status).to.equal(200);

    const response = await page.goto(`${base}/archief`);
    expect(response!.status()).to.equal(200);
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');

    expect(await page.title()).to.equal('Rapporten en artikelen | Voorbeeld Onderzoek');
    const meta = (selector: string) => page.getAttribute(selector, 'content');
    expect(await meta('meta[name="description"]')).to.equal('Alle publicaties van het bureau');
    expect(await meta('meta[name="keywords"]')).to.equal('rapporten,artikelen');
    expect(await meta('meta[property="og:title"]')).to.equal('Rapporten en artikelen');
    expect(await meta('meta[property="og:description"]')).to.equal('Alle publicaties van het bureau');
    expect(await meta('meta[property="og:type"]')).to.equal('website');
    expect(await meta('meta[property="og:url"]')).to.equal('https://www.voorbeeld.nl/archief');
    expect(await meta('meta[property="og:image"]')).to.equal('https://www.voorbeeld.nl/assets/site/example-chart.svg');
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).to.equal('https://www.voorbeeld.nl/archief');
    expect(await page.locator('meta[name="csrf-token"]').count()).to.equal(1);

    const main = page.getByRole('main');
    // An article's title is its one H1; its heading blocks start below it.
    expect(await main.getByRole('heading', { level: 1 }).allTextContents()).to.deep.equal(['Archief']);
    expect(await main.getByRole('heading', { level: 2, name: 'Onze publicaties' }).count()).to.equal(1);
    expect(await main.locator('#inleiding').textContent()).to.contain('Rapporten en artikelen.');
    expect(await main.getByRole('img', { name: 'Grafiek' }).getAttribute('src')).to.equal('/assets/site/example-chart.svg');
    expect(await main.getByText('Cijfers 2026').count()).to.equal(1);
    const order = await main.locator('.block').evaluateAll((els) => els.map((e) => e.tagName.toLowerCase()));
    expect(order).to.deep.equal(['h2', 'div', 'figure']);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).to.equal(undefined);
    expect(consoleMessages, consoleMessages.join('\n')).to.deep.equal([]);

    await page.screenshot({ path: join(tmpdir(), 'pagelog-e2e-page.png'), fullPage: true });
  });

  it('recognises the en-gb prefix and shows the English page', async () => {
    const response = await page.goto(`${base}/en-gb/about-us`);
    expect(response!.status()).to.equal(200);
    expect(await page.title()).to.equal('About us | Voorbeeld Onderzoek');
    expect(await page.getAttribute('html', 'lang')).to.match(/^en/i);
  });

  it('answers an unknown path with status 404 and the site\'s own 404 page', async () => {
    const response = await page.goto(`${base}/bestaat-niet`);
    expect(response!.status()).to.equal(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Pagina niet gevonden');
    const english = await page.goto(`${base}/en-gb/does-not-exist`);
    expect(english!.status()).to.equal(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Page not found');
  });

  it('serves the admin at /cmsadmin and sends a visitor without a session to its login screen', async () => {
    const response = await page.goto(`${base}/cmsadmin/`);
    expect(response!.status()).to.equal(200);
    await page.waitForURL(`${base}/cmsadmin/login`);
    // The login form shows once the session check has answered.
    await page.getByLabel('Email').waitFor();
    expect(await page.getByLabel('Email').count()).to.equal(1);
    expect(consoleMessages, consoleMessages.join('\n')).to.deep.equal([]);
  });

});
