import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { textIn, type FormField } from '@pagelog/contracts/forms/form-fields';
import { fieldsOf, forms, type FormId } from '@pagelog/contracts/forms/forms';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { readOutbox, waitForMail, type OutboxMail } from './test-kit/outbox';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const LOCALE = 'nl-nl';

/** The five forms a page embeds (the sixth, the newsletter popup, has a spec of its own), where the seeded site has them. */
type EmbeddedForm = Exclude<FormId, 'newsletterPopup'>;
const PLACES: Record<EmbeddedForm, { path: string; title: string }> = {
  informationRequest: { path: '/contact', title: 'Stel uw vraag' },
  quoteRequest: { path: '/contact', title: 'Offerte aanvragen' },
  newsletter: { path: '/publicaties', title: 'Nieuwe publicaties in uw mailbox' },
  download: { path: '/publicaties/warmtenet-bewoners', title: 'Download het volledige rapport' },
  researchLicence: { path: '/publicaties/wachttijden-wijkverpleging', title: 'De meetgegevens gebruiken voor uw onderzoek?' },
};
const EMBEDDED = Object.keys(PLACES) as EmbeddedForm[];

/** Who sends which form, with JavaScript and without: a submitter each, so erasing one touches no other. */
interface Visitor {
  name: string;
  email: string;
  /** What they write in the form's longest field, where it has one. */
  words: string;
}
const WITH_SCRIPT: Record<EmbeddedForm, Visitor> = {
  informationRequest: { name: 'Anouk Jansen', email: 'anouk.jansen@example.nl', words: 'Doen jullie ook onderzoek naar de bereikbaarheid van huisartsen?' },
  quoteRequest: { name: 'Daan Smit', email: 'daan.smit@example.nl', words: 'Een evaluatie van ons programma voor schone lucht.' },
  newsletter: { name: 'Joris Mulder', email: 'joris.mulder@example.nl', words: '' },
  download: { name: 'Eva de Boer', email: 'eva.deboer@example.nl', words: '' },
  researchLicence: { name: 'Lieke Bos', email: 'lieke.bos@example.nl', words: 'Een vergelijking van wachttijden tussen regio’s voor een proefschrift.' },
};
const WITHOUT_SCRIPT: Record<EmbeddedForm, Visitor> = {
  informationRequest: { name: 'Mees de Groot', email: 'mees.degroot@example.nl', words: 'Hoe lang duurt een evaluatie van een subsidieregeling?' },
  quoteRequest: { name: 'Noor Vos', email: 'noor.vos@example.nl', words: 'Een onderzoek naar de tevredenheid over het warmtenet in onze wijk.' },
  newsletter: { name: 'Roos Hendriks', email: 'roos.hendriks@example.nl', words: '' },
  download: { name: 'Pim Peters', email: 'pim.peters@example.nl', words: '' },
  researchLicence: { name: 'Sem Dekker', email: 'sem.dekker@example.nl', words: 'Een masterscriptie over de wachttijden in de wijkverpleging.' },
};
const EVERY_SUBMITTER = [...Object.entries(WITH_SCRIPT), ...Object.entries(WITHOUT_SCRIPT)] as [EmbeddedForm, Visitor][];

const recipientOf = (form: EmbeddedForm) => `${form.toLowerCase()}@pagelog.test`;

type Answer = string | string[] | boolean;

/** What a visitor fills in, field by field, from the form's declaration. */
function answersOf(form: EmbeddedForm, who: Visitor): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const field of fieldsOf(forms[form])) answers[field.name] = answerFor(field, who);
  return answers;
}

function answerFor(field: FormField, who: Visitor): Answer {
  switch (field.kind) {
    case 'checkbox':
      return true;
    case 'choice':
      return field.options![2]!.value;
    case 'choices':
      return [field.options![0]!.value, field.options![2]!.value];
    case 'date':
      return field.notBefore ? '2027-06-30' : '2026-10-01';
    case 'email':
      return who.email;
    case 'phone':
      return '030 123 45 67';
    case 'textarea':
      return who.words;
    default:
      if (field.name === 'organisation') return `Organisatie van ${who.name}`;
      if (field.name === 'dataset') return 'Wachttijden in de wijkverpleging';
      return who.name;
  }
}

/** A field's control by the start of its Dutch label (an optional one says "(optioneel)" after it). */
function control(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/** Fills in every field as a person does (by its label), but the one named `leaveEmpty`. */
async function fillIn(form: Locator, id: EmbeddedForm, answers: Record<string, Answer>, leaveEmpty?: string): Promise<void> {
  for (const field of fieldsOf(forms[id])) {
    if (field.name === leaveEmpty) continue;
    const answer = answers[field.name]!;
    const label = textIn(field.label, LOCALE);
    switch (field.kind) {
      case 'choice':
        await control(form, label).selectOption(String(answer));
        break;
      case 'choices':
        for (const option of field.options!) if ((answer as string[]).includes(option.value)) await form.getByLabel(textIn(option.label, LOCALE), { exact: true }).check();
        break;
      case 'checkbox':
        await control(form, label).check();
        break;
      default:
        await control(form, label).fill(String(answer));
    }
  }
}

/** A person takes a moment to fill a form in: waits until 3.1 s after the time the form says it was shown. */
async function takeAMoment(form: Locator): Promise<void> {
  const shown = Number(await form.locator('input[name="startedAt"]').inputValue());
  expect(shown, 'the form knows when it was shown').to.be.greaterThan(0);
  const left = shown + 3_100 - Date.now();
  if (left > 0) await form.page().waitForTimeout(left);
}

/** Splits the export's CSV into lines (none of the values typed here holds a line break). */
const csvLines = (csv: string) => csv.split(/\r?\n/).filter((line) => line !== '');

/**
 * Issue 16 in Chromium, on the seeded example site in Dutch: a visitor sends each of the five
 * forms the pages embed (information and quote request on /contact, the newsletter on
 * /publicaties, the download and the research licence on two publications) with JavaScript and
 * without it, one of each first with a required field left empty ("Dit veld is verplicht"); each
 * is thanked, each form's recipients are mailed each submission, and none is taken for spam. An
 * administrator exports the submissions as CSV in the Forms area and erases one submitter through
 * the confirmation that names what goes; after that the export no longer names them.
 */
describe('the public forms in Chromium: a visitor sends each form of the seeded Dutch site, and an administrator exports and erases', function () {
  this.timeout(240_000);
  let app: TestPagelog;
  let base: string;
  let dataDir: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    dataDir = app.env.PAGELOG_DATA_DIR!;
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    for (const form of EMBEDDED) {
      const saved = await admin.post('/forms/settings/update', {
        form,
        retentionMonths: 12,
        locales: { [LOCALE]: { intro: '', thankYou: '', recipients: [recipientOf(form)], confirmationMail: false } },
      });
      expect(saved.status, JSON.stringify(saved.body.Errors)).to.equal(200);
    }
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

  const regionOf = (page: Page, form: EmbeddedForm) => page.getByRole('region', { name: PLACES[form].title, exact: true });
  const formOf = (page: Page, form: EmbeddedForm) => page.getByRole('form', { name: PLACES[form].title, exact: true });
  const submitOf = (page: Page, form: EmbeddedForm) => formOf(page, form).getByRole('button', { name: textIn(forms[form].submit, LOCALE), exact: true });

  /** Waits for the thank-you text in the form's place. */
  async function thanked(page: Page, form: EmbeddedForm): Promise<Locator> {
    const thanks = regionOf(page, form).getByRole('status').filter({ hasText: textIn(forms[form].thankYou, LOCALE) });
    await thanks.waitFor();
    expect(await formOf(page, form).count(), `${form}: the form made way for the thanks`).to.equal(0);
    return thanks;
  }

  it('with JavaScript: each of the five forms says which field is still empty, takes what the visitor filled in and thanks them', async () => {
    for (const form of EMBEDDED) {
      const page = await person();
      await page.goto(`${base}${PLACES[form].path}`);
      const element = formOf(page, form);
      // The island has taken the form over (it notes when the form was shown): a click now is the script's.
      await element.locator('input[name="startedAt"]:not([value=""])').waitFor({ state: 'attached' });
      const answers = answersOf(form, WITH_SCRIPT[form]);

      if (form === 'researchLicence') {
        // The intended use is left empty: the visitor is told so, under the field, and taken there.
        await fillIn(element, form, answers, 'intendedUse');
        await submitOf(page, form).click();
        const use = control(element, textIn(forms.researchLicence.fields.find((f) => f.name === 'intendedUse')!.label, LOCALE));
        await element.getByText('Dit veld is verplicht').waitFor();
        expect(await use.getAttribute('aria-invalid')).to.equal('true');
        expect(await use.evaluate((el) => el === document.activeElement), 'focus on the empty field').to.equal(true);
        const describedBy = (await use.getAttribute('aria-describedby'))!;
        expect(await page.locator(`[id="${describedBy}"]`).textContent()).to.equal('Dit veld is verplicht');
        expect(await element.getByRole('alert').textContent()).to.equal('Eén veld is nog niet goed ingevuld.');
        await use.fill(WITH_SCRIPT[form].words);
      } else {
        await fillIn(element, form, answers);
      }

      await takeAMoment(element);
      await submitOf(page, form).click();
      const thanks = await thanked(page, form);
      expect(await thanks.evaluate((el) => el === document.activeElement), `${form}: focus on the thanks`).to.equal(true);
      // The seeded publication offers no file behind its download form: there is nothing to link to.
      if (form === 'download') expect(await thanks.getByRole('link').count()).to.equal(0);
    }
    expect(problems).to.deep.equal([]);
  });

  it('without JavaScript: each of the five forms is answered by the server, the one sent empty first with "Dit veld is verplicht" and the input kept, then with the thanks', async () => {
    for (const form of EMBEDDED) {
      const page = await person({ javaScriptEnabled: false });
      await page.goto(`${base}${PLACES[form].path}`);
      const answers = answersOf(form, WITHOUT_SCRIPT[form]);

      if (form === 'quoteRequest') {
        // The project's description is left empty: the page the server answers says so, under the field, with the rest kept.
        await fillIn(formOf(page, form), form, answers, 'projectDescription');
        await submitOf(page, form).click();
        const element = formOf(page, form);
        await element.getByRole('alert').filter({ hasText: 'Eén veld is nog niet goed ingevuld.' }).waitFor();
        const description = control(element, 'Omschrijving van het project');
        expect(await description.getAttribute('aria-invalid')).to.equal('true');
        const describedBy = (await description.getAttribute('aria-describedby'))!;
        expect(await page.locator(`[id="${describedBy}"]`).textContent()).to.equal('Dit veld is verplicht');
        expect(await control(element, 'Naam').inputValue()).to.equal('Noor Vos');
        expect(await control(element, 'Organisatie').inputValue()).to.equal('Organisatie van Noor Vos');
        expect(await control(element, 'E-mailadres').inputValue()).to.equal('noor.vos@example.nl');
        expect(await control(element, 'Budget').inputValue()).to.equal(answers.budgetRange);
        expect(await control(element, 'Gewenste startdatum').inputValue()).to.equal(answers.desiredStart);
        // The answered page knows when it was shown: a person takes a moment to describe the project.
        await description.fill(WITHOUT_SCRIPT[form].words);
        await takeAMoment(element);
      } else {
        // Sent as a first page: the server does not judge a form posted without script by its time.
        await fillIn(formOf(page, form), form, answers);
      }

      await submitOf(page, form).click();
      const thanks = await thanked(page, form);
      if (form === 'download') expect(await thanks.getByRole('link').count()).to.equal(0);
    }
    expect(problems).to.deep.equal([]);
  });

  it("mails each submission to its form's recipients with what the visitor typed, and stores each, none as suspected spam", async () => {
    for (const form of EMBEDDED) {
      const to = recipientOf(form);
      await waitForMail(dataDir, to, /^New submission: /, 0, 15_000);
      const mails = await notificationsTo(to, 2);
      const senders = [WITH_SCRIPT[form], WITHOUT_SCRIPT[form]];
      expect(mails, `${to}: one notification per submission`).to.have.length(2);
      for (const who of senders) {
        const mail = mails.find((m) => m.text.includes(who.email));
        expect(mail, `${to}: the notification of ${who.name}`).to.not.equal(undefined);
        expect(mail!.subject).to.equal(`New submission: ${forms[form].adminLabel}`);
        expect(mail!.text).to.include(who.name);
        if (who.words) expect(mail!.text).to.include(who.words);
      }
    }

    const admin = await ApiClient.loggedIn(base);
    const items = await submissionsOnceThere(admin, EVERY_SUBMITTER.length);
    for (const [form, who] of EVERY_SUBMITTER) {
      const item = items.find((i) => i.submitter?.email === who.email);
      expect(item, `the submission of ${who.name}`).to.not.equal(undefined);
      expect(item).to.deep.include({ form, locale: LOCALE, status: 'new', suspected: false });
      expect(item!.submitter!.name).to.equal(who.name);
    }
    expect(items.filter((i) => i.suspected)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('lets an administrator export the submissions as CSV, and erase one submitter after a confirmation that names what goes', async () => {
    const admin = await ApiClient.loggedIn(base);
    await submissionsOnceThere(admin, EVERY_SUBMITTER.length);
    const page = await person();
    await logInAt(page, `${base}/cmsadmin/forms`, TEST_ADMIN);
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();

    // The export: what the list shows (no filters: every submission), as a file the browser saves.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).to.match(/^submissions-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvLines(readFileSync((await download.path())!, 'utf8'));
    expect(lines[0]).to.match(/^\uFEFF?Received,Form,Status,Suspected spam,/);
    expect(lines.length - 1).to.be.at.least(EVERY_SUBMITTER.length);
    for (const [, who] of EVERY_SUBMITTER) expect(lines.filter((line) => line.includes(who.email) && line.includes(who.name)), who.name).to.have.length(1);

    // One submitter asks to be forgotten: the information request sent with JavaScript.
    const anouk = WITH_SCRIPT.informationRequest;
    await page.getByRole('link', { name: `Open the submission of ${anouk.name}` }).click();
    await page.waitForURL(/\/cmsadmin\/forms\/submission\//);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { level: 1, name: 'Submission: Information request' }).waitFor();
    await page.getByText(anouk.words).waitFor();
    await page.getByRole('button', { name: "Erase this submitter's data" }).click();
    const dialog = page.getByRole('dialog', { name: "Erase this submitter's data" });
    await dialog.getByText(`Everything sent with ${anouk.email} will be erased for good:`).waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).to.deep.equal(['Information request: 1 submission']);
    const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await erase.isDisabled(), 'nothing is erased before the box is ticked').to.equal(true);
    await dialog.getByRole('checkbox', { name: 'I understand that this data will be erased for good' }).check();
    await erase.click();
    await page.getByRole('status').filter({ hasText: '1 submission erased.' }).waitFor();
    expect(await page.getByRole('dialog').count()).to.equal(0);
    await page.getByText("This submitter's data was erased: what they sent can no longer be read.").waitFor();
    expect(await page.locator('.submission-status').textContent()).to.equal('New · Erased');
    expect(await page.getByText(anouk.words).count()).to.equal(0);

    // Through the API: the submission has no submitter any more, nothing is left to erase, and the export names them no more.
    const detail = await eventually(
      () => admin.get(`/forms/submission/${id}`),
      (reply) => reply.body.data?.submitter === null,
    );
    expect(detail.body.data).to.deep.include({ submitter: null, values: null, excerpt: '' });
    const preview = await admin.post('/forms/submitter', { email: anouk.email });
    expect(preview.body.data).to.deep.include({ total: 0, alreadyErased: 1 });
    const list = await admin.post('/forms/submissions', { pageSize: 100 });
    expect(list.body.data.items.filter((i: { submitter: { email: string } | null }) => i.submitter?.email === anouk.email)).to.deep.equal([]);
    const csv = await fetch(`${base}/api/cms/forms/submissions/export`, { headers: { Cookie: admin.cookie ?? '', 'X-Requested-With': 'XMLHttpRequest' } });
    expect(csv.status).to.equal(200);
    const text = await csv.text();
    expect(text).to.not.include(anouk.name).and.to.not.include(anouk.email).and.to.not.include(anouk.words);
    // The others are all still there, and the erased one is still a line (that something was sent).
    for (const [, who] of EVERY_SUBMITTER.filter(([, w]) => w !== anouk)) expect(text).to.include(who.email);
    expect(csvLines(text).length).to.equal(lines.length);
    expect(problems).to.deep.equal([]);
  });

  /** The notifications mailed to `to` once there are `count` of them (mail goes after the answer), or what came by the deadline. */
  async function notificationsTo(to: string, count: number): Promise<OutboxMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(to) && m.subject.startsWith('New submission: '));
      if (mails.length >= count || Date.now() > deadline) return mails;
      await sleep(100);
    }
  }
});

interface Listed {
  form: FormId;
  locale: string;
  status: string;
  suspected: boolean;
  submitter: { name: string; email: string } | null;
}

/** The Forms area's list once it holds `count` submissions (the visitors' writes reach it a moment later). */
async function submissionsOnceThere(admin: ApiClient, count: number): Promise<Listed[]> {
  const reply = await eventually(
    () => admin.post('/forms/submissions', { pageSize: 100 }),
    (r) => (r.body.data?.totalItems ?? 0) >= count,
  );
  expect(reply.body.data.totalItems, 'submissions listed').to.be.at.least(count);
  return reply.body.data.items as Listed[];
}

/** Asks again until the answer satisfies `done`, for up to 15 s; the last answer either way. */
async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await sleep(100);
  }
}
