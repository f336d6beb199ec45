import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * Changes of a published page reach the public site only through the publication workflow
 * (decision 0004): an Editor's type data and anchor go into the draft, which a reviewer sees and
 * publishes; moving a live page (its slug) takes publish-page, which an Editor does not hold.
 */
for (const kind of storeKinds()) {
  describe(`page settings of a published page and the workflow (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    let publisher: ApiClient;
    let page: { pageID: string; versionID: string };
    /** A visitor's read, after everything the people above wrote (read-your-writes by their position). */
    const live = async (path: string) => {
      const visitor = new ApiClient(app.url);
      visitor.lastPosition = admin.lastPosition;
      return visitor.get(`/page/get-by-slug-query?slug=${encodeURIComponent(path)}`);
    };

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      const dataDir = app.env.PAGELOG_DATA_DIR!;
      editor = (await createActiveUser(admin, dataDir, { email: 'eddie@pagelog.test', name: 'Eddie Editor', role: 'editor' })).client;
      publisher = (await createActiveUser(admin, dataDir, { email: 'pia@pagelog.test', name: 'Pia Publisher', role: 'publisher' })).client;
      ApiClient.sharePositions(admin, editor, publisher);
      const created = await admin.post('/page/create', {
        title: 'Jaarverslag',
        slug: 'jaarverslag',
        type: 'article',
        locale: 'nl-nl',
        content: '',
        typeData: { author: 'Anna de Vries', publicationDate: '2026-03-01', summary: 'Het jaar in cijfers' },
      });
      page = { pageID: created.body.data.pageID, versionID: created.body.data.pageVersionID };
      const stored = await admin.post(`/page/version/${page.versionID}/store`, {
        pageID: page.pageID,
        revision: created.body.data.revision,
        title: 'Jaarverslag',
        blocks: [{ type: 'heading', key: 'h', props: { text: 'Jaarverslag', level: 2 }, anchorPoint: '' }],
        ...seo,
      });
      expect(stored.status).to.equal(200);
      expect((await admin.post(`/page/${page.pageID}/publish`, {})).status).to.equal(200);
    });
    after(async () => app?.stop());

    it("keeps an Editor's new type data and anchor in the draft: the public page shows the published ones", async () => {
      const saved = await editor.put(`/page/${page.pageID}/save`, {
        slug: 'jaarverslag',
        shouldUpdateLinks: false,
        anchor: 'verslag',
        typeData: { author: 'Bram Bakker', publicationDate: '2026-04-01', summary: 'Herzien' },
      });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      // The live version never changes: the settings went into a new draft.
      expect(saved.body.data.pageVersionID).to.not.equal(page.versionID);

      const publicPage = await live('/jaarverslag');
      expect(publicPage.status).to.equal(200);
      expect(publicPage.body.data.page.pageVersion.pageType.props).to.deep.equal({ author: 'Anna de Vries', publicationDate: '2026-03-01', summary: 'Het jaar in cijfers' });

      const details = await editor.get(`/page/${page.pageID}`);
      expect(details.body.data).to.include({ status: 'unpublished-changes', anchor: 'verslag' });
      expect(details.body.data.typeData).to.deep.equal({ author: 'Bram Bakker', publicationDate: '2026-04-01', summary: 'Herzien' });
      const draft = await editor.get(`/page/version/fetch/${saved.body.data.pageVersionID}`);
      expect(draft.body.data.pageVersion.settings).to.deep.equal({ typeData: { author: 'Bram Bakker', publicationDate: '2026-04-01', summary: 'Herzien' }, anchor: 'verslag' });
    });

    it('does not let an Editor move the live page, and leaves its address as it was', async () => {
      const head = await app.stores.eventStore.headPosition();
      const moved = await editor.put(`/page/${page.pageID}/save`, { slug: 'jaarverslag-2026', shouldUpdateLinks: true });
      expect(moved.status).to.equal(403);
      // Refused before the new slug was claimed: nothing written.
      expect(await app.stores.eventStore.headPosition()).to.equal(head);
      expect(moved.body.Errors[0]).to.include({ code: 'UM_01' });
      expect((await live('/jaarverslag')).status).to.equal(200);
      expect((await live('/jaarverslag-2026')).status).to.equal(404);
      // The slug the refused move claimed is free again.
      expect((await editor.post('/page/slug-available', { slug: 'jaarverslag-2026', locale: 'nl-nl' })).body.data.available).to.equal(true);
    });

    it('does not let the settings of a version under review change, and publishes them when the request is accepted', async () => {
      const requested = await editor.post(`/page/${page.pageID}/request-publication`, { comment: 'Nieuwe auteur' });
      expect(requested.status, JSON.stringify(requested.body)).to.equal(200);
      const pinned = await editor.put(`/page/${page.pageID}/save`, { slug: 'jaarverslag', shouldUpdateLinks: false, typeData: { author: 'Iemand anders' } });
      expect(pinned.status).to.equal(400);
      expect(pinned.body.Errors[0]).to.include({ code: 'V_07', property: 'hasPublicationRequest' });

      const accepted = await publisher.post(`/page/version/${requested.body.data.pageVersionID}/accept-publication`, { feedback: 'Akkoord', pageID: page.pageID });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      const publicPage = await live('/jaarverslag');
      expect(publicPage.body.data.page.pageVersion.pageType.props).to.deep.equal({ author: 'Bram Bakker', publicationDate: '2026-04-01', summary: 'Herzien' });
    });

    it('lets a Publisher move the live page, the old address redirecting', async () => {
      const moved = await publisher.put(`/page/${page.pageID}/save`, { slug: 'jaarverslag-2026', shouldUpdateLinks: true });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect((await live('/jaarverslag-2026')).status).to.equal(200);
      const old = await live('/jaarverslag');
      expect(old.status).to.equal(301);
      expect(old.headers.get('location')).to.equal('/jaarverslag-2026');
    });
  });
}
