import { expect } from 'chai';
import { ABANDONED_CLAIM_MS } from '@pagelog/command-service/core/claims/claim-decider';
import { ApiClient } from './test-kit/api-client';
import { startWithFaultyStore, type FaultyEventStore } from './test-kit/faulty-event-store';
import { storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * A claim (a slug, an address) whose owner has not come to use it for ABANDONED_CLAIM_MS is
 * taken over by the next command that wants it. The command that made it may only be slow, not
 * dead: when its write finally arrives it must be refused, or two pages would share a slug, two
 * users an address. These tests stall a command between its claim and its write, move the clock
 * on, let a second command take the claim over, then let the first go on.
 */
for (const kind of storeKinds()) {
  describe(`a claim taken over from a command too slow to use it (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let faulty: FaultyEventStore;
    let admin: ApiClient;
    let now: number;

    beforeEach(async () => {
      now = Date.now();
      ({ app, faulty } = await startWithFaultyStore(kind, { clock: () => now }));
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      faulty?.clear();
      await app?.stop();
    });

    const create = (slug: string) => admin.post('/page/create', { title: 'Traag', slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    const available = async (slug: string) => (await admin.post('/page/slug-available', { slug, locale: 'nl-nl' })).body.data.available as boolean;

    it('refuses a create whose page arrives after its slug was taken over (V_06), and the slug has one page', async () => {
      const hold = faulty.holdAppend((stream) => stream.startsWith('page-'));
      const first = create('traag');
      await hold.reached;
      now += ABANDONED_CLAIM_MS + 1_000;
      const second = await create('traag');
      expect(second.status, JSON.stringify(second.body)).to.equal(200);
      hold.release();
      const late = await first;
      expect(late.status, JSON.stringify(late.body)).to.equal(400);
      expect(late.body.Errors[0]).to.include({ code: 'V_06', property: 'slug', model: 'page' });
      expect(await available('traag')).to.equal(false);
      // The slug's page is the second one, and it stays theirs.
      const page = await admin.get(`/page/${second.body.data.pageID}`);
      expect(page.body.data.slug).to.equal('traag');
      const third = await create('traag');
      expect(third.body.Errors?.[0]).to.include({ code: 'V_06', property: 'slug' });
    });

    it('lets a create that is only slow, for less than that, keep its slug: another create is refused meanwhile', async () => {
      const hold = faulty.holdAppend((stream) => stream.startsWith('page-'));
      const first = create('geduld');
      await hold.reached;
      now += ABANDONED_CLAIM_MS - 5_000;
      const second = await create('geduld');
      expect(second.status).to.equal(400);
      expect(second.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
      hold.release();
      expect((await first).status).to.equal(200);
    });

    it('refuses a move whose page write arrives after its new slug was taken over, and the page keeps its old slug', async () => {
      const mover = await create('oud');
      expect(mover.status).to.equal(200);
      const hold = faulty.holdAppend((stream) => stream === `page-${mover.body.data.pageID}`);
      const move = admin.put(`/page/${mover.body.data.pageID}/save`, { slug: 'nieuw', shouldUpdateLinks: false });
      await hold.reached;
      now += ABANDONED_CLAIM_MS + 1_000;
      const other = await create('nieuw');
      expect(other.status, JSON.stringify(other.body)).to.equal(200);
      hold.release();
      const late = await move;
      expect(late.status, JSON.stringify(late.body)).to.equal(400);
      expect(late.body.Errors[0]).to.include({ code: 'V_06', property: 'slug', model: 'page' });
      expect((await admin.get(`/page/${mover.body.data.pageID}`)).body.data.slug).to.equal('oud');
      expect((await admin.get(`/page/${other.body.data.pageID}`)).body.data.slug).to.equal('nieuw');
      // The page's history says what happened to it.
      const history = await admin.get(`/page/${mover.body.data.pageID}/history`);
      expect(history.body.data.map((e: { type: string }) => e.type)).to.include('ClaimFenced');
    });

    it('refuses (409) a save worked out before a move of the page and written after it, instead of moving the page back unclaimed', async () => {
      const page = await create('heen');
      const id = page.body.data.pageID as string;
      const hold = faulty.holdAppend((stream) => stream === `page-${id}`);
      const stale = admin.put(`/page/${id}/save`, { slug: 'heen', shouldUpdateLinks: false, anchor: 'kop' });
      await hold.reached;
      const moved = await admin.put(`/page/${id}/save`, { slug: 'terug', shouldUpdateLinks: false });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      hold.release();
      const late = await stale;
      expect(late.status, JSON.stringify(late.body)).to.equal(409);
      expect((await admin.get(`/page/${id}`)).body.data.slug).to.equal('terug');
      // The slug it left is free, and a new page there is the only one.
      expect((await create('heen')).status).to.equal(200);
    });

    it('refuses (409) a profile change worked out before an address change and written after it, instead of taking the old address back unclaimed', async () => {
      const profile = { role: 'editor', profile: { name: 'Fien', jobTitle: '' } };
      const id = (await admin.post('/user', { email: 'fien@pagelog.test', ...profile })).body.data.ID as string;
      const hold = faulty.holdAppend((stream) => stream === `user-${id}`);
      const stale = admin.put(`/user/${id}`, { email: 'fien@pagelog.test', role: 'editor', profile: { name: 'Fien Jansen', jobTitle: '' } });
      await hold.reached;
      const changed = await admin.put(`/user/${id}`, { email: 'fien.nieuw@pagelog.test', ...profile });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      hold.release();
      expect((await stale).status).to.equal(409);
      // The old address is free for someone else, and only they have it.
      expect((await admin.post('/user', { email: 'fien@pagelog.test', role: 'editor', profile: { name: 'Gert', jobTitle: '' } })).status).to.equal(200);
    });

    it('refuses a second registration of an address while the first is still writing its user', async () => {
      const hold = faulty.holdAppend((stream) => stream.startsWith('user-') && !stream.startsWith('user-directory'));
      const first = admin.post('/user', { email: 'bezet@pagelog.test', role: 'editor', profile: { name: 'Eerste', jobTitle: '' } });
      await hold.reached;
      const second = await admin.post('/user', { email: 'Bezet@pagelog.test', role: 'editor', profile: { name: 'Tweede', jobTitle: '' } });
      expect(second.status).to.equal(400);
      expect(second.body.Errors[0]).to.include({ code: 'V_06', property: 'email', model: 'user' });
      hold.release();
      expect((await first).status).to.equal(200);
    });

    it('lets exactly one of many registrations of one address at once succeed, and one of many creates of one slug', async () => {
      const registrations = await Promise.all(
        Array.from({ length: 6 }, (_, i) => admin.post('/user', { email: 'samen@pagelog.test', role: 'editor', profile: { name: `Gebruiker ${i}`, jobTitle: '' } })),
      );
      expect(registrations.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400, 400, 400]);
      for (const refused of registrations.filter((r) => r.status === 400)) expect(refused.body.Errors[0]).to.include({ code: 'V_06', property: 'email' });
      const creates = await Promise.all(Array.from({ length: 6 }, () => create('tegelijk')));
      expect(creates.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400, 400, 400]);
    });

    it('refuses a registration that arrives after its address was taken over, and the address has one user', async () => {
      const hold = faulty.holdAppend((stream) => stream.startsWith('user-') && !stream.startsWith('user-directory'));
      const first = admin.post('/user', { email: 'traag@pagelog.test', role: 'editor', profile: { name: 'Eerste', jobTitle: '' } });
      await hold.reached;
      now += ABANDONED_CLAIM_MS + 1_000;
      const second = await admin.post('/user', { email: 'traag@pagelog.test', role: 'editor', profile: { name: 'Tweede', jobTitle: '' } });
      expect(second.status, JSON.stringify(second.body)).to.equal(200);
      hold.release();
      const late = await first;
      expect(late.status, JSON.stringify(late.body)).to.equal(400);
      expect(late.body.Errors[0]).to.include({ code: 'V_06', property: 'email', model: 'user' });
      const named = JSON.stringify((await admin.get('/user/list')).body.data);
      expect(named).to.include('Tweede');
      expect(named).to.not.include('Eerste');
    });
  });
}
