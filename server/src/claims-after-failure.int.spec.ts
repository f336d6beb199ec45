import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { readOutbox, waitForMail } from './test-kit/outbox';
import { startWithFaultyStore, type FaultyEventStore } from './test-kit/faulty-event-store';
import { storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * A create claims its slug (and its place in the translation group) on streams of their own
 * before it writes the page. When the page cannot be written, the claims must not keep the slug
 * taken: they are given back at once, or, if the store is away for that too, as soon as it is
 * back; a retry of the create then succeeds.
 */
for (const kind of storeKinds()) {
  describe(`claims of a create that failed (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let faulty: FaultyEventStore;
    let admin: ApiClient;

    beforeEach(async () => {
      ({ app, faulty } = await startWithFaultyStore(kind));
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      faulty?.clear();
      await app?.stop();
    });

    const create = (slug: string) => admin.post('/page/create', { title: 'Nieuws', slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    const available = async (slug: string) => (await admin.post('/page/slug-available', { slug, locale: 'nl-nl' })).body.data.available as boolean;

    const availableSoon = async (slug: string, withinMs = 5_000) => {
      const deadline = Date.now() + withinMs;
      while (!(await available(slug)) && Date.now() < deadline) await sleep(100);
      return available(slug);
    };

    it('gives the slug back at once when the page cannot be written, so the retry succeeds', async () => {
      faulty.failAppends((stream) => stream.startsWith('page-'));
      const failed = await create('nieuws');
      expect(failed.status).to.equal(503);
      expect(failed.headers.get('retry-after')).to.equal('5');
      faulty.clear();
      // After store trouble the claims go back right after the answer (which does not wait for them).
      expect(await availableSoon('nieuws')).to.equal(true);
      const retried = await create('nieuws');
      expect(retried.status, JSON.stringify(retried.body)).to.equal(200);
    });

    it('gives it back as soon as the store is back when the store went away before the release', async () => {
      // The claims go through, then the store goes away: the page and the releases fail.
      const claimed = new Set<string>();
      faulty.failAppends((stream) => {
        const claim = stream.startsWith('slug-') || stream.startsWith('translation-');
        if (claim && !claimed.has(stream)) {
          claimed.add(stream);
          return false;
        }
        return true;
      });
      expect((await create('agenda')).status).to.equal(503);
      expect(await available('agenda')).to.equal(false);
      faulty.clear();
      // Released after the answer, with back-off: within a few seconds of the store's return.
      expect(await availableSoon('agenda')).to.equal(true);
      expect((await create('agenda')).status).to.equal(200);
    });

    it('answers a create that met store trouble without waiting for its claims to be given back', async () => {
      // The page's append fails as an unreachable store does; the release that would follow
      // would hang until its own timeout, so it is not tried before the answer.
      let pageFailed = false;
      faulty.failAppends((stream) => {
        if (!stream.startsWith('page-')) return false;
        pageFailed = true;
        return true;
      });
      const hold = faulty.holdAppend((stream) => pageFailed && (stream.startsWith('slug-') || stream.startsWith('translation-')));
      const failed = await Promise.race([create('later'), sleep(3_000).then(() => null)]);
      expect(failed?.status, 'answered while the release hangs').to.equal(503);
      faulty.clear();
      hold.release();
      expect(await availableSoon('later')).to.equal(true);
    });

    it('never gives back the claim of a page that was written after all', async () => {
      // The page is written but the answer of its append is lost (a timeout after the commit):
      // the create reports a failure and gives its claims back, except those its page holds.
      faulty.loseAnswers((stream) => stream.startsWith('page-'));
      expect((await create('blijft')).status).to.equal(503);
      faulty.clear();
      expect(await available('blijft')).to.equal(false);
      const second = await create('blijft');
      expect(second.status).to.equal(400);
      expect(second.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
    });

    it('gives a new address back when the change to it cannot be written, and the user keeps the old one', async () => {
      const user = { role: 'editor', profile: { name: 'Anna', jobTitle: '' } };
      const created = await admin.post('/user', { email: 'anna@pagelog.test', ...user });
      expect(created.status).to.equal(200);
      const id = created.body.data.ID as string;
      faulty.failAppends((stream) => stream === `user-${id}`);
      const changed = await admin.put(`/user/${id}`, { email: 'anna.nieuw@pagelog.test', ...user });
      expect(changed.status).to.equal(503);
      faulty.clear();
      // The new address is free again right after the answer; the old one is still Anna's.
      const register = (email: string) => admin.post('/user', { email, role: 'editor', profile: { name: 'Bram', jobTitle: '' } });
      const deadline = Date.now() + 5_000;
      let other = await register('anna.nieuw@pagelog.test');
      while (other.status !== 200 && Date.now() < deadline) {
        await sleep(100);
        other = await register('anna.nieuw@pagelog.test');
      }
      expect(other.status, JSON.stringify(other.body)).to.equal(200);
      const taken = await register('anna@pagelog.test');
      expect(taken.body.Errors?.[0]).to.include({ code: 'V_06', property: 'email' });
    });

    it('answers a registration whose store went away 503 with Retry-After, as any command, and gives the address back', async () => {
      // PostgreSQL's own words for a connection its server ended (not wrapped by Pagelog).
      const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      faulty.failAppends((stream) => stream.startsWith('user-') && stream !== 'user-directory', terminated);
      const failed = await admin.post('/user', { email: 'eva@pagelog.test', role: 'editor', profile: { name: 'Eva', jobTitle: '' } });
      expect(failed.status, JSON.stringify(failed.body)).to.equal(503);
      expect(failed.headers.get('retry-after')).to.equal('5');
      expect(failed.body.Errors[0].code).to.equal('G_01');
      faulty.clear();
      const deadline = Date.now() + 5_000;
      let retried = await admin.post('/user', { email: 'eva@pagelog.test', role: 'editor', profile: { name: 'Eva', jobTitle: '' } });
      while (retried.status !== 200 && Date.now() < deadline) {
        await sleep(100);
        retried = await admin.post('/user', { email: 'eva@pagelog.test', role: 'editor', profile: { name: 'Eva', jobTitle: '' } });
      }
      expect(retried.status, JSON.stringify(retried.body)).to.equal(200);
    });

    it('frees the old address once a change is written, and only then', async () => {
      const user = { role: 'editor', profile: { name: 'Cas', jobTitle: '' } };
      const id = (await admin.post('/user', { email: 'cas@pagelog.test', ...user })).body.data.ID as string;
      expect((await admin.put(`/user/${id}`, { email: 'cas.nieuw@pagelog.test', ...user })).status).to.equal(200);
      const register = (email: string) => admin.post('/user', { email, role: 'editor', profile: { name: 'Dirk', jobTitle: '' } });
      expect((await register('cas.nieuw@pagelog.test')).body.Errors?.[0]).to.include({ code: 'V_06', property: 'email' });
      expect((await register('cas@pagelog.test')).status).to.equal(200);
    });
  });

  describe(`work after the answer when the store goes away (${kind})`, function () {
    this.timeout(60_000);

    it('issues a forgot-password link once the store is back, so its mail is not lost to a short outage', async () => {
      const { app, faulty } = await startWithFaultyStore(kind);
      try {
        const dataDir = app.env.PAGELOG_DATA_DIR!;
        const before = (await readOutbox(dataDir)).length;
        // The token's append fails as an unreachable store does, for a second and a half.
        faulty.failAppends((stream) => stream.startsWith('user-'));
        const client = new ApiClient(app.url);
        await client.post('/auth/user');
        const asked = await client.post('/auth/forgot-password', { email: TEST_ADMIN.email });
        expect(asked.status).to.equal(200);
        await sleep(1_500);
        expect((await readOutbox(dataDir)).length).to.equal(before);
        faulty.clear();
        const mail = await waitForMail(dataDir, TEST_ADMIN.email, /Reset/, before, 15_000);
        expect(mail.text).to.contain('/cmsadmin/reset-password?token=');
      } finally {
        faulty.clear();
        await app.stop();
      }
    });
  });
}
