import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { readOutbox, waitForMail } from './test-kit/outbox';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const heading = (key: string, text: string, anchorPoint = '') => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint });
const richText = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * The page calls of spec section 7 through HTTP, with the people of a publishing organisation:
 * an administrator, an editor (create, edit, request publication) and a publisher (who also
 * reviews). Mail goes to the outbox of the data folder.
 */
for (const kind of storeKinds()) {
  describe(`pages through HTTP (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: { id: string; client: ApiClient };
    let publisher: { id: string; client: ApiClient };
    let other: { id: string; client: ApiClient };
    let seq = 0;
    const dataDir = () => app.env.PAGELOG_DATA_DIR!;
    const mails = async () => (await readOutbox(dataDir())).length;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      editor = await createActiveUser(admin, dataDir(), { email: 'eddie@pagelog.test', name: 'Eddie Editor', role: 'editor' });
      publisher = await createActiveUser(admin, dataDir(), { email: 'pia@pagelog.test', name: 'Pia Publisher', role: 'publisher' });
      other = await createActiveUser(admin, dataDir(), { email: 'otto@pagelog.test', name: 'Otto Other', role: 'editor' });
      ApiClient.sharePositions(admin, editor.client, publisher.client, other.client);
    });
    after(async () => {
      await app?.stop();
    });

    /** A new page as `who`, stored once with `blocks`; answers its ids and revision. */
    async function newPage(who: ApiClient, over: Record<string, unknown> = {}, blocks: unknown[] = [heading('h', 'Kop')]) {
      seq += 1;
      const body = { title: `Pagina ${seq}`, slug: `pagina-${seq}`, type: 'article', locale: 'nl-nl', content: '', typeData: {}, ...over };
      const created = await who.post('/page/create', body);
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const { pageID, pageVersionID } = created.body.data;
      const stored = await who.post(`/page/version/${pageVersionID}/store`, { pageID, revision: created.body.data.revision, title: body.title, blocks, ...seo });
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      return { pageID: pageID as string, versionID: pageVersionID as string, revision: stored.body.data.revision as number, slug: body.slug as string, title: body.title as string };
    }

    describe('reading pages', () => {
      it('answers a page with its author, its public path and its translations', async () => {
        const page = await newPage(editor.client);
        const reply = await admin.get(`/page/${page.pageID}`);
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.include({ id: page.pageID, authorName: 'Eddie Editor', updatedByName: 'Eddie Editor', path: `/${page.slug}`, status: 'concept', hasPublicationRequest: false });
        expect(reply.body.data.translations).to.deep.equal([]);
        expect(reply.body.data).to.not.have.any.keys('versionIds', 'linkPaths');
      });

      it('lists the actions the reader may take: an editor edits and asks, a publisher publishes and reviews', async () => {
        const page = await newPage(editor.client);
        const actionsFor = async (who: ApiClient) => (await who.get(`/page/${page.pageID}`)).body.data.availableActions;
        expect(await actionsFor(editor.client)).to.deep.equal(['save', 'requestPublication', 'saveAndRequestPublication', 'duplicate']);
        expect(await actionsFor(publisher.client)).to.deep.equal(['save', 'saveAndPublish', 'publish', 'requestPublication', 'saveAndRequestPublication', 'duplicate', 'delete']);

        // Once the editor asks, the draft is pinned: the publisher reviews, the editor may withdraw or resend.
        expect((await editor.client.post(`/page/${page.pageID}/request-publication`, { comment: '' })).status).to.equal(200);
        expect(await actionsFor(editor.client)).to.deep.equal(['revokeRequest', 'resendRequest', 'duplicate']);
        expect(await actionsFor(publisher.client)).to.deep.equal(['reviewRequest', 'revokeRequest', 'resendRequest', 'duplicate']);
        expect(await actionsFor(other.client)).to.deep.equal(['duplicate']);
      });

      it('lists pages a page at a time, filtered by type, locale and status, searched and sorted', async () => {
        const mark = `lijst-${Date.now()}`;
        for (const [i, over] of [{ type: 'article' }, { type: 'landing-page' }, { type: 'article', locale: 'en-gb' }].entries()) {
          await newPage(admin, { ...over, title: `${mark} ${String.fromCharCode(67 - i)}`, slug: `${mark}-${i}` });
        }
        const list = (body: Record<string, unknown>) => admin.post('/page/list', { pageIndex: 0, pageSize: 25, searchTerm: mark, ...body });
        const all = await list({ columnToSort: 'title', sortOrder: 'asc' });
        expect(all.status).to.equal(200);
        expect(all.body.data.totalItems).to.equal(3);
        expect(all.body.data.items.map((p: { title: string }) => p.title)).to.deep.equal([`${mark} A`, `${mark} B`, `${mark} C`]);
        expect(all.body.data.items[0]).to.include({ path: `/en-gb/${mark}-2`, authorName: 'Administrator', status: 'concept' });
        const desc = await list({ columnToSort: 'title', sortOrder: 'desc', pageSize: 2, pageIndex: 1 });
        expect(desc.body.data).to.deep.include({ totalItems: 3 });
        expect(desc.body.data.items.map((p: { title: string }) => p.title)).to.deep.equal([`${mark} A`]);
        expect((await list({ type: 'landing-page' })).body.data.totalItems).to.equal(1);
        expect((await list({ locale: 'en-gb' })).body.data.totalItems).to.equal(1);
        expect((await list({ status: 'published' })).body.data.totalItems).to.equal(0);
        const bad = await list({ columnToSort: 'password', pageSize: 1000 });
        expect(bad.status).to.equal(400);
        expect(bad.body.Errors.map((e: { property: string }) => e.property)).to.have.members(['columnToSort', 'pageSize']);
      });

      it('lists only the pages whose last change was the reader\'s own with changedBy "me" (the dashboard\'s drafts)', async () => {
        const mark = `eigen-${Date.now()}`;
        const mine = await newPage(other.client, { title: `${mark} van Otto`, slug: `${mark}-otto` });
        await newPage(editor.client, { title: `${mark} van Eddie`, slug: `${mark}-eddie` });
        const list = (who: ApiClient) => who.post('/page/list', { pageIndex: 0, pageSize: 25, searchTerm: mark, changedBy: 'me' });
        expect((await list(other.client)).body.data.items.map((p: { id: string }) => p.id)).to.deep.equal([mine.pageID]);
        expect((await list(admin)).body.data.totalItems).to.equal(0);
        expect((await admin.post('/page/list', { pageIndex: 0, pageSize: 25, searchTerm: mark })).body.data.totalItems).to.equal(2);
        const bad = await admin.post('/page/list', { pageIndex: 0, pageSize: 25, changedBy: 'user-2' });
        expect([bad.status, bad.body.Errors[0].property]).to.deep.equal([400, 'changedBy']);
      });

      it('finds pages by title or slug (search), by type and locale (get-pages) and by id (get-multiple)', async () => {
        const a = await newPage(admin, { title: 'Zoekbare Zebra', slug: 'zoekbare-zebra' });
        const b = await newPage(admin, { title: 'Andere', slug: 'zebra-pad', locale: 'en-gb' });
        const found = await admin.post('/page/search', { locale: '', searchTerm: 'zebra' });
        expect(found.body.data.map((p: { id: string }) => p.id)).to.have.members([a.pageID, b.pageID]);
        expect((await admin.post('/page/search', { locale: 'en-gb', searchTerm: 'zebra' })).body.data.map((p: { id: string }) => p.id)).to.deep.equal([b.pageID]);
        const byType = await admin.post('/page/get-pages', { type: 'article', locale: 'en-gb' });
        expect(byType.body.data.map((p: { id: string }) => p.id)).to.include(b.pageID).and.not.include(a.pageID);
        const multiple = await admin.post('/page/get-multiple', { locale: 'nl-nl', pageIDs: [b.pageID, a.pageID, 'onbekend'] });
        expect(multiple.body.data.map((p: { id: string }) => p.id)).to.deep.equal([a.pageID]);
      });

      it('answers the history of a page from its events, with names and what happened', async () => {
        const page = await newPage(editor.client);
        await publisher.client.post(`/page/${page.pageID}/publish`, {});
        const reply = await admin.get(`/page/${page.pageID}/history`);
        expect(reply.status).to.equal(200);
        expect(reply.body.data.map((e: { type: string; actorName: string; summary: string }) => `${e.type} ${e.actorName}: ${e.summary}`)).to.deep.equal([
          `PageCreated Eddie Editor: created “${page.title}” at ${page.slug} (nl-nl)`,
          'PageVersionStored Eddie Editor: saved the draft',
          'PagePublished Pia Publisher: published the page',
        ]);
        expect((await admin.get('/page/0190a000-0000-7000-8000-000000000000/history')).status).to.equal(404);
      });
    });

    describe('slugs and anchors', () => {
      it('tells whether a slug is free in a locale, counting a page\'s own slug as free for it', async () => {
        const page = await newPage(admin);
        const ask = (body: Record<string, unknown>) => editor.client.post('/page/slug-available', body);
        expect((await ask({ slug: page.slug, locale: 'nl-nl' })).body.data).to.include({ available: false });
        expect((await ask({ slug: page.slug, locale: 'en-gb' })).body.data).to.include({ available: true });
        expect((await ask({ slug: `/${page.slug.toUpperCase()}/`, locale: 'nl-nl', pageID: page.pageID })).body.data).to.include({ available: true, slug: page.slug });
        const bad = await ask({ slug: 'Geen Slug!', locale: 'nl-nl' });
        expect(bad.status).to.equal(400);
        expect(bad.body.Errors[0]).to.include({ code: 'V_12', property: 'slug' });
      });

      it('tells whether an anchor is free among the other blocks of a version', async () => {
        const blocks = [heading('a', 'A', 'team'), heading('b', 'B')];
        expect((await editor.client.post('/page/anchor-available', { anchorName: 'Team', blockKey: 'b', pageVersionBlocks: blocks })).body.data).to.deep.equal({ available: false });
        expect((await editor.client.post('/page/anchor-available', { anchorName: 'team', blockKey: 'a', pageVersionBlocks: blocks })).body.data).to.deep.equal({ available: true });
      });
    });

    describe('moving a page to another slug', () => {
      it('redirects the old path (301) once live, frees the old slug, and with shouldUpdateLinks makes other drafts\' links follow', async () => {
        const moved = await newPage(admin, { slug: 'oud-adres', title: 'Verhuisd' });
        await admin.post(`/page/${moved.pageID}/publish`, {});
        const linking = await newPage(admin, {}, [richText('t', '<p><a href="/oud-adres#team">Team</a> en <a href="/elders">elders</a></p>')]);
        await admin.post(`/page/${linking.pageID}/publish`, {});

        const saved = await admin.put(`/page/${moved.pageID}/save`, { slug: 'nieuw-adres', shouldUpdateLinks: true });
        expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
        expect(saved.body.data).to.include({ slug: 'nieuw-adres', linksUpdated: 1 });

        const old = await admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/oud-adres')}`);
        expect(old.status).to.equal(301);
        expect(old.headers.get('location')).to.equal('/nieuw-adres');
        expect(old.body.data).to.deep.equal({ page: null, redirect: '/nieuw-adres' });
        expect((await admin.post('/page/get-by-slug', { slug: '/nieuw-adres' })).body.data.page.pageVersion.title).to.equal('Verhuisd');
        expect((await admin.post('/page/slug-available', { slug: 'oud-adres', locale: 'nl-nl' })).body.data.available).to.equal(true);

        // The linking page's draft follows; its live version is left as it was (the old path redirects).
        const page = await admin.get(`/page/${linking.pageID}`);
        expect(page.body.data.status).to.equal('unpublished-changes');
        const draft = await admin.get(`/page/version/fetch/${page.body.data.draftVersionID}`);
        expect(draft.body.data.pageVersion.blocks[0].props.html).to.equal('<p><a href="/nieuw-adres#team">Team</a> en <a href="/elders">elders</a></p>');
        const live = await admin.post('/page/get-by-slug', { slug: `/${linking.slug}` });
        expect(live.body.data.page.pageVersion.blocks[0].props.html).to.contain('/oud-adres#team');

        // A new page may take the old slug; then it is that page, not a redirect.
        const taker = await newPage(admin, { slug: 'oud-adres', title: 'Nieuwe bewoner' });
        await admin.post(`/page/${taker.pageID}/publish`, {});
        const now = await admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/oud-adres')}`);
        expect(now.status).to.equal(200);
        expect(now.body.data.page.pageVersion.title).to.equal('Nieuwe bewoner');
      });

      it('makes a link stored a moment before the move follow too, while the read models are still behind', async () => {
        const moved = await newPage(admin, { slug: 'net-verhuisd', title: 'Net verhuisd' });
        await app.projector.stop();
        let linking;
        let restarted: Promise<void> | undefined;
        try {
          linking = await newPage(admin, {}, [richText('t', '<p><a href="/net-verhuisd">hier</a></p>')]);
          restarted = new Promise((resolve) => setTimeout(resolve, 300)).then(() => app.projector.start());
          const saved = await admin.put(`/page/${moved.pageID}/save`, { slug: 'net-verhuisd-2', shouldUpdateLinks: true });
          expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
          expect(saved.body.data.linksUpdated).to.equal(1);
        } finally {
          await (restarted ?? app.projector.start());
        }
        const draft = await admin.get(`/page/version/fetch/${(await admin.get(`/page/${linking.pageID}`)).body.data.draftVersionID}`);
        expect(draft.body.data.pageVersion.blocks[0].props.html).to.equal('<p><a href="/net-verhuisd-2">hier</a></p>');
      });

      it('leaves links alone without shouldUpdateLinks, refuses a taken slug with V_06, and keeps the anchor and type data', async () => {
        const page = await newPage(admin);
        const linking = await newPage(admin, {}, [richText('t', `<p><a href="/${page.slug}">x</a></p>`)]);
        const taken = await admin.put(`/page/${page.pageID}/save`, { slug: linking.slug, shouldUpdateLinks: false });
        expect(taken.status).to.equal(400);
        expect(taken.body.Errors).to.deep.equal([{ code: 'V_06', property: 'slug', model: 'page', message: 'Slug already exists.' }]);
        const saved = await admin.put(`/page/${page.pageID}/save`, { slug: `${page.slug}-nieuw`, shouldUpdateLinks: false, anchor: 'boven', typeData: { author: 'An de Vries', publicationDate: '2026-03-12' } });
        expect(saved.body.data.linksUpdated).to.equal(0);
        const read = await admin.get(`/page/${page.pageID}`);
        expect(read.body.data).to.deep.include({ slug: `${page.slug}-nieuw`, anchor: 'boven', typeData: { author: 'An de Vries', publicationDate: '2026-03-12', summary: '' } });
        const draft = await admin.get(`/page/version/fetch/${(await admin.get(`/page/${linking.pageID}`)).body.data.draftVersionID}`);
        expect(draft.body.data.pageVersion.blocks[0].props.html).to.contain(`/${page.slug}"`);
        const stale = await admin.put(`/page/${page.pageID}/save`, { slug: `${page.slug}-anders`, revision: page.revision });
        expect(stale.status).to.equal(409);
        expect(stale.body.data).to.deep.include({ currentRevision: saved.body.data.revision });
        expect(stale.body.data.current).to.deep.include({ slug: `${page.slug}-nieuw`, anchor: 'boven' });
        expect((await admin.post('/page/slug-available', { slug: `${page.slug}-anders`, locale: 'nl-nl' })).body.data.available).to.equal(true);
        const badDate = await admin.put(`/page/${page.pageID}/save`, { slug: `${page.slug}-nieuw`, typeData: { publicationDate: '12-03-2026' } });
        expect(badDate.body.Errors).to.deep.equal([{ code: 'V_12', property: 'typeData.publicationDate', model: 'page', message: 'The publicationDate is not valid.' }]);
      });
    });

    describe('the publication workflow', () => {
      it('takes a request from the editor to the reviewers, a rejection back with feedback, and an acceptance to the public site', async () => {
        const page = await newPage(editor.client, { title: 'Jaarverslag', slug: 'jaarverslag' });
        let before = await mails();
        const requested = await editor.client.post(`/page/${page.pageID}/request-publication`, { comment: 'Graag vóór vrijdag' });
        expect(requested.status, JSON.stringify(requested.body)).to.equal(200);
        expect(requested.body.data).to.include({ pageID: page.pageID, pageVersionID: page.versionID });
        const toReviewer = await waitForMail(dataDir(), 'pia@pagelog.test', /Publication requested: Jaarverslag/, before);
        expect(toReviewer.text).to.contain('Eddie Editor asks you to review').and.contain('Graag vóór vrijdag').and.contain(`/cmsadmin/pages/${page.pageID}`);
        await waitForMail(dataDir(), 'admin@pagelog.test', /Publication requested: Jaarverslag/, before);
        expect((await readOutbox(dataDir())).slice(before).filter((m) => m.to.includes('eddie@'))).to.deep.equal([]);

        // The version under review is pinned, and a second request for it is refused.
        const edit = await editor.client.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: requested.body.data.revision, title: 'Anders', blocks: [], ...seo });
        expect(edit.status).to.equal(400);
        expect(edit.body.Errors[0]).to.include({ code: 'V_07', property: 'hasPublicationRequest' });
        expect((await editor.client.post(`/page/${page.pageID}/request-publication`, { comment: 'nog eens' })).status).to.equal(400);

        // Reviewers see every open request; the editor sees their own; others theirs (none).
        expect((await publisher.client.get('/page/fetch-request')).body.data.map((r: { pageID: string }) => r.pageID)).to.include(page.pageID);
        const own = await editor.client.get('/page/fetch-request');
        expect(own.body.data.find((r: { pageID: string }) => r.pageID === page.pageID)).to.include({ comment: 'Graag vóór vrijdag', requestedByName: 'Eddie Editor', status: 'requested' });
        expect((await other.client.get('/page/fetch-request')).body.data).to.deep.equal([]);
        const comment = await publisher.client.get(`/page/version/${page.versionID}/fetch-request-comment`);
        expect(comment.body.data).to.deep.include({ comment: 'Graag vóór vrijdag' });
        expect((await publisher.client.get(`/page/${page.pageID}`)).body.data).to.include({ hasPublicationRequest: true });

        // Rejected with feedback: the editor is mailed and reads the feedback on the version.
        before = await mails();
        const rejected = await publisher.client.post(`/page/version/${page.versionID}/reject-publication`, { feedback: 'De kop is te lang.' });
        expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
        const rejection = await waitForMail(dataDir(), 'eddie@pagelog.test', /Publication rejected: Jaarverslag/, before);
        expect(rejection.text).to.contain('Pia Publisher rejected').and.contain('De kop is te lang.');
        const version = await editor.client.get(`/page/version/fetch/${page.versionID}`);
        expect(version.body.data.pageVersion).to.deep.include({ hasPublicationRequest: false });
        expect(version.body.data.pageVersion.publicationRequest).to.include({ status: 'rejected', feedback: 'De kop is te lang.', reviewedByName: 'Pia Publisher' });

        // Fixed, asked again, reminded, accepted: live.
        const fixed = await editor.client.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: rejected.body.data.revision, title: 'Jaarverslag', blocks: [heading('h', 'Kort')], ...seo });
        expect(fixed.status).to.equal(200);
        expect((await editor.client.post(`/page/${page.pageID}/request-publication`, { comment: 'Aangepast' })).status).to.equal(200);
        before = await mails();
        expect((await editor.client.post(`/page/version/${page.versionID}/resend-publication`, {})).status).to.equal(200);
        await waitForMail(dataDir(), 'pia@pagelog.test', /Reminder: publication requested: Jaarverslag/, before);
        before = await mails();
        const accepted = await publisher.client.post(`/page/version/${page.versionID}/accept-publication`, { feedback: 'Mooi zo' });
        expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
        expect(accepted.body.data).to.include({ publishedVersionID: page.versionID });
        const acceptance = await waitForMail(dataDir(), 'eddie@pagelog.test', /Publication accepted: Jaarverslag/, before);
        expect(acceptance.text).to.contain('Mooi zo').and.contain('/jaarverslag');
        const live = await admin.post('/page/get-by-slug', { slug: '/jaarverslag' });
        expect(live.status).to.equal(200);
        expect(live.body.data.page.pageVersion.blocks[0].props.text).to.equal('Kort');
        expect((await admin.get(`/page/${page.pageID}`)).body.data).to.include({ status: 'published', hasPublicationRequest: false });
        expect((await publisher.client.get('/page/fetch-request')).body.data.map((r: { pageID: string }) => r.pageID)).to.not.include(page.pageID);
      });

      it('does not let a reviewer decide on their own request, and lets only the requester or a reviewer revoke', async () => {
        const mine = await newPage(publisher.client);
        await publisher.client.post(`/page/${mine.pageID}/request-publication`, { comment: '' });
        const self = await publisher.client.post(`/page/version/${mine.versionID}/accept-publication`, { feedback: '' });
        expect(self.status).to.equal(403);
        expect(self.body.Errors[0].code).to.equal('UM_01');

        const theirs = await newPage(editor.client);
        await editor.client.post(`/page/${theirs.pageID}/request-publication`, { comment: '' });
        // The other user has seen the request (as someone shown it would have): without its position
        // the version's look-up may not have the request yet and answer 404 instead of the refusal.
        other.client.lastPosition = Math.max(other.client.lastPosition, editor.client.lastPosition);
        expect((await other.client.post(`/page/version/${theirs.versionID}/revoke-publication`, {})).status).to.equal(403);
        expect((await editor.client.post(`/page/version/${theirs.versionID}/revoke-publication`, {})).status).to.equal(200);
        const again = await publisher.client.post(`/page/version/${theirs.versionID}/accept-publication`, { feedback: '' });
        expect(again.status).to.equal(400);
        expect(again.body.Errors[0]).to.include({ code: 'V_07' });
        expect((await publisher.client.post(`/page/version/${theirs.versionID}/reject-publication`, { feedback: '' })).body.Errors[0]).to.include({ code: 'V_01', property: 'feedback' });
      });

      it('publishes, unpublishes and stores-and-(un)publishes, keeping every published version as it was', async () => {
        const page = await newPage(admin, { title: 'Wisselend' });
        const path = `/${page.slug}`;
        const published = await admin.post(`/page/${page.pageID}/publish`, {});
        expect(published.body.data.publishedVersionID).to.equal(page.versionID);
        expect((await admin.post('/page/get-by-slug', { slug: path })).status).to.equal(200);

        const unpublished = await admin.post(`/page/${page.pageID}/unpublish`, {});
        expect(unpublished.body.data.publishedVersionID).to.equal(null);
        expect((await admin.post('/page/get-by-slug', { slug: path })).status).to.equal(404);
        expect((await admin.get(`/page/${page.pageID}`)).body.data).to.include({ status: 'not-published', publishedVersionID: null });

        const both = await admin.post(`/page/version/${page.versionID}/store-and-publish`, { pageID: page.pageID, revision: unpublished.body.data.revision, title: 'Wisselend 2', blocks: [heading('h', 'Twee')], ...seo });
        expect(both.status, JSON.stringify(both.body)).to.equal(200);
        const second = both.body.data.pageVersionID;
        expect(second).to.not.equal(page.versionID);
        expect(both.body.data.publishedVersionID).to.equal(second);
        expect((await admin.post('/page/get-by-slug', { slug: path })).body.data.page.pageVersion.title).to.equal('Wisselend 2');
        expect((await admin.get(`/page/version/fetch/${page.versionID}`)).body.data.pageVersion).to.include({ title: 'Wisselend', published: true });

        const off = await admin.post(`/page/version/${second}/store-and-unpublish`, { pageID: page.pageID, revision: both.body.data.revision, title: 'Wisselend 3', blocks: [], ...seo });
        expect(off.status).to.equal(200);
        expect((await admin.post('/page/get-by-slug', { slug: path })).status).to.equal(404);
        expect((await admin.get(`/page/${page.pageID}`)).body.data).to.include({ status: 'not-published', title: 'Wisselend 3' });
        expect((await admin.get(`/page/version/fetch/${second}`)).body.data.pageVersion.title).to.equal('Wisselend 2');
      });
    });

    describe('translations, copies and deletion', () => {
      it('creates a translation in the page\'s group, once per locale, and lists the published siblings for the language switcher', async () => {
        const source = await newPage(admin, { title: 'Onderzoek', slug: 'onderzoek' }, [heading('h', 'Ons onderzoek')]);
        const translated = await editor.client.post('/page/create-translation', { pageID: source.pageID, newLocale: 'en-gb', title: 'Research', slug: 'research' });
        expect(translated.status, JSON.stringify(translated.body)).to.equal(200);
        const copy = await admin.get(`/page/${translated.body.data.pageID}`);
        expect(copy.body.data).to.include({ locale: 'en-gb', title: 'Research', type: 'article' });
        expect(copy.body.data.translations).to.deep.equal([{ pageID: source.pageID, locale: 'nl-nl', slug: 'onderzoek', title: 'Onderzoek', status: 'concept', path: '/onderzoek' }]);
        const draft = await admin.get(`/page/version/fetch/${translated.body.data.pageVersionID}`);
        expect(draft.body.data.pageVersion.blocks).to.deep.equal([{ ...heading('h', 'Ons onderzoek'), __images: [], __files: [] }]);

        const twice = await editor.client.post('/page/create-translation', { pageID: source.pageID, newLocale: 'en-gb', title: 'Research 2', slug: 'research-2' });
        expect(twice.status).to.equal(400);
        expect(twice.body.Errors).to.deep.equal([{ code: 'V_06', property: 'newLocale', model: 'page', message: 'Locale already exists.' }]);
        expect((await editor.client.post('/page/create-translation', { pageID: source.pageID, newLocale: 'nl-nl', title: 'x', slug: 'x-nl' })).status).to.equal(400);
        expect((await editor.client.post('/page/create-translation', { pageID: source.pageID, newLocale: 'de-de', title: 'x', slug: 'x-de' })).body.Errors[0]).to.include({ code: 'V_12', property: 'newLocale' });

        // The switcher lists only what is live.
        await admin.post(`/page/${source.pageID}/publish`, {});
        const anonymous = new ApiClient(app.url);
        ApiClient.sharePositions(anonymous, admin, editor.client, publisher.client, other.client);
        expect((await anonymous.get(`/page/get-sibling-slugs/${source.pageID}`)).body.data).to.deep.equal([
          { pageID: source.pageID, locale: 'nl-nl', slug: 'onderzoek', path: '/onderzoek', title: 'Onderzoek' },
        ]);
        await admin.post(`/page/${translated.body.data.pageID}/publish`, {});
        expect((await anonymous.get(`/page/get-sibling-slugs/${source.pageID}`)).body.data.map((s: { path: string }) => s.path)).to.deep.equal(['/onderzoek', '/en-gb/research']);
        expect((await anonymous.get('/page/get-sibling-slugs/onbekend')).status).to.equal(404);
      });

      it('lets exactly one of several concurrent translations into the same locale win', async () => {
        const source = await newPage(admin);
        const replies = await Promise.all(
          [0, 1, 2, 3].map((i) => [admin, editor.client, other.client, publisher.client][i]!.post('/page/create-translation', { pageID: source.pageID, newLocale: 'en-gb', title: `Race ${i}`, slug: `race-${seq}-${i}` })),
        );
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400]);
        for (const lost of replies.filter((r) => r.status === 400)) expect(lost.body.Errors[0]).to.include({ code: 'V_06', property: 'newLocale' });
        // The losers' slugs were given back at once.
        const loser = replies.findIndex((r) => r.status === 400);
        expect((await admin.post('/page/slug-available', { slug: `race-${seq}-${loser}`, locale: 'en-gb' })).body.data.available).to.equal(true);
      });

      it('duplicates a page into a group of its own, in any locale', async () => {
        const source = await newPage(admin, {}, [heading('h', 'Origineel')]);
        const copy = await editor.client.post('/page/duplicate', { pageID: source.pageID, locale: 'en-gb', title: 'Copy', slug: 'copy-of-it' });
        expect(copy.status).to.equal(200);
        const page = await admin.get(`/page/${copy.body.data.pageID}`);
        expect(page.body.data).to.include({ title: 'Copy', locale: 'en-gb', translationGroupId: copy.body.data.pageID });
        expect(page.body.data.copiedFrom).to.deep.equal({ pageId: source.pageID, versionId: source.versionID, as: 'duplicate' });
        expect((await admin.get(`/page/version/fetch/${copy.body.data.pageVersionID}`)).body.data.pageVersion.blocks[0].props.text).to.equal('Origineel');
      });

      it('deletes a page: gone from reads and the site, its slug free, no command accepted afterwards', async () => {
        const page = await newPage(admin);
        await admin.post(`/page/${page.pageID}/publish`, {});
        const deleted = await admin.post(`/page/${page.pageID}/delete`, {});
        expect(deleted.status).to.equal(200);
        expect((await admin.get(`/page/${page.pageID}`)).status).to.equal(404);
        expect((await admin.post('/page/get-by-slug', { slug: `/${page.slug}` })).status).to.equal(404);
        expect((await admin.post('/page/slug-available', { slug: page.slug, locale: 'nl-nl' })).body.data.available).to.equal(true);
        for (const reply of [
          await admin.post(`/page/${page.pageID}/delete`, {}),
          await admin.post(`/page/${page.pageID}/publish`, {}),
          await admin.put(`/page/${page.pageID}/save`, { slug: 'weer-terug' }),
          await admin.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: 99, title: 'x', blocks: [] }),
        ]) {
          expect(reply.status).to.equal(404);
          expect(reply.body.Errors[0].code).to.equal('PM_01');
        }
        // The history remains, for the auditors.
        expect((await admin.get(`/page/${page.pageID}/history`)).body.data.pop()).to.include({ type: 'PageDeleted', actorName: 'Administrator' });
      });
    });

    describe('when the read models are rebuilt from the log', () => {
      it('answers the same lists, requests, versions and redirects as before', async () => {
        const moved = await newPage(admin, { slug: 'voor-de-rebuild' });
        await admin.post(`/page/${moved.pageID}/publish`, {});
        await admin.put(`/page/${moved.pageID}/save`, { slug: 'na-de-rebuild' });
        const waiting = await newPage(editor.client);
        await editor.client.post(`/page/${waiting.pageID}/request-publication`, { comment: 'rebuild' });
        const snapshot = async () => ({
          list: (await admin.post('/page/list', { pageIndex: 0, pageSize: 100, columnToSort: 'title', sortOrder: 'asc' })).body.data,
          requests: (await publisher.client.get('/page/fetch-request')).body.data,
          page: (await admin.get(`/page/${waiting.pageID}`)).body.data,
          version: (await admin.get(`/page/version/fetch/${waiting.versionID}`)).body.data,
          redirect: (await admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/voor-de-rebuild')}`)).body.data,
        });
        const before = await snapshot();
        expect(before.list.totalItems).to.be.greaterThan(10);
        expect(before.redirect).to.deep.equal({ page: null, redirect: '/na-de-rebuild' });
        await app.projector.rebuild(app.projector.runners.map((r) => r.projection.name));
        expect(await snapshot()).to.deep.equal(before);
      });
    });

    describe('editors working on the same page', () => {
      it('merges saves based on the same revision that touch different blocks, and says so', async () => {
        const page = await newPage(admin, {}, [heading('a', 'A'), heading('b', 'B')]);
        const base = { pageID: page.pageID, revision: page.revision, title: page.title, ...seo };
        const first = await editor.client.post(`/page/version/${page.versionID}/store`, { ...base, blocks: [heading('a', 'A van Eddie'), heading('b', 'B')] });
        const second = await other.client.post(`/page/version/${page.versionID}/store`, { ...base, blocks: [heading('a', 'A'), heading('b', 'B van Otto'), heading('c', 'Nieuw van Otto')] });
        expect([first.status, second.status]).to.deep.equal([200, 200]);
        expect([first.body.data.merged, second.body.data.merged]).to.deep.equal([false, true]);
        const version = await admin.get(`/page/version/fetch/${page.versionID}`);
        expect(version.body.data.pageVersion.blocks.map((b: { props: { text: string } }) => b.props.text)).to.deep.equal(['A van Eddie', 'B van Otto', 'Nieuw van Otto']);
      });

      it('lets exactly one of concurrent saves of the same block win; each loser gets the winner\'s version and keeps its own', async () => {
        const page = await newPage(admin, {}, [heading('a', 'A')]);
        const texts = ['Eén', 'Twee', 'Drie', 'Vier'];
        const replies = await Promise.all(
          texts.map((text, i) =>
            [editor.client, other.client, publisher.client, admin][i]!.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: page.revision, title: page.title, blocks: [heading('a', text)], ...seo }),
          ),
        );
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409]);
        const winner = texts[replies.findIndex((r) => r.status === 200)];
        for (const lost of replies.filter((r) => r.status === 409)) {
          expect(lost.body.data.conflicts).to.deep.equal(['blocks.a']);
          expect(lost.body.data.current.blocks[0].props.text).to.equal(winner);
        }
        expect((await admin.get(`/page/version/fetch/${page.versionID}`)).body.data.pageVersion.blocks[0].props.text).to.equal(winner);
      });
    });
  });
}
