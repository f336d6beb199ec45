import { expect } from 'chai';
import { roleStream, type RoleEvent } from '@pagelog/contracts/events/user-events';
import { commandContext, SYSTEM_ACTOR } from '@pagelog/command-service/core/command-context';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { fileForm, firstError, mediaHelpers, ofMedia, outcome, png } from './test-kit/media-requests';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

/**
 * The media library's folder and video commands through HTTP (spec section 7, Media library):
 * folders with names unique per parent, moves of whole trees, deletes of empty folders, videos
 * by their links and the pages that show them, and who may do any of it. The test app runs the
 * projector in-process: the look-ups that read the media read models (a folder's contents) wait
 * for it.
 */
for (const kind of storeKinds()) {
  describe(`media folders and videos through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    const { upload, folder, uniqueJpeg } = mediaHelpers(() => admin);
    const eventTypes = async (id: string) => (await app.stores.eventStore.readStream(`media-${id}`)).map((e) => e.type);
    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    describe('folders', () => {
      it('creates a folder, refuses its name again in any case (V_06), and 404s a parent that is not there (ML_04)', async () => {
        const created = await admin.post('/medialib/create-dir', { path: '/', folderName: 'Reizen' });
        expect(created.status).to.equal(200);
        expect(created.body.data).to.include({ path: '/Reizen', folderName: 'Reizen' });
        expect(created.body.data.position).to.be.a('number').above(0);
        expect(created.headers.get('x-pagelog-position')).to.equal(String(created.body.data.position));
        for (const again of ['Reizen', 'reizen', ' REIZEN ']) {
          const clash = await admin.post('/medialib/create-dir', { path: '/', folderName: again });
          expect(clash.status).to.equal(400);
          expect(clash.body.Errors).to.deep.equal([{ ...ofMedia('V_06', 'folderName'), message: 'Folder name already exists.' }]);
        }
        expect(outcome(await admin.post('/medialib/create-dir', { path: '/Nergens', folderName: 'x' }))).to.deep.equal([404, ofMedia('ML_04', 'path')]);
        const nested = await admin.post('/medialib/create-dir', { path: '/reizen/', folderName: '2024' });
        expect(nested.body.data).to.include({ path: '/Reizen/2024' });
      });

      it('keeps names as NFC and refuses traversal, control, invisible and bidirectional characters (V_12)', async () => {
        const unicode = await admin.post('/medialib/create-dir', { path: '/', folderName: 'Cafe\u0301 foto’s 日本' });
        expect(unicode.body.data.folderName).to.equal('Café foto’s 日本');
        for (const bad of ['../x', 'a/b', '..', 'x\u0007y', 'regel\nbreuk', 'gpj.\u202Eexe', 'on\u200Bzichtbaar', 'b\uFEFFom', 'iso\u2066late']) {
          const reply = await admin.post('/medialib/create-dir', { path: '/', folderName: bad });
          expect(outcome(reply), JSON.stringify(bad)).to.deep.equal([400, ofMedia('V_12', 'folderName')]);
        }
        expect(outcome(await admin.post('/medialib/create-dir', { path: '/../etc', folderName: 'x' }))).to.deep.equal([400, ofMedia('V_12', 'path')]);
      });

      it('lets one of two concurrent creates of a name win', async () => {
        const parent = await folder();
        const replies = await Promise.all([0, 1, 2].map(() => admin.post('/medialib/create-dir', { path: parent, folderName: 'Dubbel' })));
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 400, 400]);
        for (const r of replies.filter((x) => x.status !== 200)) expect(firstError(r)).to.deep.equal(ofMedia('V_06', 'folderName'));
      });

      it('moves and renames a folder by its whole new path, with what is in it', async () => {
        const from = await folder('Van');
        const to = await folder('Naar');
        await admin.post('/medialib/create-dir', { path: from, folderName: 'Zomer' });
        const inside = await upload(await uniqueJpeg(), 'strand.jpg', { path: `${from}/Zomer` });
        expect(inside.status, JSON.stringify(inside.body.Errors)).to.equal(200);

        const moved = await admin.post('/medialib/move-directory', { oldPath: `${from}/Zomer`, newPath: `${to}/Zomer` });
        expect(moved.status, JSON.stringify(moved.body.Errors)).to.equal(200);
        expect(moved.body.data).to.include({ path: `${to}/Zomer`, folderName: 'Zomer' });
        const renamed = await admin.post('/medialib/move-directory', { oldPath: `${to}/zomer`, newPath: `${to}/Zomer 2024` });
        expect(renamed.body.data).to.include({ path: `${to}/Zomer 2024`, folderName: 'Zomer 2024' });

        // The old place is free and gone; the file moved along (it is found through the new path).
        expect(outcome(await admin.post('/medialib/create-dir', { path: `${from}/Zomer`, folderName: 'x' }))).to.deep.equal([404, ofMedia('ML_04', 'path')]);
        expect((await admin.post('/medialib/create-dir', { path: from, folderName: 'Zomer' })).status).to.equal(200);
        const item = inside.body.data.item;
        const kept = await admin.post('/medialib/move-file', { id: item.id, newPath: `${to}/Zomer 2024`, newFileName: 'strand.jpg' });
        expect(kept.status).to.equal(200);
        expect(await eventTypes(item.id)).to.deep.equal(['MediaFileUploaded']);
      });

      it('decides crossed moves one after the other: A into B and B into A at once, one wins and both stay in the tree', async () => {
        for (let round = 0; round < 3; round++) {
          const a = await folder('Kruis A');
          const b = await folder('Kruis B');
          const nameOf = (path: string) => path.slice(1);
          const replies = await Promise.all([
            admin.post('/medialib/move-directory', { oldPath: a, newPath: `${b}/${nameOf(a)}` }),
            admin.post('/medialib/move-directory', { oldPath: b, newPath: `${a}/${nameOf(b)}` }),
          ]);
          const lost = replies.find((r) => r.status !== 200);
          expect(replies.filter((r) => r.status === 200), JSON.stringify(replies.map((r) => r.body.Errors))).to.have.length(1);
          // The loser finds its target moved away (ML_04, 404) or below the folder it moves (V_07).
          expect([[404, ofMedia('ML_04', 'newPath')], [400, ofMedia('V_07', 'newPath')]]).to.deep.include(outcome(lost!));
          // Whichever won, the other is reachable from the root with it inside.
          const inner = replies[0]!.status === 200 ? `${b}/${nameOf(a)}` : `${a}/${nameOf(b)}`;
          expect((await admin.post('/medialib/create-dir', { path: inner, folderName: 'bereikbaar' })).status).to.equal(200);
        }
      });

      it('refuses a move into itself or below itself, onto a taken name, and any move of the root (V_07, ML_02)', async () => {
        const top = await folder('Boven');
        await admin.post('/medialib/create-dir', { path: top, folderName: 'Onder' });
        const other = await folder('Ander');
        expect(outcome(await admin.post('/medialib/move-directory', { oldPath: top, newPath: `${top}/Onder/Boven` }))).to.deep.equal([400, ofMedia('V_07', 'newPath')]);
        expect(outcome(await admin.post('/medialib/move-directory', { oldPath: top, newPath: `${top}/x` }))).to.deep.equal([400, ofMedia('V_07', 'newPath')]);
        const taken = await admin.post('/medialib/move-directory', { oldPath: top, newPath: other });
        expect(taken.body.Errors).to.deep.equal([{ ...ofMedia('ML_02', 'newPath'), message: 'Cannot move or rename; already exists.' }]);
        expect(outcome(await admin.post('/medialib/move-directory', { oldPath: '/', newPath: '/x' }))).to.deep.equal([400, ofMedia('V_07', 'oldPath')]);
        expect(outcome(await admin.post('/medialib/move-directory', { oldPath: other, newPath: '/' }))).to.deep.equal([400, ofMedia('V_07', 'newPath')]);
        expect(outcome(await admin.post('/medialib/move-directory', { oldPath: '/Nergens', newPath: '/x' }))).to.deep.equal([404, ofMedia('ML_04', 'oldPath')]);
      });

      it('deletes only an empty folder (V_07 otherwise), never the root', async () => {
        const full = await folder('Vol');
        const sub = await admin.post('/medialib/create-dir', { path: full, folderName: 'Sub' });
        expect(outcome(await admin.post('/medialib/delete-directory', { path: full }))).to.deep.equal([400, ofMedia('V_07', 'path')]);
        const file = await upload(await uniqueJpeg(), 'a.jpg', { path: sub.body.data.path });
        expect(outcome(await admin.post('/medialib/delete-directory', { path: sub.body.data.path }))).to.deep.equal([400, ofMedia('V_07', 'path')]);
        expect((await admin.post('/medialib/delete-file', { id: file.body.data.item.id })).status).to.equal(200);
        expect((await admin.post('/medialib/delete-directory', { path: sub.body.data.path })).status).to.equal(200);
        const deleted = await admin.post('/medialib/delete-directory', { path: full });
        expect(deleted.status).to.equal(200);
        expect(deleted.body.data.position).to.be.a('number').above(0);
        expect(outcome(await admin.post('/medialib/delete-directory', { path: full }))).to.deep.equal([404, ofMedia('ML_04', 'path')]);
        expect(outcome(await admin.post('/medialib/delete-directory', { path: '/' }))).to.deep.equal([400, ofMedia('V_07', 'path')]);
        // Its name is free again.
        expect((await admin.post('/medialib/create-dir', { path: '/', folderName: full.slice(1) })).status).to.equal(200);
      });
    });

    describe('videos', () => {
      it('adds YouTube and Vimeo videos by their links, and refuses any other link (ML_10)', async () => {
        const youtube = await admin.post('/medialib/add-video', { path: '/', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', fileName: 'Intro', defaultAltText: 'Introductiefilm' });
        expect(youtube.status, JSON.stringify(youtube.body.Errors)).to.equal(200);
        expect(youtube.body.data).to.include({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', fileName: 'Intro', hash: null });
        const vimeo = await admin.post('/medialib/add-video', { path: '/', link: 'https://vimeo.com/76979871', fileName: 'Teaser' });
        expect(vimeo.body.data).to.include({ kind: 'vimeo', videoId: '76979871' });
        for (const link of ['https://example.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'https://youtu.be/kort']) {
          const reply = await admin.post('/medialib/add-video', { path: '/', link, fileName: 'Fout' });
          expect(reply.status).to.equal(400);
          expect(reply.body.Errors[0]).to.include({ ...ofMedia('ML_10', 'link'), message: 'Video link is not valid.' });
        }
        expect(outcome(await admin.post('/medialib/add-video', { path: '/', link: 'https://vimeo.com/1', fileName: 'intro' }))).to.deep.equal([400, ofMedia('ML_03', 'fileName')]);
      });

      it('lists the pages that show a library video under that video (where-used), and no longer once it is taken out', async () => {
        const target = await folder('Films');
        const video = (await ok(admin.post('/medialib/add-video', { path: target, link: 'https://youtu.be/aqz-KE-bpKQ', fileName: 'Buck' }))).body.data;
        const other = (await ok(admin.post('/medialib/add-video', { path: target, link: 'https://vimeo.com/22439234', fileName: 'Ander' }))).body.data;
        const videoBlock = { type: 'video', key: 'film', anchorPoint: '', props: { provider: 'youtube', videoId: 'aqz-KE-bpKQ', title: 'Big Buck Bunny', link: 'https://youtu.be/aqz-KE-bpKQ' } };
        const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
        const page = (await ok(admin.post('/page/create', { title: 'Met film', slug: 'met-film', type: 'article', locale: 'nl-nl', content: '', typeData: {} }))).body.data;
        const stored = await ok(admin.post(`/page/version/${page.pageVersionID}/store`, { pageID: page.pageID, revision: page.revision, title: 'Met film', blocks: [videoBlock], ...seo }));
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));
        const usedBy = async (fileID: string) => (await ok(admin.post('/medialib/list-pages-by-file', { fileID }))).body.data;

        const found = await usedBy(video.id);
        expect(found.totalItems).to.equal(1);
        expect(found.items[0]).to.deep.equal({ pageID: page.pageID, title: 'Met film', slug: 'met-film', locale: 'nl-nl', inDraft: true, inPublished: true, status: 'published' });
        expect(await usedBy(other.id)).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });

        // Stored and published without it: the page no longer shows the video.
        await ok(admin.post(`/page/version/${page.pageVersionID}/store`, { pageID: page.pageID, revision: stored.body.data.revision + 1, title: 'Zonder film', blocks: [], ...seo }));
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));
        expect(await usedBy(video.id)).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });
      });
    });

    describe('who may', () => {
      it('answers 401 without a session and 403 UM_01 to a user without manage-media, changing nothing', async () => {
        const anonymous = new ApiClient(app.url);
        await anonymous.post('/auth/user');
        const noSession = await anonymous.post('/medialib/create-dir', { path: '/', folderName: 'Anoniem' });
        expect(noSession.status).to.equal(401);
        expect(firstError(noSession)).to.deep.include({ code: 'AUTH_05' });

        const grants = [{ name: 'create-page' as const }];
        await app.users.handle(roleStream('reader'), 'any', { initialState: null, evolve: () => null }, (): RoleEvent[] => [{ type: 'RoleDefined', data: { roleId: 'reader', name: 'Reader', permissions: grants } }], commandContext(SYSTEM_ACTOR, 'media-spec'));
        const reader = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `reader-${kind}@pagelog.test`, role: 'reader' });
        for (const [path, body] of [
          ['/medialib/create-dir', { path: '/', folderName: 'Lezer' }],
          ['/medialib/add-video', { path: '/', link: 'https://vimeo.com/76979871', fileName: 'Lezer' }],
          ['/medialib/delete-directory', { path: '/Reizen' }],
        ] as const) {
          const reply = await reader.client.post(path, body);
          expect(reply.status, path).to.equal(403);
          expect(reply.body.Errors).to.deep.equal([{ code: 'UM_01', property: '', model: '', message: 'You are not authorized to do this action.' }]);
        }
        const refusedUpload = await reader.client.post('/medialib/add-file', fileForm(await png(), 'x.png'));
        expect(refusedUpload.status).to.equal(403);
        expect((await admin.post('/medialib/create-dir', { path: '/', folderName: 'Lezer' })).status).to.equal(200);
      });
    });
  });
}
