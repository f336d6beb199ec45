import { expect } from 'chai';
import { ApiClient, TEST_ADMIN, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';
import { readOutbox, tokenIn, waitForMail } from './test-kit/outbox';
import { maskCsrfToken } from '@pagelog/contracts/users/csrf-mask';

const minute = 60_000;

/** How many replies had each status, e.g. { 400: 5, 429: 35 }. */
const tally = (replies: ApiReply[]) =>
  replies.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

/**
 * Login throttling under parallel bursts: an attempt is counted against the account's limits
 * before its password is checked, in one atomic step of the session store (SQLite; Redis on the
 * PostgreSQL run), so the limits hold exactly however many attempts arrive at once. Behind a
 * trusted proxy, so each attempt can name its address; on a fake clock, with the delays of an
 * address's failures recorded instead of slept.
 */
for (const kind of storeKinds()) {
  describe(`login throttling under parallel bursts (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let now: number;
    let waits: number[];

    beforeEach(async () => {
      // From the real time on: Redis also expires sessions and counters on its own clock.
      now = Date.now();
      waits = [];
      app = await startTestPagelog(kind, {
        extraEnv: { PAGELOG_TRUST_PROXY: 'true' },
        clock: () => now,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
    });
    afterEach(async () => app?.stop());

    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const attempt = (email: string, password: string, ip: string) => new ApiClient(app.url).login(email, password, from(ip));

    it('checks exactly five of 40 parallel wrong passwords for one account from one address, and then refuses the right one', async () => {
      const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(TEST_ADMIN.email, `Wrong-Guess-${i}!`, '198.51.100.7')));
      expect(tally(replies)).to.deep.equal({ 400: 5, 429: 35 });
      for (const refused of replies.filter((r) => r.status === 429)) {
        expect(refused.body.Errors).to.deep.equal([{ code: 'AUTH_03', property: '', model: '', message: 'Too many login attempts. Try again after 10 minutes.' }]);
      }
      expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.7')).status).to.equal(429);
      // The pair's window ends ten minutes after its first attempt.
      now += 10 * minute;
      expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.7')).status).to.equal(200);
    });

    it('checks exactly twenty of 100 parallel wrong passwords for one account from 100 addresses', async () => {
      const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(TEST_ADMIN.email, `Wrong-Guess-${i}!`, `203.0.113.${i + 1}`)));
      expect(tally(replies)).to.deep.equal({ 400: 20, 429: 80 });
      // Locked for the account everywhere, also from an address that never failed.
      expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '192.0.2.200')).status).to.equal(429);
    });

    it('answers the failures of one address on many accounts more and more slowly, and a colleague behind it at once', async () => {
      const colleague = await createActiveUser(await ApiClient.loggedIn(app.url), app.env.PAGELOG_DATA_DIR!, { email: 'colleague@pagelog.test', role: 'editor' });
      const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(`guess-${i}@pagelog.test`, 'Wrong-Guess-1!', '198.51.100.99')));
      // Every one is checked (one guess per account stays under the account limits), and answered
      // after a delay that grows with the address's failures: none for the first ten, then 250 ms
      // doubling to 8 s.
      expect(tally(replies)).to.deep.equal({ 400: 60 });
      expect([...waits].sort((a, b) => a - b)).to.deep.equal([250, 500, 1000, 2000, 4000, ...Array(45).fill(8000)]);
      // The colleague behind the same address, at the same moment, with their own password: at once.
      const before = waits.length;
      const login = await attempt('colleague@pagelog.test', colleague.password, '198.51.100.99');
      expect(login.status).to.equal(200);
      expect(login.body.User.email).to.equal('colleague@pagelog.test');
      expect(waits).to.have.length(before);
    });

    it('lets a colleague in every time while someone behind the same address keeps guessing', async () => {
      const colleague = await createActiveUser(await ApiClient.loggedIn(app.url), app.env.PAGELOG_DATA_DIR!, { email: 'colleague@pagelog.test', role: 'editor' });
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 15; i++) await attempt(`guess-${round}-${i}@pagelog.test`, 'Wrong-Guess-1!', '198.51.100.98');
        now += 20_000;
        const login = await attempt('colleague@pagelog.test', colleague.password, '198.51.100.98');
        expect(login.status, `round ${round}`).to.equal(200);
      }
    });

    it('counts the addresses of one IPv6 /64 as one, so rotating through it gains nothing', async () => {
      for (let i = 1; i <= 5; i++) expect((await attempt(TEST_ADMIN.email, `Wrong-Guess-${i}!`, `2001:db8:7:7::${i}`)).status).to.equal(400);
      expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '2001:db8:7:7:ffff::99')).status).to.equal(429);
      // Another subscriber's block is another address.
      expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '2001:db8:7:8::1')).status).to.equal(200);
    });

    it('counts only failures: thirty logins in a row from one address all succeed', async () => {
      for (let i = 0; i < 30; i++) {
        expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '192.0.2.10')).status, `login ${i + 1}`).to.equal(200);
      }
      expect(waits).to.deep.equal([]);
    });
  });
}

/**
 * Forgot-password, tried as a mail bomber and as someone probing which addresses have accounts
 * would: the answer comes before any look-up (so it says nothing, by its content or its time,
 * about the address), and the mail one address can cause and one account can receive is bounded.
 */
for (const kind of storeKinds()) {
  describe(`forgot-password under abuse (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let held: (() => Promise<void>)[];
    let holding: boolean;

    beforeEach(async () => {
      held = [];
      holding = false;
      app = await startTestPagelog(kind, {
        extraEnv: { PAGELOG_TRUST_PROXY: 'true' },
        later: (_label, work) => {
          if (holding) held.push(work);
          else setImmediate(() => void work());
        },
      });
    });
    afterEach(async () => app?.stop());

    const dataDir = () => app.env.PAGELOG_DATA_DIR!;
    const ask = async (email: string, ip: string) => {
      const client = new ApiClient(app.url);
      await client.post('/auth/user');
      return client.post('/auth/forgot-password', { email }, { headers: { 'X-Forwarded-For': ip } });
    };

    it('answers a known and an unknown address before looking either up, having written nothing', async () => {
      holding = true;
      const head = await app.stores.eventStore.headPosition();
      const known = await ask(TEST_ADMIN.email, '192.0.2.1');
      const unknown = await ask('nobody@pagelog.test', '192.0.2.1');
      expect(known.status).to.equal(200);
      expect(known.body).to.deep.equal(unknown.body);
      // The same work was left for after the answer, one piece each; nothing is in the log yet.
      expect(held).to.have.length(2);
      expect(await app.stores.eventStore.headPosition()).to.equal(head);
      for (const work of held) await work();
      expect(await app.stores.eventStore.headPosition()).to.equal(head + 1);
      await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/);
      expect((await readOutbox(dataDir())).map((m) => m.to)).to.deep.equal([TEST_ADMIN.email]);
    });

    it('mails one account at most three links an hour, however many addresses ask', async () => {
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(TEST_ADMIN.email, `203.0.113.${i + 1}`)));
      expect(replies.map((r) => r.status)).to.deep.equal(Array(12).fill(200));
      await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await readOutbox(dataDir())).filter((m) => m.to === TEST_ADMIN.email)).to.have.length(3);
    });

    it('lets one address ask for at most twenty links an hour, whatever the addresses asked about', async () => {
      holding = true;
      for (let i = 0; i < 25; i++) expect((await ask(`someone-${i}@pagelog.test`, '198.51.100.5')).status).to.equal(200);
      expect(held).to.have.length(20);
    });

    it('finishes the work it left for after the answer before it shuts down', async () => {
      // As the product runs: work after the answer is its own, not held by the test.
      await app.stop();
      app = await startTestPagelog(kind);
      await ask(TEST_ADMIN.email, '192.0.2.1');
      await app.stop(true);
      expect((await readOutbox(dataDir())).map((m) => m.to)).to.deep.equal([TEST_ADMIN.email]);
      app = await startTestPagelog(kind, { env: app.env });
    });

    it('voids a mailed reset link once the password is changed in the personal settings', async () => {
      const admin = await ApiClient.loggedIn(app.url);
      const me = (await admin.get('/user')).body.data.ID as string;
      await ask(TEST_ADMIN.email, '192.0.2.1');
      const mail = await waitForMail(dataDir(), TEST_ADMIN.email, /Reset/);
      const changed = await admin.put(`/user/${me}`, { currentPassword: TEST_ADMIN.password, newPassword: 'Copper-Kettle-Morning-5', confirmNewPassword: 'Copper-Kettle-Morning-5' });
      expect(changed.status).to.equal(200);
      const anonymous = new ApiClient(app.url);
      await anonymous.post('/auth/user');
      const reset = await anonymous.post('/auth/reset-account', { password: 'Stolen-Link-Works-9', confirm: 'Stolen-Link-Works-9', token: tokenIn(mail) });
      expect(reset.status).to.equal(400);
      expect(reset.body.Errors[0]).to.include({ code: 'V_04', property: 'token' });
      expect((await new ApiClient(app.url).login(TEST_ADMIN.email, 'Copper-Kettle-Morning-5')).status).to.equal(200);
    });
  });
}

describe('the CSRF token as the public site hands it out (masked per page)', function () {
  this.timeout(60_000);
  let app: TestPagelog;
  before(async () => {
    app = await startTestPagelog('sqlite');
  });
  after(async () => app?.stop());

  it("accepts the session's token masked with any pad, and refuses a mask of another token", async () => {
    const admin = await ApiClient.loggedIn(app.url);
    const token = admin.csrfToken!;
    const refreshWith = (value: string) => admin.post('/auth/refresh-session', {}, { headers: { 'X-CSRF-Token': value } });
    expect((await refreshWith(maskCsrfToken(token))).status).to.equal(200);
    expect((await refreshWith(maskCsrfToken(token))).status).to.equal(200);
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await refreshWith(maskCsrfToken(other));
    expect(refused.status).to.equal(403);
    expect(refused.body.Errors[0]).to.include({ code: 'AUTH_06' });
    expect((await refreshWith('m1.not-a.mask!')).status).to.equal(403);
  });
});
