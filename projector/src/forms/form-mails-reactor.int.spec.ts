import { formSettingsProjection } from './form-settings-projection';
import { expect } from 'chai';
import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { submissionOwner } from '@pagelog/contracts/events/form-events';
import type { FormValues } from '@pagelog/contracts/forms/form-schema';
import type { FormId } from '@pagelog/contracts/forms/forms';
import { SubscriptionTokens } from '@pagelog/service-kit/forms/subscription-token';
import { deriveKey, PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { SqliteKeyStore } from '@pagelog/storage/key-store/sqlite-key-store';
import type { MailMessage } from '@pagelog/storage/mail/mailer';
import { Projector } from '../core/projector';
import type { ReactorEffects } from '../core/reactor';
import { openTestLog, type TestLog } from '../core/test-log';
import { formMailsReactor } from './form-mails-reactor';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const PUBLIC_URL = 'https://www.voorbeeld.nl';
const NOW = Date.parse('2026-11-24T10:00:00.000Z');
let seq = 0;
const uuid = (n: number) => `01970000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Runs every effect, as a reactor that has run none of them yet would. */
const runAll: ReactorEffects = { once: async (_key, effect) => effect() };

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached in time');
}

describe('the form mails reactor', () => {
  let log: TestLog;
  let vault: PersonalDataVault;
  let sent: MailMessage[];
  /** While above 0, the mail server refuses that many more mails. */
  let refusals: number;
  let reactor: ReturnType<typeof formMailsReactor>;
  const projectors: Projector[] = [];

  beforeEach(() => {
    log = openTestLog('form-mails');
    vault = new PersonalDataVault({ keys: new SqliteKeyStore(log.db), masterKey: deriveKey(SECRET, 'personal-data-keys') });
    sent = [];
    refusals = 0;
    const mailer = {
      send: async (m: MailMessage) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        }
        sent.push(m);
      },
      close: async () => {},
    };
    reactor = formMailsReactor({ mailer, vault, readModels: log.readModels, publicUrl: PUBLIC_URL, secret: SECRET });
  });
  afterEach(async () => {
    for (const p of projectors.splice(0)) await p.stop();
    await log.close();
  });

  async function settings(form: FormId, locales: Record<string, { recipients: string[]; confirmationMail: boolean; thankYou?: string }>) {
    const doc = { id: form, retentionMonths: null, locales: Object.fromEntries(Object.entries(locales).map(([l, s]) => [l, { intro: '', thankYou: '', ...s }])) };
    await log.readModels.commit('form-settings-fixture', 0, async (uow) => uow.put('form_settings', form, doc));
  }

  /** A FormSubmitted as the command records it: the values sealed with the submission's own key. */
  async function submission(form: FormId, locale: string, values: FormValues, spam: string[] = []): Promise<NewEvent> {
    const n = ++seq;
    const submissionId = uuid(n);
    await vault.createKey(submissionOwner(submissionId));
    const sealed = await vault.seal(submissionOwner(submissionId), values);
    return {
      id: uuid(1000 + n),
      type: 'FormSubmitted',
      data: { submissionId, form, locale, pageId: null, submitterIndex: 'i', values: sealed, spam: { suspected: spam.length > 0, reasons: spam } },
      metadata: { actorId: 'anonymous', correlationId: 'c', causationId: 'c', occurredAt: new Date(NOW).toISOString(), schemaVersion: 1 },
    };
  }
  const recorded = (e: NewEvent): RecordedEvent => ({ ...e, stream: `form-submission-${(e.data as { submissionId: string }).submissionId}`, revision: 1, position: seq }) as RecordedEvent;
  const idOf = (e: NewEvent) => (e.data as { submissionId: string }).submissionId;

  const quote: FormValues = {
    name: 'Ans de Vries',
    organisation: 'Gemeente Utrecht',
    email: 'ans@voorbeeld.nl',
    phone: '',
    projectDescription: 'Een onderzoek naar\nfietsparkeren.',
    budgetRange: '25k-50k',
    desiredStart: '2027-02-01',
  };

  it('mails every recipient of the form and locale a notification with every field labelled, and a link to the submission', async () => {
    await settings('quoteRequest', { 'nl-nl': { recipients: ['sales@pagelog.test', ' office@pagelog.test '], confirmationMail: false }, en: { recipients: ['other@pagelog.test'], confirmationMail: false } });
    const event = await submission('quoteRequest', 'nl-nl', quote);
    await reactor.react(recorded(event), runAll);
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal(['sales@pagelog.test: New submission: Quote request', 'office@pagelog.test: New submission: Quote request']);
    expect(sent.map((m) => m.id)).to.deep.equal([`${event.id}:notification:0`, `${event.id}:notification:1`]);
    for (const line of [
      'Name: Ans de Vries',
      'Organisation: Gemeente Utrecht',
      'E-mail address: ans@voorbeeld.nl',
      'Phone number: —',
      'Project description: \n  Een onderzoek naar\n  fietsparkeren.',
      'Budget: €25,000 to €50,000',
      'Desired start date: 2027-02-01',
      `${PUBLIC_URL}/cmsadmin/forms/submission/${idOf(event)}`,
    ])
      expect(sent[0]!.text).to.contain(line);
  });

  it('shows a box ticked as Yes and the chosen options by their labels', async () => {
    await settings('researchLicence', { en: { recipients: ['research@pagelog.test'], confirmationMail: false } });
    const values = { organisation: 'TU Delft', contactPerson: 'Bo', email: 'bo@voorbeeld.nl', dataset: 'Mobility 2025', intendedUse: 'A thesis', periodStart: '2027-01-01', periodEnd: '2027-06-30', licenceAgreement: true };
    await reactor.react(recorded(await submission('researchLicence', 'en', values)), runAll);
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.contain('I agree to the licence terms.: Yes').and.contain('Use until: 2027-06-30');
  });

  it('mails the submitter a confirmation in the language of the submission only where the settings ask for it', async () => {
    await settings('quoteRequest', { 'nl-nl': { recipients: [], confirmationMail: true, thankYou: 'Dank u wel!' }, 'en-gb': { recipients: [], confirmationMail: false } });
    await reactor.react(recorded(await submission('quoteRequest', 'nl-nl', quote)), runAll);
    await reactor.react(recorded(await submission('quoteRequest', 'en-gb', quote)), runAll);
    await reactor.react(recorded(await submission('quoteRequest', 'de-de', quote)), runAll);
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal(['ans@voorbeeld.nl: Ontvangen: Offerte aanvragen']);
    expect(sent[0]!.text).to.contain('Dank u wel!').and.contain('Budget: € 25.000 tot € 50.000').and.contain('Dit is wat u ons stuurde');
  });

  it('sends no notification and no confirmation for a form without settings', async () => {
    await reactor.react(recorded(await submission('quoteRequest', 'nl-nl', quote)), runAll);
    expect(sent).to.deep.equal([]);
  });

  it('mails a newsletter subscriber the opt-in link (Dutch or English), never a confirmation', async () => {
    await settings('newsletter', { 'nl-nl': { recipients: ['marketing@pagelog.test'], confirmationMail: true } });
    const dutch = await submission('newsletter', 'nl-nl', { email: 'cor@voorbeeld.nl', name: '', interests: ['research', 'events'] });
    const english = await submission('newsletterPopup', 'en-gb', { email: 'dee@voorbeeld.nl' });
    await reactor.react(recorded(dutch), runAll);
    await reactor.react(recorded(english), runAll);
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal([
      'cor@voorbeeld.nl: Bevestig uw aanmelding voor de nieuwsbrief',
      'marketing@pagelog.test: New submission: Newsletter',
      'dee@voorbeeld.nl: Confirm your newsletter subscription',
    ]);
    expect(sent[1]!.text).to.contain('Topics: Research, Events');
    const tokens = new SubscriptionTokens(SECRET);
    const dutchLink = /https:\/\/www\.voorbeeld\.nl\/nieuwsbrief\/bevestigen\?token=(\S+)/.exec(sent[0]!.text);
    const englishLink = /https:\/\/www\.voorbeeld\.nl\/en-gb\/newsletter\/confirm\?token=(\S+)/.exec(sent[2]!.text);
    expect(dutchLink, sent[0]!.text).to.not.equal(null);
    expect(englishLink, sent[2]!.text).to.not.equal(null);
    const dutchToken = decodeURIComponent(dutchLink![1]!);
    expect(tokens.submissionOf(dutchToken)).to.equal(idOf(dutch));
    expect(tokens.check(dutchToken, NOW, NOW + 60_000)).to.equal('valid');
    expect(tokens.check(decodeURIComponent(englishLink![1]!), NOW, NOW + 60_000)).to.equal('valid');
  });

  it('mails nothing for suspected spam, or for a submission erased before its mails went', async () => {
    await settings('quoteRequest', { 'nl-nl': { recipients: ['sales@pagelog.test'], confirmationMail: true } });
    await settings('newsletter', { 'nl-nl': { recipients: ['marketing@pagelog.test'], confirmationMail: false } });
    await reactor.react(recorded(await submission('quoteRequest', 'nl-nl', quote, ['honeypot'])), runAll);
    await reactor.react(recorded(await submission('newsletter', 'nl-nl', { email: 'bot@voorbeeld.nl' }, ['too-fast'])), runAll);
    const erased = await submission('newsletter', 'nl-nl', { email: 'cor@voorbeeld.nl' });
    await vault.forget(submissionOwner(idOf(erased)));
    await reactor.react(recorded(erased), runAll);
    expect(sent).to.deep.equal([]);
  });

  it('keeps trying while the mail server refuses, then sends each mail exactly once', async () => {
    await settings('quoteRequest', { 'nl-nl': { recipients: ['sales@pagelog.test', 'office@pagelog.test'], confirmationMail: true } });
    await settings('newsletter', { 'nl-nl': { recipients: [], confirmationMail: false } });
    const projector = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [formSettingsProjection], reactors: [reactor], backoffMs: 20, maxBackoffMs: 50, pollMs: 30 });
    projectors.push(projector);
    await projector.start();
    const quoteEvent = await submission('quoteRequest', 'nl-nl', quote);
    const newsletterEvent = await submission('newsletter', 'nl-nl', { email: 'cor@voorbeeld.nl' });
    // The first mail goes, then the server refuses four: the event's other mails, and the next event's, wait for it.
    let first = true;
    const push = sent.push.bind(sent);
    sent.push = (...mails: MailMessage[]) => {
      const n = push(...mails);
      if (first) {
        first = false;
        refusals = 4;
      }
      return n;
    };
    const appended = async () => {
      await log.events.append(`form-submission-${idOf(quoteEvent)}`, [quoteEvent], 'any');
      await log.events.append(`form-submission-${idOf(newsletterEvent)}`, [newsletterEvent], 'any');
    };
    await appended();
    await until(async () => (await log.readModels.getCheckpoint('form-mails')).error?.attempts === 3);
    expect((await log.readModels.getCheckpoint('form-mails')).error).to.include({ eventType: 'FormSubmitted', message: 'connect ECONNREFUSED 127.0.0.1:25' });
    await until(() => sent.length === 4);
    await until(async () => (await log.readModels.getCheckpoint('form-mails')).error === null);
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.map((m) => `${m.to}: ${m.subject}`)).to.deep.equal([
      'sales@pagelog.test: New submission: Quote request',
      'office@pagelog.test: New submission: Quote request',
      'ans@voorbeeld.nl: Ontvangen: Offerte aanvragen',
      'cor@voorbeeld.nl: Bevestig uw aanmelding voor de nieuwsbrief',
    ]);
    expect(new Set(sent.map((m) => m.id)).size).to.equal(4);
  });
});
