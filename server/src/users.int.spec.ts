import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { pngHeaderOnly } from '@pagelog/storage/media/test-images';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { readOutbox, tokenIn, waitForMail } from './test-kit/outbox';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';
import { freePort } from './test-kit/processes';

const png = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#c33' } }).png().toBuffer();

function imageForm(bytes: Buffer, fileName: string, type: string): FormData {
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

for (const kind of storeKinds()) {
  describe(`users through HTTP (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    const dataDir = () => app.env.PAGELOG_DATA_DIR!;

    beforeEach(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      await app.stop();
    });

    it('creates a user (pending, with an activation mail), lists, updates and deletes them', async () => {
      const before = (await readOutbox(dataDir())).length;
      const created = await admin.post('/user', { email: 'Joke@Pagelog.test', role: 'publisher', profile: { name: 'Joke de Vries', jobTitle: 'Researcher' } });
      expect(created.status).to.equal(200);
      expect(created.body.data).to.include({ name: 'Joke de Vries', email: 'joke@pagelog.test', jobTitle: 'Researcher', status: 'pending', image: null });
      expect(created.body.data.role.ID).to.equal('publisher');
      expect(Number(created.headers.get('X-Pagelog-Position'))).to.be.greaterThan(0);
      const mail = await waitForMail(dataDir(), 'joke@pagelog.test', /Activate your Pagelog account/, before);
      expect(mail.text).to.contain('Joke de Vries');
      const id = created.body.data.ID;

      const list = await admin.get('/user/list');
      expect(list.body.data.map((u: { email: string }) => u.email)).to.have.members([TEST_ADMIN.email, 'joke@pagelog.test']);

      const duplicate = await admin.post('/user', { email: 'joke@pagelog.test', role: 'editor', profile: { name: 'Other', jobTitle: '' } });
      expect(duplicate.status).to.equal(400);
      expect(duplicate.body.Errors).to.deep.equal([{ code: 'V_06', property: 'email', model: 'user', message: 'Email already exists.' }]);

      const badRole = await admin.post('/user', { email: 'x@pagelog.test', role: 'king', profile: { name: 'X', jobTitle: '' } });
      expect(badRole.body.Errors[0]).to.include({ code: 'V_12', property: 'role' });
      const invalid = await admin.post('/user', { email: 'not-an-address', role: 'editor', profile: { name: '', jobTitle: 'x'.repeat(255) } });
      expect(invalid.body.Errors.map((e: { message: string }) => e.message)).to.have.members([
        'The Email field must contain a valid email address.',
        'The Name field is required.',
        'Must be less than 255 characters.',
      ]);

      const updated = await admin.put(`/user/${id}`, { email: 'joke.devries@pagelog.test', role: 'editor', profile: { name: 'Joke de Vries-Bakker', jobTitle: 'Senior researcher' } });
      expect(updated.status).to.equal(200);
      expect(updated.body.data).to.include({ email: 'joke.devries@pagelog.test', name: 'Joke de Vries-Bakker', jobTitle: 'Senior researcher' });
      expect(updated.body.data.role.ID).to.equal('editor');
      // The old address is free again, the new one taken.
      expect((await admin.post('/user', { email: 'joke@pagelog.test', role: 'editor', profile: { name: 'New Joke', jobTitle: '' } })).status).to.equal(200);

      expect((await admin.delete(`/user/${id}`)).status).to.equal(200);
      expect((await admin.get('/user/list')).body.data.map((u: { ID: string }) => u.ID)).to.not.include(id);
      const gone = await admin.delete(`/user/${id}`);
      expect(gone.status).to.equal(404);
      expect(gone.body.Errors[0]).to.include({ code: 'UM_02' });
    });

    it('pages, searches and sorts the user list ({items, totalItems})', async () => {
      for (const [name, email] of [['Anna', 'anna@pagelog.test'], ['Bram', 'bram@pagelog.test'], ['Cees', 'cees@pagelog.test']]) {
        await admin.post('/user', { email, role: 'editor', profile: { name, jobTitle: name === 'Bram' ? 'Statistician' : '' } });
      }
      const first = await admin.get('/user/list?pageIndex=0&pageSize=2&columnToSort=name&sortOrder=asc');
      expect(first.body.data.totalItems).to.equal(4);
      expect(first.body.data.items.map((u: { name: string }) => u.name)).to.deep.equal(['Administrator', 'Anna']);
      const last = await admin.get('/user/list?pageIndex=1&pageSize=2&columnToSort=name&sortOrder=desc');
      expect(last.body.data.items.map((u: { name: string }) => u.name)).to.deep.equal(['Anna', 'Administrator']);
      const found = await admin.get('/user/list?pageIndex=0&pageSize=25&searchTerm=statis');
      expect(found.body.data.items.map((u: { name: string }) => u.name)).to.deep.equal(['Bram']);
      expect((await admin.get('/user/list?columnToSort=password')).status).to.equal(400);
    });

    it('lists the seeded roles with their permissions for the role picker', async () => {
      const roles = await admin.get('/role/list');
      expect(roles.body.data.map((r: { ID: string }) => r.ID)).to.have.members(['administrator', 'publisher', 'editor', 'auditor']);
      const editor = roles.body.data.find((r: { ID: string }) => r.ID === 'editor');
      expect(editor.permissions.map((p: { name: string }) => p.name)).to.include('create-page').and.not.include('manage-users');
    });

    it('keeps at least one administrator and does not let a user delete themselves', async () => {
      const me = (await admin.get('/user')).body.data.ID;
      const self = await admin.delete(`/user/${me}`);
      expect(self.status).to.equal(400);
      expect(self.body.Errors[0].code).to.equal('V_07');
      const demote = await admin.put(`/user/${me}`, { role: 'editor' });
      expect(demote.body.Errors[0]).to.include({ code: 'V_07', property: 'role' });
    });

    it('changes the own password only with the current one (AUTH_02) and matching confirmation (V_08), ending other sessions', async () => {
      const user = await createActiveUser(admin, dataDir(), { email: 'pw@pagelog.test', role: 'editor' });
      const other = await ApiClient.loggedIn(app.url, { email: 'pw@pagelog.test', password: user.password });
      const wrong = await user.client.put(`/user/${user.id}`, { currentPassword: 'Not-The-One-11', newPassword: 'Fresh-Garden-Gate-4', confirmNewPassword: 'Fresh-Garden-Gate-4' });
      expect(wrong.body.Errors).to.deep.equal([{ code: 'AUTH_02', property: 'currentPassword', model: 'user', message: 'This current password does not match our records.' }]);
      const mismatch = await user.client.put(`/user/${user.id}`, { currentPassword: user.password, newPassword: 'Fresh-Garden-Gate-4', confirmNewPassword: 'Fresh-Garden-Gate-5' });
      expect(mismatch.body.Errors[0]).to.include({ code: 'V_08', message: 'The passwords do not match.' });
      const changed = await user.client.put(`/user/${user.id}`, { currentPassword: user.password, newPassword: 'Fresh-Garden-Gate-4', confirmNewPassword: 'Fresh-Garden-Gate-4' });
      expect(changed.status).to.equal(200);
      expect((await user.client.get('/user')).status).to.equal(200, 'the session that changed it stays');
      expect((await other.get('/user')).status).to.equal(401, 'other sessions end');
      expect((await new ApiClient(app.url).login('pw@pagelog.test', 'Fresh-Garden-Gate-4')).status).to.equal(200);
      // An administrator cannot set someone else's password (they can send a reset link instead).
      const forced = await admin.put(`/user/${user.id}`, { currentPassword: 'x', newPassword: 'Forced-Pass-Word-1', confirmNewPassword: 'Forced-Pass-Word-1' });
      expect(forced.status).to.equal(403);
    });

    describe('profile images', () => {
      it('stores a PNG re-encoded without metadata, serves it, and removes it', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#36c' } })
          .jpeg()
          .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
          .toBuffer();
        const stored = await admin.put(`/user/${me}/image`, imageForm(withExif, 'me.jpg', 'image/jpeg'));
        expect(stored.status).to.equal(200);
        expect(stored.body.data.image).to.match(new RegExp(`^/api/cms/user/${me}/image\\?v=`));
        const served = await fetch(`${app.url}${stored.body.data.image}`, { headers: { Cookie: admin.cookie! } });
        expect(served.status).to.equal(200);
        expect(served.headers.get('content-type')).to.equal('image/jpeg');
        const bytes = Buffer.from(await served.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect([meta.width, meta.height, meta.exif]).to.deep.equal([80, 60, undefined]);
        expect(bytes.includes('secret-location')).to.equal(false);
        expect((await fetch(`${app.url}${stored.body.data.image}`)).status).to.equal(401, 'not without a session');

        const removed = await admin.delete(`/user/${me}/image`);
        expect(removed.body.data.image).to.equal(null);
        expect((await fetch(`${app.url}/api/cms/user/${me}/image`, { headers: { Cookie: admin.cookie! } })).status).to.equal(404);
      });

      it('serves byte ranges (206, 416 past the end) with Content-Length, Accept-Ranges and the stored hash as ETag', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const stored = await admin.put(`/user/${me}/image`, imageForm(await png(), 'me.png', 'image/png'));
        const address = `${app.url}${stored.body.data.image}`;
        const cookie = { Cookie: admin.cookie! };
        const whole = await fetch(address, { headers: cookie });
        const bytes = Buffer.from(await whole.arrayBuffer());
        const etag = whole.headers.get('etag')!;
        expect(etag).to.match(/^"[0-9a-f]{64}"$/);
        expect(stored.body.data.image).to.contain(`?v=${etag.slice(-13, -1)}`);
        expect([whole.headers.get('accept-ranges'), whole.headers.get('content-length')]).to.deep.equal(['bytes', String(bytes.length)]);

        const part = await fetch(address, { headers: { ...cookie, Range: 'bytes=8-23' } });
        expect(part.status).to.equal(206);
        expect([part.headers.get('content-range'), part.headers.get('content-length'), part.headers.get('etag')]).to.deep.equal([`bytes 8-23/${bytes.length}`, '16', etag]);
        expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(8, 24))).to.equal(true);

        const past = await fetch(address, { headers: { ...cookie, Range: `bytes=${bytes.length}-` } });
        expect(past.status).to.equal(416);
        expect(past.headers.get('content-range')).to.equal(`bytes */${bytes.length}`);
        // (A Cache-Control of our own: fetch adds no-cache to a conditional request otherwise.)
        expect((await fetch(address, { headers: { ...cookie, 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).to.equal(304);
      });

      it('still serves an image stored before blobs were content-addressed (a UUID in the event log), and removes it when replaced', async () => {
        const me = (await admin.get('/user')).body.data.ID as string;
        const picture = await png(30, 20);
        const imageId = randomUUID();
        // What the Buffer-based blob store kept: the sealed image under a UUID, the file's first
        // line its content type (files) or a bytea row (PostgreSQL), and an event naming the UUID.
        const sealed = await app.auth.vault.sealBytes(me, picture);
        if (kind === 'sqlite') {
          writeFileSync(join(dataDir(), 'blobs', imageId), Buffer.concat([Buffer.from('pagelog-blob/1 image/png\n', 'latin1'), sealed]));
        } else {
          const table = `"${app.env.PAGELOG_PG_SCHEMA}".blobs`;
          const db = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
          await db.connect();
          await db.query(`CREATE TABLE ${table} (id text PRIMARY KEY, content_type text NOT NULL, bytes bytea NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
          await db.query(`INSERT INTO ${table} (id, content_type, bytes) VALUES ($1, 'image/png', $2)`, [imageId, sealed]);
          await db.end();
        }
        const metadata = { actorId: me, correlationId: 'legacy', causationId: 'legacy', occurredAt: new Date().toISOString(), schemaVersion: 1 };
        await app.stores.eventStore.append(`user-${me}`, [{ id: randomUUID(), type: 'UserImageChanged', data: { imageId }, metadata }], 'any');
        // An upgrade starts the new code on the old data.
        await app.stop(true);
        app = await startTestPagelog(kind, { env: app.env });
        admin = await ApiClient.loggedIn(app.url);

        const image = (await admin.get('/user')).body.data.image as string;
        expect(image).to.equal(`/api/cms/user/${me}/image?v=${imageId.slice(-12)}`);
        const served = await fetch(`${app.url}${image}`, { headers: { Cookie: admin.cookie! } });
        expect([served.status, served.headers.get('content-type'), served.headers.get('etag')]).to.deep.equal([200, 'image/png', `"${imageId}"`]);
        expect(Buffer.from(await served.arrayBuffer()).equals(picture)).to.equal(true);
        const part = await fetch(`${app.url}${image}`, { headers: { Cookie: admin.cookie!, Range: 'bytes=0-7' } });
        expect(part.status).to.equal(206);
        expect(Buffer.from(await part.arrayBuffer()).equals(picture.subarray(0, 8))).to.equal(true);

        expect((await admin.put(`/user/${me}/image`, imageForm(await png(), 'new.png', 'image/png'))).status).to.equal(200);
        expect(await app.auth.blobs.stat(imageId)).to.equal(null);
      });

      it('judges by content: a PNG named .html is a PNG; HTML named .png is refused (UM_06)', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const disguised = await admin.put(`/user/${me}/image`, imageForm(await png(), 'avatar.html', 'text/html'));
        expect(disguised.status).to.equal(200);
        const served = await fetch(`${app.url}${disguised.body.data.image}`, { headers: { Cookie: admin.cookie! } });
        expect(served.headers.get('content-type')).to.equal('image/png');
        expect(served.headers.get('x-content-type-options')).to.equal('nosniff');
        const html = await admin.put(`/user/${me}/image`, imageForm(Buffer.from('<html><script>alert(1)</script></html>'), 'avatar.png', 'image/png'));
        expect(html.status).to.equal(415);
        expect(html.body.Errors[0]).to.include({ code: 'UM_06', message: 'Unsupported image format; select JPEG or PNG.' });
      });

      it('refuses an image bomb from its header (UM_08), an image over 2 MB (UM_05), a broken one (UM_07) and no file (V_17)', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const bomb = await admin.put(`/user/${me}/image`, imageForm(pngHeaderOnly(20_000, 20_000), 'bomb.png', 'image/png'));
        expect(bomb.status).to.equal(400);
        expect(bomb.body.Errors[0]).to.include({ code: 'UM_08', message: 'Image exceeds maximum resolution of 1024x1024 pixels.' });
        const big = await admin.put(`/user/${me}/image`, imageForm(Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'big.png', 'image/png'));
        expect(big.status).to.equal(413);
        expect(big.body.Errors[0]).to.include({ code: 'UM_05' });
        const broken = await admin.put(`/user/${me}/image`, imageForm((await png()).subarray(0, 60), 'cut.png', 'image/png'));
        expect(broken.body.Errors[0]).to.include({ code: 'UM_07' });
        const none = await admin.put(`/user/${me}/image`, new FormData());
        expect(none.body.Errors[0]).to.include({ code: 'V_17' });
        expect((await admin.get('/user')).body.data.image).to.equal(null);
      });
    });

    it('keeps personal data out of events and read models, and makes it unreadable once the user is deleted', async () => {
      const name = 'Zoë Privacy-Vlieger';
      const email = 'zoe.private@pagelog.test';
      const user = await createActiveUser(admin, dataDir(), { email, name, role: 'editor' });
      await user.client.put(`/user/${user.id}`, { profile: { name, jobTitle: 'Confidential analyst' } });
      const everything = async () => {
        const events = [];
        for (let after = 0; ; ) {
          const batch = await app.stores.eventStore.readAll({ after, limit: 500 });
          if (batch.length === 0) break;
          events.push(...batch);
          after = batch[batch.length - 1]!.position;
        }
        return JSON.stringify(events) + JSON.stringify(await app.stores.readModels.find('users'));
      };
      const before = await everything();
      for (const secret of [name, email, 'Confidential analyst', 'Privacy']) expect(before).to.not.contain(secret);
      // A backup of the read model taken now...
      const backup = (await app.stores.readModels.get<{ personal: string }>('users', user.id))!;
      expect((await app.auth.vault.open<{ name: string }>(user.id, backup.personal))!.name).to.equal(name);

      const deleted = await admin.delete(`/user/${user.id}`);
      expect(deleted.status).to.equal(200);
      await app.stores.readModels.waitForCheckpoints(['users'], Number(deleted.headers.get('X-Pagelog-Position')), 5000);
      // ...cannot be opened any more, nor can the events.
      expect(await app.auth.vault.open(user.id, backup.personal)).to.equal(null);
      const registered = (await app.stores.eventStore.readStream(`user-${user.id}`)).find((e) => e.type === 'UserRegistered')!;
      expect(await app.auth.vault.open(user.id, (registered.data as { personal: string }).personal)).to.equal(null);
      expect(await app.stores.readModels.get('users', user.id)).to.equal(null);
      if (kind === 'sqlite') {
        for (const file of readdirSync(dataDir()).filter((f) => f.startsWith('pagelog.db'))) {
          const raw = readFileSync(join(dataDir(), file));
          expect(raw.includes(email), file).to.equal(false);
          expect(raw.includes(Buffer.from(name)), file).to.equal(false);
        }
      }
    });
  });
}

describe('login lockout across addresses (behind a trusted proxy)', function () {
  this.timeout(60_000);
  let app: TestPagelog;
  before(async () => {
    app = await startTestPagelog('sqlite', { extraEnv: { PAGELOG_TRUST_PROXY: 'true' } });
  });
  after(async () => app.stop());
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('does not let one address lock someone out, and does not let rotating addresses get around it', async () => {
    for (let i = 0; i < 5; i++) await new ApiClient(app.url).login(TEST_ADMIN.email, `Wrong-Guess-${i}!`, from('198.51.100.1'));
    expect((await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password, from('198.51.100.1'))).status).to.equal(429);
    // The real administrator, elsewhere, still gets in.
    expect((await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password, from('192.0.2.50'))).status).to.equal(200);
    // Twenty failures from many addresses lock the account everywhere.
    for (let i = 0; i < 15; i++) await new ApiClient(app.url).login(TEST_ADMIN.email, `Wrong-Guess-${i}!`, from(`198.51.100.${10 + i}`));
    const rotated = await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password, from('198.51.100.200'));
    expect(rotated.status).to.equal(429);
    expect(rotated.body.Errors[0].message).to.equal('Too many login attempts. Try again after 10 minutes.');
  });
});

describe('mail through a real SMTP server', function () {
  this.timeout(60_000);

  /** An SMTP server that keeps what it receives. */
  function smtpServer(received: { to: string; subject: string; text: string; messageId: string }[]): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push({ to: Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''), subject: mail.subject ?? '', text: mail.text ?? '', messageId: mail.messageId ?? '' });
          callback();
        }, callback);
      },
    });
  }

  it('keeps the mails while the mail server is away, says so in the status, and sends each one once when it is back', async () => {
    const received: { to: string; subject: string; text: string; messageId: string }[] = [];
    const port = await freePort();
    const app = await startTestPagelog('sqlite', { extraEnv: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const server = smtpServer(received);
    try {
      const admin = await ApiClient.loggedIn(app.url);
      for (const name of ['Ans', 'Bram']) {
        const created = await admin.post('/user', { email: `${name.toLowerCase()}@pagelog.test`, role: 'editor', profile: { name, jobTitle: '' } });
        expect(created.status, 'the command does not wait for its mail').to.equal(200);
      }
      const mails = async () => ((await admin.get('/system/projections')).body.data as { name: string; kind: string; state: string; error: { message: string } | null }[]).find((s) => s.name === 'mails')!;
      for (let i = 0; i < 100 && (await mails()).state !== 'failing'; i++) await new Promise((r) => setTimeout(r, 50));
      const failing = await mails();
      expect(failing).to.include({ kind: 'reactor', state: 'failing' });
      expect(failing.error!.message).to.contain('ECONNREFUSED');

      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      for (let i = 0; i < 300 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      expect(received.map((m) => m.to).sort()).to.deep.equal(['ans@pagelog.test', 'bram@pagelog.test']);
      expect(new Set(received.map((m) => m.messageId)).size).to.equal(2);
      for (let i = 0; i < 100 && (await mails()).error !== null; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await mails()).to.include({ state: 'ok', error: null });
    } finally {
      await app.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends the activation mail over SMTP with a link that activates the account', async () => {
    const received: { to: string; subject: string; text: string; messageId: string }[] = [];
    const server = smtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const app = await startTestPagelog('sqlite', { extraEnv: { SMTP_URL: `smtp://127.0.0.1:${port}`, PAGELOG_PUBLIC_URL: 'https://cms.voorbeeld.nl' } });
    try {
      const admin = await ApiClient.loggedIn(app.url);
      await admin.post('/user', { email: 'smtp@pagelog.test', role: 'editor', profile: { name: 'Sam', jobTitle: '' } });
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received).to.have.length(1);
      expect(received[0]).to.include({ to: 'smtp@pagelog.test', subject: 'Activate your Pagelog account' });
      expect(received[0]!.text).to.contain('https://cms.voorbeeld.nl/cmsadmin/activate-account?token=');
      expect(await readOutbox(app.env.PAGELOG_DATA_DIR!)).to.deep.equal([], 'nothing goes to the outbox when SMTP is set');
      const anonymous = new ApiClient(app.url);
      await anonymous.post('/auth/user');
      const password = 'Harbour-Light-Seven-7';
      expect((await anonymous.post('/auth/reset-account', { password, confirm: password, token: tokenIn(received[0]!) })).status).to.equal(200);
      expect((await new ApiClient(app.url).login('smtp@pagelog.test', password)).status).to.equal(200);
    } finally {
      await app.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
