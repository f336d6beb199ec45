import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { Visitor } from './test-kit/form-visitor';
import { readOutbox, waitForMail } from './test-kit/outbox';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

/**
 * The forms' settings through HTTP (issue 16): per form and locale the intro, thank-you text,
 * recipients and confirmation mail, per form the retention; for manage-forms only, bad input
 * refused with catalogue codes and nothing stored; and the recipients set here get the
 * notification of the next submission, the submitter the confirmation.
 */
for (const kind of storeKinds()) {
  describe(`form settings through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind, { seed: true });
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
    });
    after(async () => {
      await app?.stop();
    });

    const quoteSettings = {
      form: 'quoteRequest',
      retentionMonths: 6,
      locales: { 'nl-nl': { intro: 'Vertel ons over uw plan.', thankYou: 'Dank u wel, we bellen u.', recipients: ['sales@pagelog.test', 'office@pagelog.test'], confirmationMail: true } },
    };

    it('is for manage-forms only: 401 without a session, 403 for an editor, on reads and the update', async () => {
      for (const [who, expected] of [[new ApiClient(app.url), 401], [editor, 403]] as const) {
        expect((await who.get('/forms/settings')).status).to.equal(expected);
        expect((await who.post('/forms/settings/update', quoteSettings)).status).to.equal(expected);
      }
      expect((await admin.post('/forms/settings/update', quoteSettings, { withoutCsrf: true })).status).to.equal(403);
    });

    it('refuses bad recipients, texts and periods with catalogue codes on the property, storing nothing', async () => {
      const before = await app.stores.eventStore.headPosition();
      const bad = await admin.post('/forms/settings/update', {
        form: 'quoteRequest',
        retentionMonths: 500,
        locales: { 'nl-nl': { intro: 'x'.repeat(2_001), thankYou: '', recipients: ['not an address', 'a@pagelog.test', 'A@pagelog.test'], confirmationMail: false } },
      });
      expect(bad.status).to.equal(400);
      const codes = (bad.body.Errors as { code: string; property: string }[]).map((e) => `${e.code} ${e.property}`);
      expect(codes).to.include.members(['V_12 retentionMonths', 'V_14 locales.nl-nl.intro', 'V_02 locales.nl-nl.recipients[0]', 'V_06 locales.nl-nl.recipients']);
      expect((await admin.post('/forms/settings/update', { ...quoteSettings, form: 'nope' })).status).to.equal(400);
      expect(await app.stores.eventStore.headPosition()).to.equal(before);
    });

    it('stores the settings, reads them back, and shows the site only the texts', async () => {
      const saved = await admin.post('/forms/settings/update', quoteSettings);
      expect(saved.status).to.equal(200);
      const all = await admin.get('/forms/settings');
      const quote = (all.body.data.forms as { form: string; retentionMonths: number; locales: Record<string, unknown> }[]).find((f) => f.form === 'quoteRequest')!;
      expect(quote.retentionMonths).to.equal(6);
      expect(quote.locales['nl-nl']).to.deep.include({ recipients: ['sales@pagelog.test', 'office@pagelog.test'], confirmationMail: true });
      const site = await fetch(`${app.url}/api/cms/forms/public-settings/quoteRequest/nl-nl`);
      const body = (await site.json()) as { data: Record<string, unknown> };
      expect(body.data).to.deep.equal({ form: 'quoteRequest', locale: 'nl-nl', intro: 'Vertel ons over uw plan.', thankYou: 'Dank u wel, we bellen u.' });
      expect(JSON.stringify(body)).to.not.include('sales@pagelog.test');
    });

    it('answers 409 to a save based on an older revision, storing nothing, and takes one at the revision read', async () => {
      const read = await admin.get('/forms/settings');
      const revision = (read.body.data.forms as { form: string; revision: number }[]).find((f) => f.form === 'quoteRequest')!.revision;
      const before = await app.stores.eventStore.headPosition();
      const stale = await admin.post('/forms/settings/update', { ...quoteSettings, revision: revision - 1, retentionMonths: 3 });
      expect(stale.status).to.equal(409);
      expect(await app.stores.eventStore.headPosition()).to.equal(before);
      const fresh = await admin.post('/forms/settings/update', { ...quoteSettings, revision, retentionMonths: 6 });
      expect(fresh.status).to.equal(200);
      expect(fresh.body.data).to.deep.include({ revision, changed: [] });
    });

    it('mails the next submission to each recipient with every field, and the submitter the confirmation with the thank-you text', async () => {
      const dataDir = app.env.PAGELOG_DATA_DIR!;
      const already = (await readOutbox(dataDir)).length;
      const visitor = await new Visitor(app.url).start();
      const reply = await visitor.submit({
        form: 'quoteRequest',
        locale: 'nl-nl',
        values: { name: 'Sanne Bakker', organisation: 'Provincie Utrecht', email: 'sanne@example.nl', phone: '', projectDescription: 'Een evaluatie van het warmtenet.', budgetRange: '25k-50k' },
        website: '',
        startedAt: Date.now() - 10_000,
      });
      expect(reply.status).to.equal(200);
      for (const to of ['sales@pagelog.test', 'office@pagelog.test']) {
        const mail = await waitForMail(dataDir, to, /Quote request/, already, 10_000);
        expect(mail.text).to.include('Sanne Bakker').and.to.include('Provincie Utrecht').and.to.include('Een evaluatie van het warmtenet.').and.to.include('€25,000 to €50,000');
      }
      const confirmation = await waitForMail(dataDir, 'sanne@example.nl', /./, already, 10_000);
      expect(confirmation.text).to.include('Dank u wel, we bellen u.');
    });
  
    it("shows the settings' intro and thank-you text on the site's form at once, and the form's own again when they are emptied", async () => {
      const before = await (await fetch(`${app.url}/contact`)).text();
      expect(before).to.include('Stel uw vraag; we antwoorden binnen twee werkdagen.');
      const set = (intro: string, thankYou: string) =>
        admin.post('/forms/settings/update', { form: 'informationRequest', retentionMonths: 12, locales: { 'nl-nl': { intro, thankYou, recipients: [], confirmationMail: false } } });
      expect((await set('Vragen over wonen? Wij helpen graag.', 'Fijn dat u ons schreef!')).status).to.equal(200);
      let page = '';
      for (let i = 0; i < 50 && !page.includes('Vragen over wonen?'); i++) {
        page = await (await fetch(`${app.url}/contact`)).text();
        if (!page.includes('Vragen over wonen?')) await new Promise((r) => setTimeout(r, 100));
      }
      expect(page).to.match(/<p class="block-form__intro"[^>]*>Vragen over wonen\? Wij helpen graag\.<\/p>/);
      expect(page).to.include('Fijn dat u ons schreef!');
      expect((await set('', '')).status).to.equal(200);
      for (let i = 0; i < 50 && page.includes('Vragen over wonen?'); i++) {
        page = await (await fetch(`${app.url}/contact`)).text();
        if (page.includes('Vragen over wonen?')) await new Promise((r) => setTimeout(r, 100));
      }
      expect(page).to.include('Stel uw vraag; we antwoorden binnen twee werkdagen.');
    });
  });
}
