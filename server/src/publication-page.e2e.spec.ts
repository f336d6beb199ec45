import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { ApiClient } from './test-kit/api-client';
import { mediaHelpers, pdf } from './test-kit/media-requests';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser, USER_PASSWORD } from './test-kit/users';

/**
 * Issue 14's journey in Chromium: an editor of a research firm builds a publication page of a
 * hero, rich text typed through the toolbar (bold, a link picked from the pages), a library image
 * with a crop, a downloads block and questions and answers, watches the live preview follow the
 * typing, saves with Ctrl+S and asks for review; the reviewer opens the signed preview link and
 * the changes against the live version (none: everything is new), and accepts; the public page
 * shows every block.
 */
describe('a publication page in Chromium: built from blocks, previewed, reviewed, published', function () {
  this.timeout(300_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let folder = '';
  let editorPage: Page | undefined;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    const admin = await ApiClient.loggedIn(app.url);
    await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', name: 'Eddie Editor', role: 'editor' });
    await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'pia@pagelog.test', name: 'Pia Publisher', role: 'publisher' });
    // The library holds a chart and the report, as an earlier upload left them.
    const media = mediaHelpers(() => admin);
    folder = await media.folder('Reports');
    const chart = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
    for (const [bytes, name] of [
      [chart, 'chart.png'],
      [pdf(), 'annual-report.pdf'],
    ] as const) {
      const uploaded = await media.upload(bytes, name, { path: folder });
      expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(200);
    }
    browser = await launchBrowser();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && editorPage) await editorPage.screenshot({ path: join(tmpdir(), 'pagelog-publication-e2e.png'), fullPage: true }).catch(() => {});
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  async function person(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    return page;
  }

  const logIn = (page: Page, email: string, then = `${base}/cmsadmin/`) => logInAt(page, then, { email, password: USER_PASSWORD });

  const card = (page: Page, title: string): Locator => page.locator('li.block-card', { has: page.getByRole('heading', { name: title, exact: true }) });
  const said = (page: Page, text: string) => page.locator('.editor__status', { hasText: text }).waitFor();

  async function addBlock(page: Page, label: string): Promise<Locator> {
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
    const count = await page.locator('li.block-card').count();
    return card(page, `${count}. ${label}`);
  }

  /** Chooses an item of the test's folder in the open media picker. */
  async function pick(page: Page, name: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Open folder ${folder.replace(/^\//, '')}` }).click();
    await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Choose', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('goes from an empty publication page to the public site with every block', async () => {
    const editor = await person();
    editorPage = editor;
    await logIn(editor, 'eddie@pagelog.test');

    // A new English research report.
    await editor.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New page', exact: true }).click();
    await editor.getByLabel('Page type').selectOption('publication');
    await editor.getByLabel('Locale').selectOption('en-gb');
    await editor.getByLabel('Title').fill('Annual research report');
    await editor.getByText('This slug is available.').waitFor();
    await editor.getByRole('button', { name: 'Create page' }).click();
    await editor.waitForURL(/\/cmsadmin\/pages\/[^/]+$/);
    await editor.getByRole('heading', { level: 1, name: 'Annual research report' }).waitFor();

    // The live preview beside the form, rendered by the site.
    await editor.getByRole('button', { name: 'Show live preview' }).click();
    const preview = editor.frameLocator('iframe[title="Preview of the page as the site will show it"]');
    await preview.getByText('Preview: this version is not published.').waitFor();

    // A hero, whose title the preview shows while the editor is still typing it.
    const hero = await addBlock(editor, 'Hero');
    await hero.getByLabel('Title', { exact: true }).pressSequentially('What we learned this year', { delay: 20 });
    await preview.getByRole('heading', { name: 'What we learned this year' }).waitFor();
    await hero.getByLabel('Introduction', { exact: true }).fill('Twelve months of research into how organisations decide.');

    // Rich text through the toolbar: a bold word and a link picked from the pages.
    const text = await addBlock(editor, 'Rich text');
    await text.getByRole('textbox', { name: 'Text' }).click();
    await editor.keyboard.type('Our findings on ');
    const toolbar = text.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    await editor.keyboard.type('decision making');
    await toolbar.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    await editor.keyboard.type(' are summarised here. Read ');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const linkDialog = editor.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Or find a page by its title or address').fill('about');
    await linkDialog.getByRole('button', { name: 'Link to About us' }).first().click();
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await preview.locator('main strong', { hasText: 'decision making' }).waitFor();

    // A library image, cropped for this page.
    const image = await addBlock(editor, 'Image');
    await image.getByRole('button', { name: 'Choose from the library' }).click();
    await pick(editor, 'chart.png');
    await image.getByLabel('Alternative text for chart.png').fill('A chart of decisions per quarter');
    await image.getByRole('button', { name: /^Crop…/ }).click();
    const crop = editor.getByRole('dialog', { name: 'Crop chart.png' });
    await crop.locator('.cropper-crop-box').waitFor();
    for (const [label, value] of [['Width', '400'], ['Height', '300'], ['Left', '100'], ['Top', '50']] as const) {
      await crop.getByLabel(label, { exact: true }).fill(value);
    }
    await crop.getByRole('button', { name: 'Apply crop' }).click();
    await crop.waitFor({ state: 'detached' });
    await image.getByText('Cropped to 400 × 300').waitFor();

    // The report to download.
    const downloads = await addBlock(editor, 'Downloads');
    await downloads.getByLabel('Title', { exact: true }).fill('The full report');
    await downloads.getByRole('button', { name: 'Choose from the library' }).click();
    await pick(editor, 'annual-report.pdf');

    // Questions and answers.
    const faq = await addBlock(editor, 'Questions and answers');
    await faq.getByLabel('Question', { exact: true }).fill('Who took part?');
    await faq.getByLabel('Answer', { exact: true }).fill('Forty organisations from the Netherlands and Belgium.');

    // Saved with Ctrl+S, and sent for review.
    await editor.keyboard.press('Control+s');
    await said(editor, 'Page saved.');
    await editor.locator('.badge--unsaved').waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Request publication' }).click();
    await editor.getByRole('dialog').getByLabel('Comment').fill('The annual report, ready for review');
    await editor.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await said(editor, 'Publication requested.');
    const editorUrl = editor.url();

    // The reviewer opens the request, the preview link and the changes, and accepts.
    const reviewer = await person();
    await logIn(reviewer, 'pia@pagelog.test', editorUrl);
    await reviewer.getByRole('button', { name: 'Review request' }).click();
    const review = reviewer.getByRole('dialog', { name: 'Review request' });
    await review.getByText('The annual report, ready for review').waitFor();
    await review.getByText('The page is not live yet: everything below is new.').waitFor();
    const changes = await review.locator('.version-changes__item').allInnerTexts();
    for (const expected of ['Added: Hero “What we learned this year”', 'Added: Rich text', 'Added: Image', 'Added: Downloads “The full report”', 'Added: Questions and answers']) {
      expect(changes.some((line) => line.startsWith(expected)), `${expected} in ${changes.join(' | ')}`).to.equal(true);
    }
    const previewHref = await review.getByRole('link', { name: 'Open the version as the site will show it' }).getAttribute('href');
    const previewTab = await person();
    await previewTab.goto(`${base}${previewHref}`);
    await previewTab.getByText('Preview: this version is not published.').waitFor();
    expect(await previewTab.locator('main').innerText()).to.include('What we learned this year');
    await review.getByLabel('Feedback').fill('Clear and complete.');
    await review.getByRole('button', { name: 'Accept and publish' }).click();
    await said(reviewer, 'Request accepted.');

    // The public page shows every block.
    const visitor = await person();
    const answer = await visitor.goto(`${base}/en-gb/annual-research-report`);
    expect(answer!.status()).to.equal(200);
    const main = visitor.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Annual research report' }).waitFor();
    await main.getByRole('heading', { name: 'What we learned this year' }).waitFor();
    await main.getByText('Twelve months of research into how organisations decide.').waitFor();
    expect(await main.locator('strong', { hasText: 'decision making' }).count()).to.equal(1);
    expect(await main.getByRole('link', { name: 'About us', exact: true }).getAttribute('href')).to.equal('/en-gb/about-us');
    const img = main.locator('picture img');
    expect(await img.getAttribute('alt')).to.equal('A chart of decisions per quarter');
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).to.deep.equal(['400', '300']);
    await main.getByRole('heading', { name: 'The full report' }).waitFor();
    expect(await main.getByRole('link', { name: /annual-report\.pdf/ }).count()).to.be.greaterThan(0);
    await main.locator('details summary', { hasText: 'Who took part?' }).click();
    await main.getByText('Forty organisations from the Netherlands and Belgium.').waitFor();
    await visitor.screenshot({ path: join(tmpdir(), 'pagelog-e2e-publication-public.png'), fullPage: true });
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});
