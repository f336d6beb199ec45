import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from './test-kit/api-client';
import { launchBrowser, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * Issue 16 in Chromium, on the seeded example site: a visitor sends the information request on
 * the contact page, first with a field left empty ("Dit veld is verplicht", linked to the field,
 * focus on it), then filled in; the thank-you text takes the form's place, and the submission
 * is in the Forms area with what the visitor typed.
 */
describe('a public form in Chromium: a visitor sends the information request on the contact page', function () {
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

  async function person(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    watchForProblems(page, problems);
    return page;
  }

  it('says which field is still empty, then takes the question and thanks the visitor', async () => {
    const page = await person();
    await page.goto(`${base}/contact`);
    const form = page.getByRole('form', { name: 'Stel uw vraag' });
    await form.getByLabel('Naam').fill('Anna de Vries');
    await form.getByLabel('E-mailadres').fill('anna@example.nl');
    // The question is left empty: the visitor is told so, under the field, and taken there.
    await form.getByRole('button', { name: 'Vraag versturen' }).click();
    const question = form.getByLabel('Uw vraag');
    await page.getByText('Dit veld is verplicht').waitFor();
    expect(await question.getAttribute('aria-invalid')).to.equal('true');
    expect(await question.evaluate((el) => el === document.activeElement)).to.equal(true);
    const describedBy = (await question.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).to.equal('Dit veld is verplicht');
    expect(await page.getByRole('alert').textContent()).to.equal('Eén veld is nog niet goed ingevuld.');

    // Filled in after a moment, as a person does: sent, and thanked.
    await page.waitForTimeout(3_100);
    await question.fill('Doen jullie ook onderzoek voor provincies?');
    await form.getByRole('button', { name: 'Vraag versturen' }).click();
    await page.getByRole('status').filter({ hasText: 'Bedankt voor uw vraag' }).waitFor();
    expect(await page.getByRole('form', { name: 'Stel uw vraag' }).count()).to.equal(0);

    const admin = await ApiClient.loggedIn(base);
    const list = await admin.post('/forms/submissions', { form: 'informationRequest' });
    expect(list.body.data.totalItems).to.equal(1);
    expect(list.body.data.items[0]).to.deep.include({ status: 'new', suspected: false, excerpt: 'Doen jullie ook onderzoek voor provincies?' });
    expect(list.body.data.items[0].submitter).to.deep.equal({ name: 'Anna de Vries', email: 'anna@example.nl', organisation: '' });
    expect(problems).to.deep.equal([]);
  });

  it('works without JavaScript: the page answers with "Dit veld is verplicht" under the empty field and the input kept, then with the thank-you text', async () => {
    const page = await person({ javaScriptEnabled: false });
    await page.goto(`${base}/contact`);
    const form = page.getByRole('form', { name: 'Stel uw vraag' });
    await form.getByLabel('Naam').fill('Bram Visser');
    await form.getByLabel('E-mailadres').fill('bram@example.nl');
    await form.getByRole('button', { name: 'Vraag versturen' }).click();
    await page.waitForLoadState('domcontentloaded');
    const question = page.getByRole('form', { name: 'Stel uw vraag' }).getByLabel('Uw vraag');
    expect(await question.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = (await question.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).to.equal('Dit veld is verplicht');
    expect(await page.getByRole('alert').textContent()).to.equal('Eén veld is nog niet goed ingevuld.');
    const answered = page.getByRole('form', { name: 'Stel uw vraag' });
    expect(await answered.getByLabel('Naam').inputValue()).to.equal('Bram Visser');
    expect(await answered.getByLabel('E-mailadres').inputValue()).to.equal('bram@example.nl');

    // The answered page knows when it was shown: a person takes a moment to write the question.
    await page.waitForTimeout(3_100);
    await question.fill('Hoe lang duurt een evaluatie gemiddeld?');
    await answered.getByRole('button', { name: 'Vraag versturen' }).click();
    await page.getByRole('status').filter({ hasText: 'Bedankt voor uw vraag' }).waitFor();
    expect(await page.getByRole('form', { name: 'Stel uw vraag' }).count()).to.equal(0);

    const admin = await ApiClient.loggedIn(base);
    const list = await admin.post('/forms/submissions', { form: 'informationRequest', searchTerm: 'evaluatie' });
    expect(list.body.data.items[0]).to.deep.include({ status: 'new', suspected: false });
    expect(list.body.data.items[0].submitter).to.deep.include({ name: 'Bram Visser', email: 'bram@example.nl' });
    expect(problems).to.deep.equal([]);
  });
});
