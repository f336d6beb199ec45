import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { createHash } from 'node:crypto';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const text = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });

/**
 * Comparing versions through HTTP (issue 17): every version of a page with who stored it and on
 * which it was based, and any two compared (or one with the live version) block by block: a move
 * as a move, an addition and a removal as such, a changed prop with its words. Signed-in users
 * only; a version of another page, or none, is 404.
 */
for (const kind of storeKinds()) {
  describe(`comparing versions of a page through HTTP (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let pageID: string;
    let first: string;
    let live: string;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      const created = await admin.post('/page/create', { title: 'Over ons', slug: 'over-ons', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      pageID = created.body.data.pageID;
      first = created.body.data.pageVersionID;
      const published = await admin.post(`/page/version/${first}/store-and-publish`, {
        pageID,
        revision: created.body.data.revision,
        title: 'Over ons',
        blocks: [heading('kop', 'Wie wij zijn'), text('tekst', '<p>Wij doen onafhankelijk onderzoek.</p>'), heading('team', 'Ons team'), text('oud', '<p>Verouderd.</p>')],
        ...seo,
      });
      expect(published.status, JSON.stringify(published.body.Errors)).to.equal(200);
      live = published.body.data.publishedVersionID;
      const page = (await admin.get(`/page/${pageID}`)).body.data;
      const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, {
        pageID,
        revision: page.revision,
        title: 'Wie wij zijn',
        blocks: [heading('team', 'Ons team'), heading('kop', 'Wie wij zijn'), text('tekst', '<p>Wij doen zorgvuldig onderzoek voor gemeenten.</p>'), text('nieuw', '<p>Nieuw blok.</p>')],
        ...seo,
      });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
    });
    after(async () => {
      await app?.stop();
    });

    it('lists every version, newest first, with who stored it, on which it was based, and which is live and which the draft', async () => {
      const reply = await admin.get(`/page/${pageID}/versions`);
      expect(reply.status).to.equal(200);
      const list = reply.body.data as { versionId: string; storedByName: string; basedOnVersionId: string | null; isDraft: boolean; isLive: boolean; published: boolean }[];
      expect(list.length).to.be.at.least(2);
      expect(list[0]).to.deep.include({ isDraft: true, isLive: false, published: false, storedByName: 'Administrator' });
      expect(list.find((v) => v.versionId === live)).to.deep.include({ isLive: true, published: true });
      expect(list[0]!.basedOnVersionId).to.equal(live);
      const steps = (list.find((v) => v.versionId === live) as unknown as { publication: { kind: string; byName: string }[] }).publication;
      expect(steps.map((s) => [s.kind, s.byName])).to.deep.equal([['published', 'Administrator']]);
    });

    it('compares the draft with the live version: moves, additions, removals and changed words', async () => {
      const reply = await admin.get(`/page/${pageID}/compare?from=live&to=draft`);
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      const { diff, from, to } = reply.body.data;
      expect(from).to.deep.include({ versionId: live, isLive: true });
      expect(to).to.deep.include({ isDraft: true });
      expect(diff.summary).to.deep.equal({ added: 1, removed: 1, changed: 1, moved: 1, fields: 1 });
      expect(diff.fields[0]).to.deep.include({ name: 'title', before: 'Over ons', after: 'Wie wij zijn' });
      const byKey = Object.fromEntries((diff.blocks as { key: string; kind: string; moved: boolean; props: { name: string; words: { text: string; kind: string }[] }[] }[]).map((b) => [b.key, b]));
      expect(byKey.nieuw).to.deep.include({ kind: 'added' });
      expect(byKey.oud).to.deep.include({ kind: 'removed' });
      expect(byKey.team!.moved).to.equal(true);
      expect(byKey.tekst!.kind).to.equal('changed');
      const words = byKey.tekst!.props[0]!.words;
      expect(words.filter((w) => w.kind === 'removed').map((w) => w.text.trim())).to.deep.equal(['onafhankelijk']);
    });

    it('replays the page step by step: each step with who took it, and the page as it was right after it', async () => {
      const steps = await admin.get(`/page/${pageID}/replay`);
      expect(steps.status).to.equal(200);
      const list = steps.body.data as { revision: number; type: string; actorName: string }[];
      expect(list.map((s) => s.type)).to.include.ordered.members(['PageCreated', 'PageVersionStored', 'PagePublished']);
      const published = list.find((s) => s.type === 'PagePublished')!;
      const then = (await admin.get(`/page/${pageID}/replay/${published.revision}`)).body.data;
      expect(then.slug).to.equal('over-ons');
      expect(then.live.blocks.map((b: { key: string }) => b.key)).to.deep.equal(['kop', 'tekst', 'team', 'oud']);
      const last = list[list.length - 1]!;
      const now = (await admin.get(`/page/${pageID}/replay/${last.revision}`)).body.data;
      expect(now.draft.title).to.equal('Wie wij zijn');
      expect(now.draft.blocks.map((b: { key: string }) => b.key)).to.deep.equal(['team', 'kop', 'tekst', 'nieuw']);
      expect(now.live.blocks.map((b: { key: string }) => b.key)).to.deep.equal(['kop', 'tekst', 'team', 'oud']);
      const first = (await admin.get(`/page/${pageID}/replay/1`)).body.data;
      expect(first.live).to.equal(null);
      expect((await admin.get(`/page/${pageID}/replay/999`)).status).to.equal(404);
      expect((await admin.get(`/page/${pageID}/replay/abc`)).status).to.equal(404);
      expect((await new ApiClient(app.url).get(`/page/${pageID}/replay`)).status).to.equal(401);
    });

    it("exports the page's history for an auditor, each link of the hash chain checkable with SHA-256 alone; not for an editor", async () => {
      const auditor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `audit-${kind}@pagelog.test`, role: 'auditor' })).client;
      const editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `edit-${kind}@pagelog.test`, role: 'editor' })).client;
      const res = await fetch(`${app.url}/api/cms/page/${pageID}/history/export`, { headers: { Cookie: auditor.cookie! } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="page-history-/);
      const exported = (await res.json()) as { page: { slug: string }; events: { position: number; id: string; stream: string; revision: number; type: string; data: string; metadata: string; previousHash: string; hash: string; actorName: string }[] };
      expect(exported.page.slug).to.equal('over-ons');
      expect(exported.events.map((e) => e.type)).to.include.members(['PageCreated', 'PageVersionStored', 'PagePublished']);
      expect(exported.events.every((e) => e.actorName === 'Administrator' || e.actorName === 'Pagelog')).to.equal(true);
      for (const e of exported.events) {
        const link = createHash('sha256').update([e.previousHash, e.id, e.stream, e.revision, e.type, e.data, e.metadata].join('\n'), 'utf8').digest('hex');
        expect(link, `event ${e.position}`).to.equal(e.hash);
      }
      expect((await fetch(`${app.url}/api/cms/page/${pageID}/history/export`, { headers: { Cookie: editor.cookie! } })).status).to.equal(403);
      expect((await fetch(`${app.url}/api/cms/page/${pageID}/history/export`)).status).to.equal(401);
      expect((await fetch(`${app.url}/api/cms/page/nope/history/export`, { headers: { Cookie: auditor.cookie! } })).status).to.equal(404);
    });

    it('answers 404 for a version that is not this page\'s or does not exist, 400 without both versions, and 401 without a session', async () => {
      const other = await admin.post('/page/create', { title: 'Ander', slug: 'ander', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      const foreign = other.body.data.pageVersionID as string;
      expect((await admin.get(`/page/${pageID}/compare?from=${foreign}&to=draft`)).status).to.equal(404);
      expect((await admin.get(`/page/${pageID}/compare?from=nope&to=draft`)).status).to.equal(404);
      expect((await admin.get(`/page/not-a-page/compare?from=live&to=draft`)).status).to.equal(404);
      const missing = await admin.get(`/page/${pageID}/compare?from=live`);
      expect(missing.status).to.equal(400);
      expect(missing.body.Errors[0]).to.include({ code: 'V_01', property: 'to' });
      const anonymous = new ApiClient(app.url);
      expect((await anonymous.get(`/page/${pageID}/compare?from=live&to=draft`)).status).to.equal(401);
      expect((await anonymous.get(`/page/${pageID}/versions`)).status).to.equal(401);
    });
  });
}
