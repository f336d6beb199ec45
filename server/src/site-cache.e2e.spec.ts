import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from './test-kit/api-client';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { createPublishedPage } from './test-kit/site-pages';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The render cache as an editor and a visitor meet it (decision 0016): the visitor's page is
 * served from memory, without a cookie; an editor publishes a change in the admin, and the
 * visitor's next view shows it.
 */
describe('the public site from its render cache, seen in Chromium', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let pageID: string;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    pageID = await createPublishedPage(await ApiClient.loggedIn(app.url), { slug: 'actueel', title: 'Actueel' });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  async function person(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    return { context, page };
  }

  it('shows a visitor the change an editor publishes in the admin, without ever giving the visitor a cookie', async () => {
    const visitor = await person();
    const first = await visitor.page.goto(`${base}/actueel`);
    expect(first!.status()).to.equal(200);
    expect(await first!.headerValue('cache-control')).to.match(/^public, /);
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).to.equal('Actueel');
    // Served from memory from now on.
    expect(app.siteCache.get('/actueel')?.status).to.equal(200);

    const editor = await person();
    await editor.page.goto(`${base}/cmsadmin/pages/${pageID}`);
    await editor.page.waitForURL(/\/cmsadmin\/login/);
    await submitAdminLogin(editor.page);
    await editor.page.waitForURL(`${base}/cmsadmin/pages/${pageID}`);
    const heading = editor.page.locator('li.block-card', { has: editor.page.getByRole('heading', { name: '1. Heading', exact: true }) });
    await heading.getByRole('button', { name: 'Edit', exact: true }).click();
    await heading.getByLabel('Text', { exact: true }).fill('Actueel: het nieuwste onderzoek');
    await editor.page.getByRole('button', { name: 'Save and publish' }).click();
    await editor.page.locator('.editor__status', { hasText: 'Page published.' }).waitFor();

    // The visitor reloads (as anyone would, to see what is new) until the change is there.
    const deadline = Date.now() + 5_000;
    let shown = '';
    while (Date.now() < deadline) {
      await visitor.page.reload();
      shown = (await visitor.page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      if (shown === 'Actueel: het nieuwste onderzoek') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(shown).to.equal('Actueel: het nieuwste onderzoek');
    expect(await visitor.context.cookies()).to.deep.equal([]);
    expect(await visitor.page.getAttribute('meta[name="csrf-token"]', 'content')).to.equal('');
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});
