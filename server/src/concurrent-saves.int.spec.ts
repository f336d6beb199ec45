import { expect } from 'chai';
import fc from 'fast-check';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });

/**
 * Many editors save at once from the same revision, each changing a different block: every save
 * merges (no 409), however many race, and the draft ends with every edit. A 409 is only for a
 * real clash, and then it carries what clashed and the current version.
 */
for (const kind of storeKinds()) {
  describe(`editors racing to save one page (${kind})`, function () {
    this.timeout(180_000);
    let app: TestPagelog;
    let admin: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => app?.stop());

    it('merges every save of a different block, whoever wins each race', async () => {
      let page = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2, max: 12 }), async (writers) => {
          page += 1;
          const created = await admin.post('/page/create', { title: `Race ${page}`, slug: `race-${kind}-${page}`, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
          const { pageID, pageVersionID } = created.body.data;
          const blocks = Array.from({ length: writers }, (_, i) => heading(`b${i}`, `Kop ${i}`));
          const base = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision: created.body.data.revision, title: `Race ${page}`, blocks, ...seo });
          expect(base.status).to.equal(200);
          const revision = base.body.data.revision as number;
          // Each writer its own session (logged in one after another: parallel logins of one
          // account count against its lockout), all from the same revision, each changing one block.
          const clients: ApiClient[] = [];
          for (let i = 0; i < writers; i++) clients.push(await ApiClient.loggedIn(app.url));
          const replies = await Promise.all(
            clients.map((client, i) =>
              client.post(`/page/version/${pageVersionID}/store`, {
                pageID,
                revision,
                title: `Race ${page}`,
                blocks: blocks.map((b, j) => (j === i ? heading(b.key, `Kop ${i} door schrijver ${i}`) : b)),
                ...seo,
              }),
            ),
          );
          const statuses = replies.map((r) => r.status);
          expect(statuses, JSON.stringify(replies.filter((r) => r.status !== 200).map((r) => r.body))).to.deep.equal(Array(writers).fill(200));
          // Read as someone who has heard of every save (read-your-writes by the highest position).
          admin.lastPosition = Math.max(admin.lastPosition, ...clients.map((c) => c.lastPosition));
          const details = await admin.get(`/page/${pageID}`);
          const draft = await admin.get(`/page/version/fetch/${details.body.data.draftVersionID}`);
          expect(draft.body.data.pageVersion.blocks.map((b: { props: { text: string } }) => b.props.text)).to.deep.equal(
            Array.from({ length: writers }, (_, i) => `Kop ${i} door schrijver ${i}`),
          );
        }),
        { numRuns: kind === 'sqlite' ? 8 : 6 },
      );
    });

    it('answers a real clash with 409, what clashed and the current version', async () => {
      const created = await admin.post('/page/create', { title: 'Botsing', slug: `botsing-${kind}`, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      const { pageID, pageVersionID } = created.body.data;
      const first = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision: created.body.data.revision, title: 'Botsing', blocks: [heading('h', 'Eén')], ...seo });
      const revision = first.body.data.revision as number;
      const [a, b] = await Promise.all([ApiClient.loggedIn(app.url), ApiClient.loggedIn(app.url)]);
      const mine = await a.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Botsing', blocks: [heading('h', 'Twee')], ...seo });
      expect(mine.status).to.equal(200);
      const theirs = await b.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Botsing', blocks: [heading('h', 'Drie')], ...seo });
      expect(theirs.status).to.equal(409);
      expect(theirs.body.data.conflicts).to.deep.equal(['blocks.h']);
      expect(theirs.body.data.current.blocks[0].props.text).to.equal('Twee');
      // A stale revision on a publication step too: what clashed and the page as it is.
      const publish = await admin.post(`/page/${pageID}/publish`, { revision });
      expect(publish.status).to.equal(409);
      expect(publish.body.data).to.include({ currentRevision: mine.body.data.revision });
      expect(publish.body.data.conflicts).to.deep.equal(['revision']);
      expect(publish.body.data.current).to.include({ status: 'concept', title: 'Botsing' });
    });
  });
}
