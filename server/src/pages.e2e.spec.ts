import { expect } from 'chai';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { freePort } from './test-kit/processes';
import { linkIn, readOutbox, waitForMail } from './test-kit/outbox';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser, USER_PASSWORD } from './test-kit/users';

/**
 * The page workflow in Chromium, as the people of a publishing organisation do it: an editor
 * builds an English landing page of three blocks, re-orders them and asks for publication; a
 * reviewer, told by mail, rejects it with feedback; the editor reads the feedback, fixes the page
 * and asks again; the reviewer accepts; the page is live with its blocks in the new order. A Dutch
 * translation follows, the language switcher moves between the two, and after a slug change the
 * old address redirects.
 */
describe('pages in Chromium: build, review, publish, translate, move', function () {
  this.timeout(300_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const dataDir = () => app.env.PAGELOG_DATA_DIR!;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    const admin = await ApiClient.loggedIn(app.url);
    await createActiveUser(admin, dataDir(), { email: 'eddie@pagelog.test', name: 'Eddie Editor', role: 'editor' });
    await createActiveUser(admin, dataDir(), { email: 'pia@pagelog.test', name: 'Pia Publisher', role: 'publisher' });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  /** A browser of one's own (cookies apart), watched for script errors and CSP violations. */
  async function person(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  const logIn = (page: Page, email: string, password: string, then = `${base}/cmsadmin/`) => logInAt(page, then, { email, password });

  /** The card of the block at a position, as its heading names it ("2. Rich text"). */
  const card = (page: Page, title: string): Locator => page.locator('li.block-card', { has: page.getByRole('heading', { name: title, exact: true }) });
  const cardTitles = (page: Page) => page.locator('li.block-card h3').allInnerTexts();
  /** The editor's status line, once it says `text`. */
  const said = (page: Page, text: string) => page.locator('.editor__status', { hasText: text }).waitFor();

  /** Polls until `read` gives what `check` wants (re-renders settle a little after the event). */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > end) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const same = (expected: unknown) => (value: unknown) => JSON.stringify(value) === JSON.stringify(expected);

  /** Opens the seeded home page "Welkom" from the page overview, the Dutch pages only (all of them take more than one screen of the list). */
  async function openWelkom(page: Page): Promise<void> {
    await page.getByRole('heading', { level: 1, name: 'Page overview' }).waitFor();
    await page.getByLabel('Locale').selectOption('nl-nl');
    await page.getByRole('link', { name: 'Welkom' }).first().click();
  }

  async function addBlock(page: Page, label: string, fields: Record<string, string>): Promise<void> {
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
    const count = await page.locator('li.block-card').count();
    const added = card(page, `${count}. ${label}`);
    for (const [field, value] of Object.entries(fields)) await added.getByLabel(field, { exact: true }).fill(value);
  }

  async function save(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await said(page, 'Page saved.');
    await page.locator('.badge--unsaved').waitFor({ state: 'detached' });
  }

  it('takes a landing page from an editor through review to the public site, in two languages, and keeps its old address working', async () => {
    const editor = await person();
    const reviewer = await person();
    await logIn(editor, 'eddie@pagelog.test', USER_PASSWORD);

    // A new English landing page.
    await editor.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New page', exact: true }).click();
    await editor.getByLabel('Page type').selectOption('landing-page');
    await editor.getByLabel('Locale').selectOption('en-gb');
    await editor.getByLabel('Title').fill('Research programme');
    await eventually(() => editor.getByLabel('Slug').inputValue(), same('research-programme'));
    await editor.getByText('This slug is available.').waitFor();
    await editor.getByRole('button', { name: 'Create page' }).click();
    await editor.waitForURL(/\/cmsadmin\/pages\/[^/]+$/);
    const editorUrl = editor.url();
    await editor.getByRole('heading', { level: 1, name: 'Research programme' }).waitFor();

    // Three blocks, saved.
    await addBlock(editor, 'Heading', { Text: 'Research that looks further ahead than ever before' });
    // Rich text typed in the WYSIWYG editor: bold from the toolbar, a link picked from the pages.
    await addBlock(editor, 'Rich text', {});
    const richText = card(editor, '2. Rich text').getByRole('textbox', { name: 'Text' });
    await richText.click();
    await editor.keyboard.type('We study how ');
    const toolbar = card(editor, '2. Rich text').getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    await editor.keyboard.type('organisations');
    await toolbar.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    await editor.keyboard.type(' decide. Read ');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const linkDialog = editor.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Or find a page by its title or address').fill('about');
    await linkDialog.getByRole('button', { name: 'Link to About us' }).first().click();
    // A picked page is kept by its id: the link follows it when it moves (the site resolves it).
    expect(await linkDialog.getByLabel('Address', { exact: true }).inputValue()).to.match(/^page:[0-9a-f-]+$/);
    await linkDialog.getByText(/Links to the page “About us” \(.*about-us\)/).waitFor();
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    // (Where the space before the bold word lands is the browser's typing, not ours.)
    const typed = await richText.innerHTML();
    expect(typed, typed).to.match(/^<p>We study how ?<strong> ?organisations<\/strong> decide\. Read <a href="page:[0-9a-f-]+">About us<\/a><\/p>$/);
    await addBlock(editor, 'Call to action', { Title: 'Work with us', 'Button text': 'Contact us', 'Button link': '/en-gb/about-us' });
    await save(editor);
    expect(await cardTitles(editor)).to.deep.equal(['1. Heading', '2. Rich text', '3. Call to action']);

    // Re-ordered: the call to action dragged to the top with the mouse, the text moved up with the keyboard.
    for (const close of await editor.locator('li.block-card').getByRole('button', { name: 'Close', exact: true }).all()) await close.click();
    const handle = editor.getByRole('button', { name: 'Drag to reorder Call to action' });
    const target = await card(editor, '1. Heading').boundingBox();
    const from = await handle.boundingBox();
    await editor.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await editor.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await editor.mouse.move(from!.x + from!.width / 2, from!.y + ((target!.y - 20 - from!.y) * step) / 12);
    }
    await editor.mouse.up();
    await eventually(() => cardTitles(editor), same(['1. Call to action', '2. Heading', '3. Rich text']));
    await editor.getByRole('button', { name: 'Drag to reorder Rich text' }).focus();
    // Pick up, move, drop: each key once the list has measured the step before.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await editor.keyboard.press(key);
      await editor.waitForTimeout(250);
    }
    await eventually(() => cardTitles(editor), same(['1. Call to action', '2. Rich text', '3. Heading']));
    await save(editor);

    // Asked for publication; the reviewer is mailed a link to the page.
    let mailsBefore = (await readOutbox(dataDir())).length;
    await editor.getByRole('button', { name: 'Request publication' }).click();
    await editor.getByRole('dialog').getByLabel('Comment').fill('Ready for review');
    await editor.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await said(editor, 'Publication requested.');
    await editor.getByText(/Publication requested by Eddie Editor on/).waitFor();
    const mail = await waitForMail(dataDir(), 'pia@pagelog.test', /Publication requested: Research programme/, mailsBefore);
    expect(linkIn(mail).toString()).to.equal(editorUrl);

    // The reviewer follows the link, reads the comment and rejects with feedback.
    await logIn(reviewer, 'pia@pagelog.test', USER_PASSWORD, linkIn(mail).toString());
    await reviewer.getByRole('button', { name: 'Review request' }).click();
    const review = reviewer.getByRole('dialog');
    await review.getByText('Ready for review').waitFor();
    await review.getByLabel('Feedback').fill('Please shorten the heading.');
    mailsBefore = (await readOutbox(dataDir())).length;
    await review.getByRole('button', { name: 'Reject' }).click();
    await said(reviewer, 'Request rejected.');
    await waitForMail(dataDir(), 'eddie@pagelog.test', /Publication rejected: Research programme/, mailsBefore);

    // The editor sees the feedback, fixes the heading and asks again.
    await editor.reload();
    await editor.getByText('Rejected by Pia Publisher: Please shorten the heading.').waitFor();
    await card(editor, '3. Heading').getByRole('button', { name: 'Edit' }).click();
    await card(editor, '3. Heading').getByLabel('Text', { exact: true }).fill('Research that looks ahead');
    await save(editor);
    await editor.getByRole('button', { name: 'Request publication' }).click();
    await editor.getByRole('dialog').getByLabel('Comment').fill('Heading shortened');
    await editor.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await said(editor, 'Publication requested.');

    // The reviewer finds it among the open requests and accepts.
    await reviewer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Publication requests' }).click();
    await reviewer.getByRole('link', { name: 'Research programme' }).click();
    await reviewer.getByRole('button', { name: 'Review request' }).click();
    await reviewer.getByRole('dialog').getByText('Heading shortened').waitFor();
    // The reviewer sees the version as the site will show it, through its signed link.
    const previewLink = reviewer.getByRole('dialog').getByRole('link', { name: 'Open the version as the site will show it' });
    const previewHref = await previewLink.getAttribute('href');
    expect(previewHref).to.match(/^\/_preview\//);
    const previewTab = await person();
    await previewTab.goto(`${base}${previewHref}`);
    await previewTab.getByText('Preview: this version is not published.').waitFor();
    expect(await previewTab.locator('main').innerText()).to.include('We study how');
    await reviewer.getByRole('dialog').getByLabel('Feedback').fill('Looks good.');
    await reviewer.getByRole('dialog').getByRole('button', { name: 'Accept and publish' }).click();
    await said(reviewer, 'Request accepted.');

    // Live, with the blocks in the new order.
    const visitor = await person();
    const live = await visitor.goto(`${base}/en-gb/research-programme`);
    expect(live!.status()).to.equal(200);
    const text = await visitor.locator('main').innerText();
    const order = ['Work with us', 'Contact us', 'We study how organisations decide.', 'Research that looks ahead'].map((t) => text.indexOf(t));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), `${order} in ${text}`).to.equal(true);
    expect(await visitor.getByRole('link', { name: 'Contact us' }).getAttribute('href')).to.equal('/en-gb/about-us');
    expect(await visitor.locator('main strong', { hasText: 'organisations' }).count()).to.equal(1);
    expect(await visitor.locator('main').getByRole('link', { name: 'About us', exact: true }).first().getAttribute('href')).to.match(/about-us$/);

    // A Dutch translation, published by the reviewer.
    await editor.goto(editorUrl);
    await editor.getByRole('tab', { name: 'Translations' }).click();
    await editor.getByRole('button', { name: 'Add translation' }).click();
    const translate = editor.getByRole('dialog');
    await translate.getByLabel('Locale').selectOption('nl-nl');
    await translate.getByLabel('Title').fill('Onderzoeksprogramma');
    await translate.getByLabel('Slug').fill('onderzoeksprogramma');
    await translate.getByRole('button', { name: 'Create translation' }).click();
    await editor.getByRole('heading', { level: 1, name: 'Onderzoeksprogramma' }).waitFor();
    const dutchUrl = editor.url();
    expect(dutchUrl).to.not.equal(editorUrl);
    await reviewer.goto(dutchUrl);
    await reviewer.getByRole('button', { name: 'Publish', exact: true }).click();
    await said(reviewer, 'Page published.');

    // The language switcher moves between the two.
    // The English page was shown (and kept) before; the publication of its translation drops it
    // from the site's cache a moment after the projection, so a reload shows the switcher.
    await eventually(
      async () => {
        await visitor.goto(`${base}/en-gb/research-programme`);
        return visitor.getByRole('navigation', { name: 'Language' }).count();
      },
      (n) => n === 1,
      5_000,
    );
    await visitor.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Nederlands' }).click();
    await visitor.waitForURL(`${base}/onderzoeksprogramma`);
    expect(await visitor.locator('html').getAttribute('lang')).to.equal('nl-NL');
    await visitor.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'English' }).click();
    await visitor.waitForURL(`${base}/en-gb/research-programme`);

    // The page is live: the editor may not move it (that changes the site at once), a publisher may.
    await editor.goto(editorUrl);
    await editor.getByRole('tab', { name: 'Page Settings' }).click();
    expect(await editor.getByLabel('Slug').isDisabled()).to.equal(true);
    await editor.getByText('This page is live: moving it to another address changes the site at once').waitFor();
    await reviewer.goto(editorUrl);
    await reviewer.getByRole('tab', { name: 'Page Settings' }).click();
    await reviewer.getByLabel('Slug').fill('research-agenda');
    await reviewer.getByText('The old address /en-gb/research-programme will redirect to the new one.').waitFor();
    await save(reviewer);
    // The site drops the kept page a moment after the move is projected.
    const moved = await eventually(
      () => visitor.goto(`${base}/en-gb/research-programme`),
      (answer) => answer?.request().redirectedFrom() != null,
      5_000,
    );
    expect(moved!.request().redirectedFrom()?.url()).to.equal(`${base}/en-gb/research-programme`);
    expect(visitor.url()).to.equal(`${base}/en-gb/research-agenda`);
    expect(moved!.status()).to.equal(200);
    await visitor.screenshot({ path: join(tmpdir(), 'pagelog-e2e-pages-public.png') });
    await editor.screenshot({ path: join(tmpdir(), 'pagelog-e2e-pages-editor.png'), fullPage: true });
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('shows the unsaved draft in a live preview rendered by the site, at phone width too, without publishing it', async () => {
    const admin = await person();
    await logIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    await openWelkom(admin);
    await admin.getByRole('heading', { level: 1, name: 'Welkom' }).waitFor();
    await admin.getByRole('button', { name: 'Show live preview' }).click();
    const frame = admin.frameLocator('iframe[title="Preview of the page as the site will show it"]');
    await frame.getByText('Voorbeeld: deze versie is niet gepubliceerd.').waitFor();
    // The site's own header (with the organisation's name) and styles are there.
    await frame.getByRole('link', { name: 'Onderzoeksbureau Voorbeeld' }).first().waitFor();
    expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).to.match(/system-ui/);

    await card(admin, '1. Heading').getByRole('button', { name: 'Edit' }).click();
    await card(admin, '1. Heading').getByLabel('Text', { exact: true }).fill('Een kop die nog niemand ziet');
    await frame.getByRole('heading', { name: 'Een kop die nog niemand ziet' }).waitFor();
    await admin.getByRole('radio', { name: 'Phone' }).check();
    const width = await admin.locator('iframe[title="Preview of the page as the site will show it"]').evaluate((element) => element.getBoundingClientRect().width);
    expect(width).to.be.at.most(390);

    // Not published: the public home page still shows what it did.
    const visitor = await person();
    await visitor.goto(`${base}/`);
    expect(await visitor.locator('main').innerText()).to.not.include('Een kop die nog niemand ziet');
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('asks before leaving unsaved changes, and keeps them in the browser across a reload', async () => {
    const admin = await person();
    await logIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    await openWelkom(admin);
    await admin.getByRole('heading', { level: 1, name: 'Welkom' }).waitFor();
    await card(admin, '1. Heading').getByRole('button', { name: 'Edit' }).click();
    await card(admin, '1. Heading').getByLabel('Text', { exact: true }).fill('Onderzoek dat nog verder kijkt');

    // Leaving through the navigation asks first; staying keeps the work.
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Page overview', exact: true }).click();
    const leave = admin.getByRole('dialog', { name: 'You have unsaved changes' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(admin.url()).to.match(/\/cmsadmin\/pages\//);

    // A reload (a crash, an expired session) offers the work back.
    await admin.reload();
    await admin.getByText(/You have unsaved changes from .* in this browser\./).waitFor();
    await admin.getByRole('button', { name: 'Restore' }).click();
    await card(admin, '1. Heading').getByText('Onderzoek dat nog verder kijkt').waitFor();
    await save(admin);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('offers unsaved work back to its author after the session ran out, to no one else, and not after logging out', async () => {
    // One browser, as on a shared computer.
    const shared = await person();
    const offered = async () => {
      await shared.getByRole('heading', { level: 1, name: 'Welkom' }).waitFor();
      // The notice comes with the loaded editor, so it is there by now or not at all.
      return (await shared.getByRole('button', { name: 'Restore' }).count()) > 0;
    };
    const logOut = async () => {
      await shared.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log out' }).click();
      await shared.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
      await shared.waitForURL(/\/cmsadmin\/login/);
    };

    await logIn(shared, TEST_ADMIN.email, TEST_ADMIN.password);
    await openWelkom(shared);
    await shared.getByRole('heading', { level: 1, name: 'Welkom' }).waitFor();
    const editorUrl = shared.url();
    await card(shared, '1. Heading').getByRole('button', { name: 'Edit' }).click();
    await card(shared, '1. Heading').getByLabel('Text', { exact: true }).fill('Alleen voor de beheerder');

    // The session runs out on the server: the next call answers 401 and the admin asks for a login.
    await shared.context().clearCookies();
    await shared.getByRole('button', { name: 'Save', exact: true }).click();
    await shared.waitForURL(/\/cmsadmin\/login/);

    // Someone else signs in on the same browser and opens the page: nothing is offered.
    await logIn(shared, 'eddie@pagelog.test', USER_PASSWORD, editorUrl);
    expect(await offered()).to.equal(false);
    await logOut();

    // The author, back again, gets the work offered.
    await logIn(shared, TEST_ADMIN.email, TEST_ADMIN.password, editorUrl);
    expect(await offered()).to.equal(true);
    await shared.getByRole('button', { name: 'Restore' }).click();
    await card(shared, '1. Heading').getByText('Alleen voor de beheerder').waitFor();

    // Logging out on purpose forgets it.
    await logOut();
    await logIn(shared, TEST_ADMIN.email, TEST_ADMIN.password, editorUrl);
    expect(await offered()).to.equal(false);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});

