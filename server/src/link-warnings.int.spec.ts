import { expect } from 'chai';
import { readModels } from '@pagelog/contracts/read-models';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const cta = (key: string, url: string) => ({ type: 'callToAction', key, props: { title: 'Verder', text: '', buttonText: 'Lees meer', url, style: 'primary' }, anchorPoint: '' });
const richText = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });

/** A warning as a test compares it: code, property, and the message that names the page or link. */
const shown = (warnings: { code: string; property: string; message: string }[] | undefined) => (warnings ?? []).map(({ code, property, message }) => ({ code, property, message }));

/**
 * Links to pages that are not on the site (issue 14): a store or a publication still succeeds,
 * and its answer warns about each such link, naming where it stands and the page it points at.
 * Links by page id follow their page on the public site when it moves.
 */
for (const kind of storeKinds()) {
  describe(`links to pages that are not published (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let seq = 0;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    /** A new article with `title`; answers its id, draft and revision. */
    async function newPage(title: string, who: ApiClient = admin) {
      seq += 1;
      const created = await who.post('/page/create', { title, slug: `link-${seq}`, type: 'article', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      return { pageID: created.body.data.pageID as string, slug: `link-${seq}`, title };
    }

    async function draftOf(pageID: string) {
      const page = (await admin.get(`/page/${pageID}`)).body.data;
      return { versionID: page.draftVersionID as string, revision: page.revision as number };
    }

    async function store(pageID: string, blocks: unknown[], who: ApiClient = admin, then: 'store' | 'store-and-publish' = 'store') {
      const { versionID, revision } = await draftOf(pageID);
      return who.post(`/page/version/${versionID}/${then}`, { pageID, revision, title: 'Verwijzingen', blocks, ...seo });
    }

    async function publish(pageID: string) {
      const published = await admin.post(`/page/${pageID}/publish`, {});
      expect(published.status, JSON.stringify(published.body)).to.equal(200);
      return published;
    }

    it('stores and publishes a version with such links, and warns about each, naming the property and the page', async () => {
      const live = await newPage('Live');
      await store(live.pageID, []);
      await publish(live.pageID);
      const concept = await newPage('Concept');
      const gone = await newPage('Weg');
      expect((await admin.post(`/page/${gone.pageID}/delete`, {})).status).to.equal(200);
      const page = await newPage('Verwijzingen');
      const blocks = [
        cta('c1', `page:${concept.pageID}`),
        richText(
          't1',
          `<p><a href="page:${live.pageID}#top">live</a>, <a href="/${concept.slug}">concept</a>, <a href="page:${gone.pageID}">weg</a>, ` +
            `<a href="/bestaat-niet">nergens</a>, <a href="/${page.slug}">zichzelf</a>, <a href="/brochure.pdf">pdf</a>, <a href="https://elders.test/x">elders</a>, <a href="#top">boven</a></p>`,
        ),
        cta('c2', `/${live.slug}`),
      ];

      const stored = await store(page.pageID, blocks);
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      expect(stored.body.Success).to.equal(true);
      const expected = [
        { code: 'PM_02', property: 'blocks[0].props.url', message: `This link points at a page that is not published: "Concept" (/${concept.slug}).` },
        { code: 'PM_02', property: 'blocks[1].props.html', message: `This link points at a page that is not published: "Concept" (/${concept.slug}).` },
        { code: 'PM_03', property: 'blocks[1].props.html', message: `This link points at a page that does not exist: page:${gone.pageID}.` },
        { code: 'PM_03', property: 'blocks[1].props.html', message: 'This link points at a page that does not exist: /bestaat-niet.' },
      ];
      expect(shown(stored.body.Warnings)).to.deep.equal(expected);
      // Stored as sent: the links stay what the editor made them.
      const draft = await admin.get(`/page/version/fetch/${stored.body.data.pageVersionID}`);
      expect(draft.body.data.pageVersion.blocks[0].props.url).to.equal(`page:${concept.pageID}`);

      // Publishing says the same; the page goes live all the same.
      const published = await publish(page.pageID);
      expect(published.body.Success).to.equal(true);
      expect(shown(published.body.Warnings)).to.deep.equal(expected);
      expect((await admin.get(`/page/${page.pageID}`)).body.data.status).to.equal('published');

      // Once the page it names is live, that link is fine (the other two stay); with none left, no Warnings at all.
      await store(concept.pageID, []);
      await publish(concept.pageID);
      const again = await store(page.pageID, blocks, admin, 'store-and-publish');
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
      expect(shown(again.body.Warnings).map((w) => w.code)).to.deep.equal(['PM_03', 'PM_03']);
      const clean = await store(page.pageID, [cta('c1', `page:${concept.pageID}`)]);
      expect(clean.status).to.equal(200);
      expect(clean.body).to.not.have.property('Warnings');
    });

    it('warns the reviewer who accepts a request, and not the one who rejects', async () => {
      const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'linda@pagelog.test', name: 'Linda Links', role: 'editor' });
      ApiClient.sharePositions(admin, editor.client);
      const concept = await newPage('Nog niet klaar');
      const page = await newPage('Ter beoordeling', editor.client);
      const stored = await store(page.pageID, [cta('c1', `page:${concept.pageID}`)], editor.client);
      expect(shown(stored.body.Warnings).map((w) => w.code)).to.deep.equal(['PM_02']);

      const ask = async () => expect((await editor.client.post(`/page/${page.pageID}/request-publication`, { comment: '' })).status).to.equal(200);
      await ask();
      const rejected = await admin.post(`/page/version/${stored.body.data.pageVersionID}/reject-publication`, { feedback: 'Nee', pageID: page.pageID });
      expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
      expect(rejected.body).to.not.have.property('Warnings');

      await ask();
      const accepted = await admin.post(`/page/version/${stored.body.data.pageVersionID}/accept-publication`, { feedback: '', pageID: page.pageID });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      expect(shown(accepted.body.Warnings)).to.deep.equal([
        { code: 'PM_02', property: 'blocks[0].props.url', message: `This link points at a page that is not published: "Nog niet klaar" (/${concept.slug}).` },
      ]);
    });

    it('counts links by page id in the link index, and the public site follows the page when it moves', async () => {
      const target = await newPage('Doel');
      await store(target.pageID, []);
      await publish(target.pageID);
      const page = await newPage('Wijst');
      const stored = await store(page.pageID, [cta('c1', `page:${target.pageID}#team`), richText('t1', `<p>Zie <a href="page:${target.pageID}">het doel</a>.</p>`)], admin, 'store-and-publish');
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      expect(stored.body).to.not.have.property('Warnings');

      await app.stores.readModels.waitForCheckpoints([readModels.pageLinks.projection], stored.body.data.position, 5_000);
      const links = await app.stores.readModels.find<{ pageId: string }>(readModels.pageLinks.collection, { where: { path: `page:${target.pageID}` } });
      expect(links.map((link) => link.pageId)).to.deep.equal([page.pageID]);

      const html = async () => (await fetch(`${app.url}/${page.slug}`)).text();
      expect(await html()).to.include(`href="/${target.slug}#team"`).and.include(`<a href="/${target.slug}">het doel</a>`);

      const moved = await admin.put(`/page/${target.pageID}/save`, { slug: `${target.slug}-verhuisd`, shouldUpdateLinks: false });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      // The site's cache drops the linking page once the move is seen (a reactor): wait for it.
      const deadline = Date.now() + 10_000;
      let now = await html();
      while (!now.includes(`-verhuisd#team`) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await html();
      }
      expect(now).to.include(`href="/${target.slug}-verhuisd#team"`).and.include(`<a href="/${target.slug}-verhuisd">het doel</a>`);

      // Taken off the site: the button goes, the text stays without a link.
      expect((await admin.post(`/page/${target.pageID}/unpublish`, {})).status).to.equal(200);
      const end = Date.now() + 10_000;
      while (now.includes('-verhuisd') && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await html();
      }
      expect(now).to.not.include('-verhuisd').and.not.include('page:');
      expect(now).to.not.include('Lees meer');
      expect(now).to.include('het doel');
    });
  });
}
