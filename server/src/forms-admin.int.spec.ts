import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { submissionOwner, submissionStream } from '@pagelog/contracts/events/form-events';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { submitterIndex } from '@pagelog/storage/key-store/submitter-index';
import { ApiClient } from './test-kit/api-client';
import { Visitor } from './test-kit/form-visitor';
import { startTestPagelog, storeKinds, type StoreKind, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const MONTH = 31 * 24 * 60 * 60 * 1000;

/** Every file of the data folder but the outbox (the mail sent: what stands in for the SMTP server, not Pagelog's storage). */
function dataFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'outbox') return [];
    return statSync(path).isDirectory() ? dataFiles(path) : [path];
  });
}

/** Every row of every table of the test's PostgreSQL schema, as text. */
async function postgresText(env: Record<string, string>): Promise<string> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const schema = env.PAGELOG_PG_SCHEMA!;
    const tables = await client.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
    let all = '';
    for (const { table_name: table } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${table}" t`);
      all += rows.rows.map((r) => r.row).join('\n');
    }
    return all;
  } finally {
    await client.end();
  }
}

/** Whether a readable string is anywhere in the stores: the SQLite files as bytes, or every PostgreSQL row. */
async function storedAnywhere(app: TestPagelog, kind: StoreKind, secrets: string[]): Promise<string[]> {
  const found: string[] = [];
  if (kind === 'sqlite') {
    const bytes = dataFiles(app.env.PAGELOG_DATA_DIR!).map((file) => readFileSync(file));
    for (const secret of secrets) if (bytes.some((b) => b.includes(Buffer.from(secret)) || b.includes(Buffer.from(secret.toLowerCase())))) found.push(secret);
  } else {
    const text = (await postgresText(app.env)).toLowerCase();
    for (const secret of secrets) if (text.includes(secret.toLowerCase())) found.push(secret);
  }
  return found;
}

async function csvOf(client: ApiClient, query: string) {
  const res = await fetch(`${client.baseUrl}/api/cms/forms/submissions/export${query}`, { headers: { Cookie: client.cookie ?? '', 'X-Requested-With': 'XMLHttpRequest' } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
}

/** Splits CSV (RFC 4180) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  if (cell !== '' || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

/**
 * The Forms area's erasure, retention and export through HTTP (issue 16): a submitter erased by
 * e-mail address leaves nothing readable (events, read models, the raw tables), old submissions
 * erase themselves after their form's period, and the export streams every submission the list's
 * filters let through as CSV. Each is for manage-forms only.
 */
for (const kind of storeKinds()) {
  describe(`the Forms area's erasure, retention and export through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    let visitor: Visitor;
    /** The test moves it ahead to let the retention period pass; sessions are not used after that. */
    let offset = 0;
    const shown = () => Date.now() + offset - 10_000;
    let seq = 0;

    before(async () => {
      app = await startTestPagelog(kind, { clock: () => Date.now() + offset });
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
      visitor = await new Visitor(app.url).start();
    });
    after(async () => {
      await app?.stop();
    });

    /** A submission written straight to the log (past the throttle, or long ago), sealed as forms/submit seals it. */
    async function stored(form: 'informationRequest' | 'newsletterPopup', values: Record<string, unknown>, occurredAt = new Date()): Promise<string> {
      seq += 1;
      const submissionId = `0190a000-0000-7000-8000-${String(seq).padStart(12, '0')}`;
      await app.auth.vault.createKey(submissionOwner(submissionId));
      const data: EventData<'FormSubmitted'> = {
        submissionId,
        form,
        locale: 'nl-nl',
        pageId: null,
        submitterIndex: submitterIndex(app.auth.secret, String(values.email)),
        values: await app.auth.vault.seal(submissionOwner(submissionId), values),
        spam: { suspected: false, reasons: [] },
      };
      const event: NewEvent = { id: `0190b000-0000-7000-8000-${String(seq).padStart(12, '0')}`, type: 'FormSubmitted', data, metadata: { actorId: 'anonymous', correlationId: 'fixture', causationId: 'fixture', occurredAt: occurredAt.toISOString(), schemaVersion: 1 } };
      const result = await app.stores.eventStore.append(submissionStream(submissionId), [event], 0);
      admin.lastPosition = Math.max(admin.lastPosition, result.position);
      return submissionId;
    }

    const question = (name: string, email: string, text: string) => ({ name, organisation: '', email, phone: '', question: text });

    describe('access', () => {
      it('is for manage-forms only: 401 without a session, 403 for an editor', async () => {
        for (const who of [new ApiClient(app.url), editor]) {
          const expected = who === editor ? 403 : 401;
          expect((await who.post('/forms/submitter', { email: 'a@example.nl' })).status).to.equal(expected);
          expect((await who.post('/forms/erase-submitter', { email: 'a@example.nl' })).status).to.equal(expected);
          expect((await csvOf(who, '')).status).to.equal(expected);
        }
      });

      it('refuses the erasure without the session CSRF token (403), and an address that is none (400 V_02)', async () => {
        expect((await admin.post('/forms/erase-submitter', { email: 'a@example.nl' }, { withoutCsrf: true })).status).to.equal(403);
        const bad = await admin.post('/forms/erase-submitter', { email: 'geen-adres' });
        expect(bad.status).to.equal(400);
        expect(bad.body.Errors[0]).to.include({ code: 'V_02', property: 'email' });
        expect((await admin.post('/forms/submitter', {})).status).to.equal(400);
      });
    });

    describe('when a submitter is erased', () => {
      const name = 'Fenna Wisselink-Oortwijn';
      const email = 'Fenna.Wisselink@Voorbeeld.nl';
      const words = 'kwelderonderzoek';
      let kept: string;
      const mine: string[] = [];

      before(async () => {
        for (const body of [
          { form: 'informationRequest', locale: 'nl-nl', values: question(name, email, `Vraag over ${words} bij Terschelling`), startedAt: shown() },
          { form: 'informationRequest', locale: 'nl-nl', values: question(name, ` ${email.toLowerCase()} `, `Nog een vraag over ${words}`), startedAt: shown() },
          { form: 'newsletterPopup', locale: 'nl-nl', values: { email, privacyConsent: true }, startedAt: shown() },
        ]) {
          const reply = await visitor.submit(body);
          expect(reply.status, JSON.stringify(reply.Errors)).to.equal(200);
          mine.push(reply.data!.submissionId);
        }
        const other = await visitor.submit({ form: 'informationRequest', locale: 'nl-nl', values: question('Gerrit Ander', 'gerrit@example.nl', 'Iets anders'), startedAt: shown() });
        kept = other.data!.submissionId;
      });

      it('previews what would be erased: per form, the newsletter subscriptions among them, the first and last day', async () => {
        const preview = await admin.post('/forms/submitter', { email: ` ${email.toUpperCase()} ` });
        expect(preview.status, JSON.stringify(preview.body.Errors)).to.equal(200);
        expect(preview.body.data).to.deep.include({ email: email.toLowerCase(), total: 3, newsletterSubscriptions: 1, alreadyErased: 0 });
        expect(preview.body.data.forms).to.deep.equal([
          { form: 'informationRequest', label: 'Information request', count: 2, newsletterSubscriptions: 0 },
          { form: 'newsletterPopup', label: 'Newsletter popup', count: 1, newsletterSubscriptions: 1 },
        ]);
        expect(preview.body.data.firstReceivedAt <= preview.body.data.lastReceivedAt).to.equal(true);
        const nobody = await admin.post('/forms/submitter', { email: 'niemand@example.nl' });
        expect(nobody.body.data).to.deep.include({ total: 0, forms: [], firstReceivedAt: null });
      });

      it('erases every submission of the address, a submission sent a moment before too, and leaves nothing readable', async () => {
        const backups = await Promise.all(mine.map((id) => app.stores.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, id)));
        // Sent just now: the erasure finds it even when the read model has not taken it in yet.
        const late = await visitor.submit({ form: 'newsletterPopup', locale: 'nl-nl', values: { email: email.toUpperCase(), privacyConsent: true }, startedAt: shown() });
        mine.push(late.data!.submissionId);
        // With an Idempotency-Key, as the admin sends every command: one write on each submission's stream.
        const erased = await admin.post('/forms/erase-submitter', { email }, { headers: { 'Idempotency-Key': '0190c000-0000-7000-8000-000000000001' } });
        expect(erased.status, JSON.stringify(erased.body.Errors)).to.equal(200);
        expect(erased.body.data.erased).to.equal(4);
        await app.stores.readModels.waitForCheckpoints([readModels.formSubmissions.projection], erased.body.data.position, 5_000);

        for (const id of mine) {
          const detail = await admin.get(`/forms/submission/${id}`);
          expect(detail.status).to.equal(200);
          expect(detail.body.data).to.deep.include({ submitter: null, values: null, excerpt: '' });
          const events = await app.stores.eventStore.readStream(submissionStream(id));
          expect(events.map((e) => e.type)).to.include('FormSubmissionErased');
          expect((events.find((e) => e.type === 'FormSubmissionErased')!.data as { reason: string }).reason).to.equal('request');
          const sealed = (events[0]!.data as EventData<'FormSubmitted'>).values;
          expect(await app.auth.vault.open(submissionOwner(id), sealed), 'the event').to.equal(null);
          const doc = await app.stores.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, id);
          expect(doc).to.deep.include({ values: '', erasedBy: 'request' });
        }
        // A backup of the read model taken before cannot be opened any more.
        for (const backup of backups) expect(await app.auth.vault.open(submissionOwner(backup!.id), backup!.values)).to.equal(null);
        expect((await admin.post('/forms/submissions', { searchTerm: words })).body.data.totalItems).to.equal(0);
        // Nothing readable is left in any table or file (the name and address were never stored readable, and stay so).
        expect(await storedAnywhere(app, kind, [name, 'Wisselink', email, words])).to.deep.equal([]);
        // (The look sees what is stored readable: the form's id is.)
        expect(await storedAnywhere(app, kind, ['informationRequest'])).to.deep.equal(['informationRequest']);
        // The other submitter's data is still there.
        expect((await admin.get(`/forms/submission/${kept}`)).body.data.submitter).to.deep.include({ name: 'Gerrit Ander' });
        const preview = await admin.post('/forms/submitter', { email });
        expect(preview.body.data).to.deep.include({ total: 0, alreadyErased: 4 });
      });

      it('erases nothing more when asked again, and records no second event', async () => {
        const again = await admin.post('/forms/erase-submitter', { email });
        expect(again.status).to.equal(200);
        expect(again.body.data.erased).to.equal(0);
        for (const id of mine) {
          const events = await app.stores.eventStore.readStream(submissionStream(id));
          expect(events.filter((e) => e.type === 'FormSubmissionErased')).to.have.length(1);
        }
      });

      it('records the erasure of a submission whose key was destroyed by an earlier run that stopped there', async () => {
        const id = await stored('informationRequest', question('Half Gewist', 'half@example.nl', 'Onderbroken'));
        await app.auth.vault.forget(submissionOwner(id));
        const erased = await admin.post('/forms/erase-submitter', { email: 'half@example.nl' });
        expect(erased.body.data.erased).to.equal(1);
        const events = await app.stores.eventStore.readStream(submissionStream(id));
        expect(events.map((e) => e.type)).to.deep.equal(['FormSubmitted', 'FormSubmissionErased']);
      });
    });

    describe('the CSV export', () => {
      const rows = 230;
      before(async () => {
        const at = new Date('2026-03-10T09:00:00.000Z');
        for (let i = 0; i < rows; i++) await stored('informationRequest', question(`Exporteur ${i}`, `export-${i}@example.nl`, i === 0 ? '=HYPERLINK("http://evil.example","klik")' : `Vraag ${i}, met een komma\nen een regel`), at);
        await stored('newsletterPopup', { email: 'los@example.nl', privacyConsent: true }, at);
        await app.stores.readModels.waitForCheckpoints([readModels.formSubmissions.projection], admin.lastPosition, 10_000);
      });

      it('streams every submission the filters let through, more than a page, with a header of English labels', async () => {
        const csv = await csvOf(admin, '?form=informationRequest&from=2026-03-10&to=2026-03-10&sortOrder=asc');
        expect(csv.status, csv.text.slice(0, 300)).to.equal(200);
        expect(csv.type).to.equal('text/csv; charset=utf-8');
        expect(csv.disposition).to.match(/^attachment; filename="submissions-informationRequest-\d{4}-\d{2}-\d{2}\.csv"$/);
        const table = parseCsv(csv.text);
        expect(table[0]).to.deep.equal(['Received', 'Form', 'Status', 'Suspected spam', 'Locale', 'Page', 'Erased', 'Name', 'Organisation', 'E-mail address', 'Phone number', 'Your question']);
        expect(table).to.have.length(rows + 1);
        expect(new Set(table.slice(1).map((row) => row[9])).size).to.equal(rows);
        expect(table[1]!.slice(0, 3)).to.deep.equal(['2026-03-10T09:00:00.000Z', 'Information request', 'New']);
        expect(table[2]![11]).to.equal('Vraag 1, met een komma\nen een regel');
      });

      it('sorts the list by the submitter or the form as well as by time', async () => {
        const bySubmitter = await admin.post('/forms/submissions', { form: 'informationRequest', from: '2026-03-10', to: '2026-03-10', columnToSort: 'submitter', sortOrder: 'asc', pageSize: 3 });
        expect(bySubmitter.status, JSON.stringify(bySubmitter.body.Errors)).to.equal(200);
        expect(bySubmitter.body.data.items.map((item: { submitter: { name: string } }) => item.submitter.name)).to.deep.equal(['Exporteur 0', 'Exporteur 1', 'Exporteur 10']);
        const byForm = await admin.post('/forms/submissions', { from: '2026-03-10', to: '2026-03-10', columnToSort: 'form', sortOrder: 'desc', pageSize: 1 });
        expect(byForm.body.data.items[0].form).to.equal('newsletterPopup');
        expect((await admin.post('/forms/submissions', { columnToSort: 'email' })).status).to.equal(400);
      });

      it('keeps a spreadsheet from running what a visitor typed as a formula', async () => {
        const table = parseCsv((await csvOf(admin, '?form=informationRequest&from=2026-03-10&to=2026-03-10&sortOrder=asc')).text);
        expect(table[1]![11]).to.equal(`'=HYPERLINK("http://evil.example","klik")`);
      });

      it('applies the search term, the status and the days, and names all forms without one', async () => {
        const found = parseCsv((await csvOf(admin, '?searchTerm=exporteur%2012&from=2026-03-10&to=2026-03-10')).text);
        // exporteur 12, and 120 to 129
        expect(found).to.have.length(1 + 11);
        expect(parseCsv((await csvOf(admin, '?status=handled&from=2026-03-10')).text)).to.have.length(1);
        expect(parseCsv((await csvOf(admin, '?to=2020-01-01')).text)).to.have.length(1);
        const all = await csvOf(admin, '?from=2026-03-10&to=2026-03-10');
        expect(all.disposition).to.match(/filename="submissions-all-/);
        expect(parseCsv(all.text)).to.have.length(rows + 2);
        expect((await csvOf(admin, '?status=gelezen')).status).to.equal(400);
      });
    });

    describe('the retention period', () => {
      it('erases by itself the submissions received longer ago than their form keeps them (12 months by default)', async () => {
        const now = Date.now();
        const old = await stored('informationRequest', question('Oud Bericht', 'oud@example.nl', 'Van lang geleden'), new Date(now - 13 * MONTH));
        const recent = await stored('informationRequest', question('Nieuw Bericht', 'nieuw@example.nl', 'Van kort geleden'), new Date(now - 2 * MONTH));
        // Two hours on: the reactor looks again (once an hour).
        offset = 2 * 60 * 60 * 1000;
        const doc = () => app.stores.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, old);
        const deadline = Date.now() + 20_000;
        while ((await doc())?.erasedAt == null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await doc()).to.deep.include({ erasedBy: 'retention', values: '' });
        const events = await app.stores.eventStore.readStream(submissionStream(old));
        expect(events.at(-1)!.type).to.equal('FormSubmissionErased');
        expect(await app.auth.vault.open(submissionOwner(old), (events[0]!.data as EventData<'FormSubmitted'>).values)).to.equal(null);
        const young = await app.stores.readModels.get<SubmissionDoc>(readModels.formSubmissions.collection, recent);
        expect(young).to.deep.include({ erasedAt: null });
        expect(await app.auth.vault.open(submissionOwner(recent), young!.values)).to.deep.include({ name: 'Nieuw Bericht' });
      });
    });
  });
}
