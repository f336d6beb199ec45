import { expect } from 'chai';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { readOutbox, tokenIn, waitForMail, linkIn } from './test-kit/outbox';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser, USER_PASSWORD } from './test-kit/users';

const AUTH_03 = 'Too many login attempts. Try again after 10 minutes.';

for (const kind of storeKinds()) {
  describe(`authentication and sessions (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let now: number;
    const dataDir = () => app.env.PAGELOG_DATA_DIR!;

    beforeEach(async () => {
      now = Date.now();
      app = await startTestPagelog(kind, { clock: () => now });
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      await app.stop();
    });

    describe('the session check and login', () => {
      it('answers ID 0 without a session, and hands out a CSRF token in a new anonymous session', async () => {
        const visitor = new ApiClient(app.url);
        const reply = await visitor.post('/auth/user');
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.equal({ ID: 0 });
        expect(visitor.cookie).to.match(/^pagelog_sid=/);
        expect(visitor.csrfToken).to.have.length.greaterThan(30);
        const cookie = reply.headers.getSetCookie()[0]!;
        expect(cookie).to.match(/HttpOnly/i);
        expect(cookie).to.match(/SameSite=Lax/i);
      });

      it('logs in: the reply carries User with its role and permissions, and the session check knows the user', async () => {
        const client = new ApiClient(app.url);
        const reply = await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
        expect(reply.status).to.equal(200);
        expect(reply.body.Success).to.equal(true);
        expect(reply.body.User).to.include({ email: TEST_ADMIN.email, status: 'active' });
        expect(reply.body.User.role.ID).to.equal('administrator');
        expect(reply.body.User.role.permissions.map((p: { name: string }) => p.name)).to.include.members(['manage-users', 'create-page', 'manage-menu']);
        const check = await client.post('/auth/user');
        expect(check.body.data.ID).to.equal(reply.body.User.ID);
        expect(check.body.data.session.inactivityMinutes).to.equal(30);
        expect((await client.get('/user')).body.data.email).to.equal(TEST_ADMIN.email);
      });

      it('gives a new session id and CSRF token at login, so a planted session id is worthless (session fixation)', async () => {
        const client = new ApiClient(app.url);
        await client.post('/auth/user');
        const planted = { cookie: client.cookie, token: client.csrfToken };
        await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
        expect(client.cookie).to.not.equal(planted.cookie);
        expect(client.csrfToken).to.not.equal(planted.token);
        const attacker = new ApiClient(app.url);
        attacker.cookie = planted.cookie;
        attacker.csrfToken = planted.token;
        expect((await attacker.get('/user')).status).to.equal(401);
        expect((await attacker.post('/auth/user')).body.data.ID).to.equal(0);
      });

      it('answers the same for an unknown address and a wrong password (no account enumeration)', async () => {
        const unknown = await new ApiClient(app.url).login('nobody@pagelog.test', 'Wrong-Password-99');
        const wrong = await new ApiClient(app.url).login(TEST_ADMIN.email, 'Wrong-Password-99');
        expect(unknown.status).to.equal(wrong.status);
        expect(unknown.body).to.deep.equal(wrong.body);
        expect(wrong.body.Errors).to.deep.equal([{ code: 'AUTH_01', property: 'email', model: 'user', message: 'These credentials do not match our records.' }]);
      });

      it('answers V_ errors for a login without email or password', async () => {
        const reply = await new ApiClient(app.url).login('', '');
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors.map((e: { message: string }) => e.message)).to.deep.equal(['The Email field is required.', 'The Password field is required.']);
      });
    });

    describe('ending sessions', () => {
      it('logs out: the cookie is cleared and the old session id no longer works', async () => {
        const old = { cookie: admin.cookie, token: admin.csrfToken };
        expect((await admin.post('/auth/logout')).status).to.equal(200);
        expect(admin.cookie).to.equal(null);
        const replay = new ApiClient(app.url);
        replay.cookie = old.cookie;
        replay.csrfToken = old.token;
        expect((await replay.get('/user')).status).to.equal(401);
      });

      it('ends every session of a deleted user at once', async () => {
        const user = await createActiveUser(admin, dataDir(), { email: 'leaving@pagelog.test', role: 'editor' });
        expect((await user.client.get('/user')).status).to.equal(200);
        expect((await admin.delete(`/user/${user.id}`)).status).to.equal(200);
        expect((await user.client.get('/user')).status).to.equal(401);
        expect((await new ApiClient(app.url).login('leaving@pagelog.test', user.password)).body.Errors[0].code).to.equal('AUTH_01');
      });

      it('ends every session of a user whose password is reset', async () => {
        const user = await createActiveUser(admin, dataDir(), { email: 'forgetful@pagelog.test', role: 'editor' });
        const second = await ApiClient.loggedIn(app.url, { email: 'forgetful@pagelog.test', password: user.password });
        const before = (await readOutbox(dataDir())).length;
        await new ApiClient(app.url).post('/auth/user').then(() => undefined);
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        expect((await anonymous.post('/auth/forgot-password', { email: 'forgetful@pagelog.test' })).status).to.equal(200);
        const mail = await waitForMail(dataDir(), 'forgetful@pagelog.test', /Reset/, before);
        const fresh = 'Another-Bright-Window-8';
        expect((await anonymous.post('/auth/reset-account', { password: fresh, confirm: fresh, token: tokenIn(mail) })).status).to.equal(200);
        expect((await user.client.get('/user')).status).to.equal(401);
        expect((await second.get('/user')).status).to.equal(401);
        expect((await new ApiClient(app.url).login('forgetful@pagelog.test', fresh)).status).to.equal(200);
      });

      it('ends a session after the idle time and after the absolute lifetime', async () => {
        now += 59 * 60_000;
        expect((await admin.get('/user')).status).to.equal(200);
        now += 59 * 60_000; // active within the idle hour each time
        expect((await admin.get('/user')).status).to.equal(200);
        now += 61 * 60_000; // idle for more than an hour
        expect((await admin.get('/user')).status).to.equal(401);
        const again = await ApiClient.loggedIn(app.url);
        for (let i = 0; i < 13; i++) {
          now += 55 * 60_000;
          await again.get('/user');
        }
        now += 10 * 60_000;
        expect((await again.get('/user')).status).to.equal(401, 'past the 12-hour absolute limit');
      });
    });

    describe('CSRF', () => {
      const page = { title: 'Over ons', slug: 'over-ons', type: 'article', locale: 'nl-nl' };

      it('refuses a state-changing call without the token, with another session\'s token, or without X-Requested-With', async () => {
        const other = await ApiClient.loggedIn(app.url);
        const missing = await admin.post('/page/create', page, { withoutCsrf: true });
        const foreign = await admin.post('/page/create', page, { headers: { 'X-CSRF-Token': other.csrfToken! } });
        const noHeader = await admin.post('/page/create', page, { withoutRequestedWith: true });
        const wrongHeader = await admin.post('/page/create', page, { headers: { 'X-Requested-With': 'fetch' } });
        for (const reply of [missing, foreign, noHeader, wrongHeader]) {
          expect(reply.status).to.equal(403);
          expect(reply.body.Errors[0]).to.include({ code: 'AUTH_06' });
        }
        expect((await admin.post('/page/create', page)).status).to.equal(200);
      });

      it('refuses a login without the token of the anonymous session (login CSRF)', async () => {
        const client = new ApiClient(app.url);
        await client.post('/auth/user');
        const reply = await client.post('/auth/login', TEST_ADMIN, { withoutCsrf: true });
        expect(reply.status).to.equal(403);
      });
    });

    describe('login lockout', () => {
      it('locks an account for one address after five failures, with the catalogue text and Retry-After', async () => {
        const client = new ApiClient(app.url);
        for (let i = 0; i < 5; i++) expect((await client.login(TEST_ADMIN.email, `Wrong-Guess-${i}!`)).status).to.equal(400);
        const locked = await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
        expect(locked.status).to.equal(429);
        expect(locked.body.Errors).to.deep.equal([{ code: 'AUTH_03', property: '', model: '', message: AUTH_03 }]);
        expect(Number(locked.headers.get('Retry-After'))).to.be.within(590, 600);
        // Not lifted by logging in as someone else from the same address, nor by a forged X-Forwarded-For.
        expect((await new ApiClient(app.url).login('someone@pagelog.test', 'Wrong-Guess-x!')).status).to.equal(400);
        const forged = await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password, { 'X-Forwarded-For': '203.0.113.9' });
        expect(forged.status).to.equal(429);
        expect(forged.body.Errors[0].message).to.equal(AUTH_03);
        // After ten minutes the account works again.
        now += 10 * 60_000 + 1000;
        expect((await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password)).status).to.equal(200);
      });
    });

    describe('tokens', () => {
      it('activates once: the link cannot be used again, and a made-up token is refused', async () => {
        const before = (await readOutbox(dataDir())).length;
        expect((await admin.post('/user', { email: 'new@pagelog.test', role: 'editor', profile: { name: 'New', jobTitle: '' } })).status).to.equal(200);
        const mail = await waitForMail(dataDir(), 'new@pagelog.test', /Activate/, before);
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        const body = { password: USER_PASSWORD, confirm: USER_PASSWORD, token: tokenIn(mail) };
        expect((await anonymous.post('/auth/reset-account', body)).status).to.equal(200);
        const reuse = await anonymous.post('/auth/reset-account', body);
        expect(reuse.status).to.equal(400);
        expect(reuse.body.Errors[0]).to.include({ code: 'V_05', message: 'The token is not valid or is expired.' });
        const madeUp = await anonymous.post('/auth/reset-account', { ...body, token: 'abc' });
        expect(madeUp.body.Errors[0]).to.include({ code: 'V_04', message: 'The token is not valid.' });
        const wrongSecret = await anonymous.post('/auth/reset-account', { ...body, token: tokenIn(mail).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
        expect(wrongSecret.body.Errors[0].code).to.equal('V_04');
      });

      it('refuses a reset link after its hour (fake clock)', async () => {
        const before = (await readOutbox(dataDir())).length;
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        await anonymous.post('/auth/forgot-password', { email: TEST_ADMIN.email });
        const mail = await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/, before);
        now += 61 * 60_000;
        // The page is opened from the mail an hour later: a new session check, then the reset.
        const later = new ApiClient(app.url);
        await later.post('/auth/user');
        const reply = await later.post('/auth/reset-account', { password: 'Later-Orange-Bridge-3', confirm: 'Later-Orange-Bridge-3', token: tokenIn(mail) });
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors[0].code).to.equal('V_05');
      });

      it('checks the new password: rules, confirmation and the list of common passwords', async () => {
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        const token = 'x';
        const short = await anonymous.post('/auth/reset-account', { password: 'Ab!', confirm: 'Ab!', token });
        expect(short.body.Errors.map((e: { code: string }) => e.code)).to.include('V_10');
        const plain = await anonymous.post('/auth/reset-account', { password: 'abcdefghijk', confirm: 'abcdefghijk', token });
        expect(plain.body.Errors.map((e: { code: string }) => e.code)).to.include('V_09');
        const mismatch = await anonymous.post('/auth/reset-account', { password: 'Silver-Meadow-1', confirm: 'Silver-Meadow-2', token });
        expect(mismatch.body.Errors.map((e: { code: string }) => e.code)).to.include('V_03');
        const long = `A!${'x'.repeat(62)}`;
        expect(long).to.have.length(64);
        const user = await createActiveUser(admin, dataDir(), { email: 'long@pagelog.test', role: 'editor', password: long });
        expect(user.client.cookie).to.be.a('string');
        // A common password is refused even with the rules met.
        const own = await user.client.put(`/user/${user.id}`, { currentPassword: long, newPassword: 'Password123!', confirmNewPassword: 'Password123!' });
        expect(own.status).to.equal(400);
        expect(own.body.Errors[0]).to.include({ code: 'AUTH_04', property: 'newPassword' });
      });

      it('builds links from PAGELOG_PUBLIC_URL, never from the Host header', async () => {
        const before = (await readOutbox(dataDir())).length;
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        await anonymous.post('/auth/forgot-password', { email: TEST_ADMIN.email }, { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
        const mail = await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/, before);
        expect(linkIn(mail).host).to.equal(new URL(app.env.PAGELOG_PUBLIC_URL ?? 'http://localhost:0').host);
        expect(mail.text).to.not.contain('evil.example');
      });

      it('answers forgot-password the same for known and unknown addresses, and mails only the known one', async () => {
        const before = (await readOutbox(dataDir())).length;
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        const known = await anonymous.post('/auth/forgot-password', { email: TEST_ADMIN.email });
        const unknown = await anonymous.post('/auth/forgot-password', { email: 'nobody@pagelog.test' });
        expect(known.status).to.equal(unknown.status);
        expect(known.body).to.deep.equal(unknown.body);
        await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/, before);
        expect((await readOutbox(dataDir())).slice(before).map((m) => m.to)).to.deep.equal([TEST_ADMIN.email]);
      });
    });
  });
}

describe('first-run setup', function () {
  this.timeout(60_000);

  it('has no account on a new store and prints a one-time setup link that creates the administrator', async () => {
    const app = await startTestPagelog('sqlite', { withoutAdmin: true });
    try {
      expect(app.setupLink).to.match(/\/cmsadmin\/setup\?token=/);
      const client = new ApiClient(app.url);
      expect((await client.login(TEST_ADMIN.email, TEST_ADMIN.password)).body.Errors[0].code).to.equal('AUTH_01');
      const token = new URL(app.setupLink!).searchParams.get('token')!;
      const body = { token, name: 'Ada Admin', email: 'ada@pagelog.test', password: 'Copper-Kettle-Sunrise-5', confirm: 'Copper-Kettle-Sunrise-5' };
      const done = await client.post('/auth/setup', body);
      expect(done.status).to.equal(200);
      expect(done.body.User).to.include({ name: 'Ada Admin', email: 'ada@pagelog.test' });
      expect((await client.get('/user')).body.data.role.ID).to.equal('administrator');
      const again = await new ApiClient(app.url).post('/auth/user').then(async () => client.post('/auth/setup', { ...body, email: 'eve@pagelog.test' }));
      expect(again.status).to.equal(400);
      expect(again.body.Errors[0].code).to.equal('V_05');
    } finally {
      await app.stop();
    }
  });

  it('creates the administrator from PAGELOG_ADMIN_EMAIL and PAGELOG_ADMIN_PASSWORD, and prints no link', async () => {
    const app = await startTestPagelog('sqlite');
    try {
      expect(app.setupLink).to.equal(null);
      expect((await new ApiClient(app.url).login(TEST_ADMIN.email, TEST_ADMIN.password)).status).to.equal(200);
    } finally {
      await app.stop();
    }
  });
});
