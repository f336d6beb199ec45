import { expect } from 'chai';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { submissionOwner } from '@pagelog/contracts/events/form-events';
import type { EventData } from '@pagelog/contracts/events/registry';
import { ApiClient } from './test-kit/api-client';
import { Visitor } from './test-kit/form-visitor';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const errorsOf = (reply: { Errors: { code: string; property: string }[] }) => reply.Errors.map((e) => ({ code: e.code, property: e.property }));

/**
 * The public forms through HTTP (issue 16): forms/submit with the visitor's CSRF token, the
 * shared schema's refusals (V_ codes on the field), spam kept and flagged, throttling, and the
 * values sealed with the submitter's key; the store checked after every refused call.
 */
for (const kind of storeKinds()) {
  describe(`public forms through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let visitor: Visitor;
    /** Shown 10 s ago: as long as a person takes, at least. */
    const shown = () => Date.now() - 10_000;

    before(async () => {
      app = await startTestPagelog(kind);
      visitor = await new Visitor(app.url).start();
    });
    after(async () => {
      await app?.stop();
    });

    async function submissions(): Promise<(RecordedEvent & { data: EventData<'FormSubmitted'> })[]> {
      const all = await app.stores.eventStore.readAll({ after: 0, limit: 100_000 });
      return all.filter((event) => event.type === 'FormSubmitted') as (RecordedEvent & { data: EventData<'FormSubmitted'> })[];
    }

    const question = { name: 'Anna de Vries', organisation: '', email: 'Anna@Example.nl', phone: '030 123 45 67', question: 'Doen jullie ook onderzoek voor provincies?' };

    it('takes a good information request, with every value sealed with a key of the submitter', async () => {
      const reply = await visitor.submit({ form: 'informationRequest', locale: 'nl-nl', pageId: null, values: question, website: '', startedAt: shown() });
      expect(reply.status, JSON.stringify(reply.Errors)).to.equal(200);
      expect(reply.data!.form).to.equal('informationRequest');
      const [stored] = (await submissions()).filter((e) => e.data.submissionId === reply.data!.submissionId);
      expect(stored!.data).to.include({ form: 'informationRequest', locale: 'nl-nl', pageId: null });
      expect(stored!.data.spam).to.deep.equal({ suspected: false, reasons: [] });
      // Nothing the visitor typed is in the event in clear.
      const text = JSON.stringify(stored);
      for (const value of ['Anna', 'example.nl', '030 123', 'provincies']) expect(text, value).to.not.include(value);
      const opened = await app.auth.vault.open<Record<string, unknown>>(submissionOwner(stored!.data.submissionId), stored!.data.values);
      expect(opened).to.deep.include({ name: 'Anna de Vries', email: 'Anna@Example.nl', question: question.question });
    });

    it('finds one submitter by the e-mail address however it is written', async () => {
      const again = await visitor.submit({ form: 'informationRequest', locale: 'nl-nl', values: { ...question, email: ' anna@example.NL ' }, startedAt: shown() });
      expect(again.status).to.equal(200);
      const indexes = new Set((await submissions()).filter((e) => e.data.form === 'informationRequest').map((e) => e.data.submitterIndex));
      expect(indexes.size).to.equal(1);
    });

    it("refuses what the form's schema refuses, naming each field with its code (400), and stores nothing", async () => {
      const before = (await submissions()).length;
      const empty = await visitor.submit({ form: 'quoteRequest', locale: 'nl-nl', values: {}, startedAt: shown() });
      expect(empty.status).to.equal(400);
      expect(errorsOf(empty)).to.deep.equal(
        ['name', 'organisation', 'email', 'projectDescription', 'budgetRange'].map((field) => ({ code: 'V_01', property: `values.${field}` })),
      );
      const wrong = await visitor.submit({
        form: 'quoteRequest',
        locale: 'nl-nl',
        values: { name: 'Bram', organisation: 'Gemeente', email: 'bram@', phone: 'bel me', projectDescription: 'x'.repeat(5_001), budgetRange: 'veel', desiredStart: '2027-02-30', password: 'x' },
        startedAt: shown(),
      });
      expect(wrong.status).to.equal(400);
      expect(errorsOf(wrong)).to.have.deep.members([
        { code: 'V_02', property: 'values.email' },
        { code: 'V_12', property: 'values.phone' },
        { code: 'V_14', property: 'values.projectDescription' },
        { code: 'V_12', property: 'values.budgetRange' },
        { code: 'V_12', property: 'values.desiredStart' },
        { code: 'V_12', property: 'values.password' },
      ]);
      for (const body of [
        { form: 'contactForm', locale: 'nl-nl', values: {} },
        { form: 'quoteRequest', locale: 'xx-yy', values: {} },
        { form: 'quoteRequest', locale: 'nl-nl', values: 'a string' },
        { form: 'quoteRequest', locale: 'nl-nl' },
      ]) {
        const reply = await visitor.submit(body);
        expect(reply.status, JSON.stringify(body)).to.equal(400);
      }
      expect((await submissions()).length).to.equal(before);
    });

    it('keeps a submission that filled in the hidden field, or came faster than a person types, flagged as suspected spam, answered like any other', async () => {
      const honeypot = await visitor.submit({ form: 'download', locale: 'en-gb', values: { name: 'Bot', email: 'bot@example.com', privacyConsent: true }, website: 'https://spam.example', startedAt: shown() });
      const fast = await visitor.submit({ form: 'newsletterPopup', locale: 'nl-nl', values: { email: 'snel@example.nl', privacyConsent: true }, startedAt: Date.now() - 500 });
      const noTime = await visitor.submit({ form: 'newsletterPopup', locale: 'nl-nl', values: { email: 'geen-tijd@example.nl', privacyConsent: true } });
      for (const reply of [honeypot, fast, noTime]) expect(reply.status).to.equal(200);
      const stored = new Map((await submissions()).map((e) => [e.data.submissionId, e.data.spam]));
      expect(stored.get(honeypot.data!.submissionId)).to.deep.equal({ suspected: true, reasons: ['honeypot'] });
      expect(stored.get(fast.data!.submissionId)).to.deep.equal({ suspected: true, reasons: ['too-fast'] });
      expect(stored.get(noTime.data!.submissionId)).to.deep.equal({ suspected: true, reasons: ['too-fast'] });
    });

    it('refuses a submission without the form token (403 AUTH_06), and one of another shape than JSON, storing nothing', async () => {
      const before = (await submissions()).length;
      const forged = await visitor.submit({ form: 'informationRequest', locale: 'nl-nl', values: question, startedAt: shown() }, { token: false });
      expect(forged.status).to.equal(403);
      expect(errorsOf(forged)[0]!.code).to.equal('AUTH_06');
      const stranger = await new Visitor(app.url).submit({ form: 'informationRequest', locale: 'nl-nl', values: question, startedAt: shown() });
      expect(stranger.status).to.equal(403);
      expect((await submissions()).length).to.equal(before);
    });

    describe('in the Forms area', () => {
      let admin: ApiClient;
      before(async () => {
        admin = await ApiClient.loggedIn(app.url);
      });

      it('lists the submissions newest first, with who sent them and a line of what, opened only on the way out', async () => {
        const list = await admin.post('/forms/submissions', { form: 'informationRequest' });
        expect(list.status, JSON.stringify(list.body.Errors)).to.equal(200);
        expect(list.body.data.totalItems).to.equal(2);
        const [newest] = list.body.data.items;
        expect(newest).to.deep.include({ form: 'informationRequest', locale: 'nl-nl', status: 'new', suspected: false });
        expect(newest.submitter).to.deep.equal({ name: 'Anna de Vries', email: 'anna@example.NL', organisation: '' });
        expect(newest.excerpt).to.equal(question.question);
        const spam = await admin.post('/forms/submissions', { status: 'spam' });
        expect(spam.body.data.items.map((item: { reasons: string[] }) => item.reasons)).to.have.deep.members([['honeypot'], ['too-fast'], ['too-fast']]);
      });

      it('finds submissions by a word in any value, without capitals or accents, and pages through them', async () => {
        const found = await admin.post('/forms/submissions', { searchTerm: 'PROVINCIES' });
        expect(found.body.data.totalItems).to.equal(2);
        const page = await admin.post('/forms/submissions', { searchTerm: 'provincies', pageSize: 1, pageIndex: 1 });
        expect(page.body.data.items).to.have.length(1);
        expect(page.body.data.totalItems).to.equal(2);
        expect((await admin.post('/forms/submissions', { searchTerm: 'bestaat-nergens' })).body.data.totalItems).to.equal(0);
        const today = new Date().toISOString().slice(0, 10);
        expect((await admin.post('/forms/submissions', { from: today, to: today, form: 'informationRequest' })).body.data.totalItems).to.equal(2);
        expect((await admin.post('/forms/submissions', { to: '2020-01-01' })).body.data.totalItems).to.equal(0);
        expect((await admin.post('/forms/submissions', { status: 'gelezen' })).status).to.equal(400);
      });

      it("shows a submission's every field with its label, marks it handled, and settles a suspected one", async () => {
        const [item] = (await admin.post('/forms/submissions', { form: 'informationRequest' })).body.data.items;
        const detail = await admin.get(`/forms/submission/${item.id}`);
        expect(detail.status).to.equal(200);
        expect(detail.body.data.values).to.deep.include({ field: 'question', label: 'Your question', value: question.question });
        expect(detail.body.data.values.map((v: { field: string }) => v.field)).to.deep.equal(['name', 'organisation', 'email', 'phone', 'question']);
        expect((await admin.post(`/forms/submission/${item.id}/handled`, { handled: true })).status).to.equal(200);
        expect((await admin.get(`/forms/submission/${item.id}`)).body.data.status).to.equal('handled');
        const [suspect] = (await admin.post('/forms/submissions', { status: 'spam', form: 'download' })).body.data.items;
        expect((await admin.post(`/forms/submission/${suspect.id}/spam`, { spam: false })).status).to.equal(200);
        expect((await admin.get(`/forms/submission/${suspect.id}`)).body.data.status).to.equal('new');
        expect((await admin.get('/forms/submission/0190a000-0000-7000-8000-000000000000')).status).to.equal(404);
        expect((await admin.post('/forms/submission/not-an-id/handled', { handled: true })).status).to.equal(404);
        expect((await admin.post(`/forms/submission/${item.id}/handled`, { handled: 'ja' })).status).to.equal(400);
      });

      it('is for manage-forms only: 401 without a session, 403 UM_01 for an editor', async () => {
        const editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
        const [item] = (await admin.post('/forms/submissions', {})).body.data.items;
        for (const who of [new ApiClient(app.url), editor]) {
          const expected = who === editor ? 403 : 401;
          expect((await who.post('/forms/submissions', {})).status).to.equal(expected);
          expect((await who.get(`/forms/submission/${item.id}`)).status).to.equal(expected);
          expect((await who.post(`/forms/submission/${item.id}/handled`, { handled: true })).status).to.equal(expected);
        }
      });
    });

    it('throttles one address sending one form again and again (429 FM_01 with Retry-After), storing nothing for the refused ones', async () => {
      const licence = {
        organisation: 'Universiteit Leiden',
        contactPerson: 'Femke Smit',
        email: 'f.smit@leiden.example',
        dataset: 'Monitor Jeugdzorg 2025',
        intendedUse: 'Promotieonderzoek',
        periodStart: '2027-01-01',
        periodEnd: '2027-12-31',
        licenceAgreement: true,
      };
      const replies = [];
      for (let i = 0; i < 10; i++) replies.push(await visitor.submit({ form: 'researchLicence', locale: 'nl-nl', values: licence, startedAt: shown() }));
      expect(replies.slice(0, 8).every((reply) => reply.status === 200)).to.equal(true);
      for (const reply of replies.slice(8)) {
        expect(reply.status).to.equal(429);
        expect(errorsOf(reply)).to.deep.equal([{ code: 'FM_01', property: '' }]);
        expect(Number(reply.retryAfter)).to.be.greaterThan(0);
      }
      expect((await submissions()).filter((e) => e.data.form === 'researchLicence')).to.have.length(8);
    });
  });
}
