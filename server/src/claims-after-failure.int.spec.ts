import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { FaultyEventStore } from './test-kit/faulty-event-store';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

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
      app = await startTestPagelog(kind, {
        wrapEventStore: (store) => {
          faulty = new FaultyEventStore(store);
          return faulty;
        },
      });
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      faulty?.clear();
      await app?.stop();
    });

    const create = (slug: string) => admin.post('/page/create', { title: 'Nieuws', slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    const available = async (slug: string) => (await admin.post('/page/slug-available', { slug, locale: 'nl-nl' })).body.data.available as boolean;

    it('gives the slug back at once when the page cannot be written, so the retry succeeds', async () => {
      faulty.failAppends((stream) => stream.startsWith('page-'));
      const failed = await create('nieuws');
      expect(failed.status).to.equal(503);
      expect(failed.headers.get('retry-after')).to.equal('5');
      faulty.clear();
      expect(await available('nieuws')).to.equal(true);
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
      const deadline = Date.now() + 5_000;
      while (!(await available('agenda')) && Date.now() < deadline) await sleep(100);
      expect(await available('agenda')).to.equal(true);
      expect((await create('agenda')).status).to.equal(200);
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
  });
}
