import { expect } from 'chai';
import sharp from 'sharp';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`);
const ofMedia = (code: string, property: string) => ({ code, property, model: 'media' });
const firstError = (reply: ApiReply) => {
  const [item] = reply.body.Errors;
  return item ? { code: item.code, property: item.property, model: item.model } : null;
};
const names = (list: { fileName?: string; folderName?: string }[]) => list.map((x) => x.fileName ?? x.folderName);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The media library's reads through HTTP (spec section 7): get-dir, search-files and
 * list-pages-by-file, on a small library built with the media commands and pages that use it.
 */
for (const kind of storeKinds()) {
  describe(`the media library's reads through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let colour = 0;
    const media: Record<string, { id: string; hash: string | null; fileName: string }> = {};

    /** A JPEG of its own colour, so no two uploads hold the same bytes. */
    const jpeg = () => {
      colour += 1;
      return sharp({ create: { width: 16, height: 12, channels: 3, background: { r: colour * 40, g: 90, b: 200 } } }).jpeg().toBuffer();
    };
    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }
    async function upload(path: string, bytes: Buffer, name: string, defaultAltText = '') {
      const form = new FormData();
      form.append('path', path);
      form.append('defaultAltText', defaultAltText);
      form.append('f', new Blob([new Uint8Array(bytes)]), name);
      const { item } = (await ok(admin.post('/medialib/add-file', form))).body.data;
      media[name] = item;
    }
    const getDir = (path: string, who = admin) => who.post('/medialib/get-dir', { path });
    const search = (body: Record<string, unknown>) => admin.post('/medialib/search-files', { searchTerm: '', directory: '/', ...body });

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      // /Reizen/Italië, /Documenten and the root, with images (one shared, one with alt text), a PDF and a video.
      await ok(admin.post('/medialib/create-dir', { path: '/', folderName: 'Reizen' }));
      await ok(admin.post('/medialib/create-dir', { path: '/Reizen', folderName: 'Italië' }));
      await ok(admin.post('/medialib/create-dir', { path: '/', folderName: 'documenten' }));
      await upload('/Reizen', await jpeg(), 'Strand.jpg');
      await upload('/Reizen', await jpeg(), 'avond.jpg', 'Avond aan zee');
      await upload('/Reizen/Italië', await jpeg(), 'Rome strand.jpg', 'Het strand bij Rome');
      await upload('/documenten', pdf('jaarverslag'), 'Jaarverslag strand.pdf');
      await upload('/', await jpeg(), 'Logo.jpg');
      const video = await ok(admin.post('/medialib/add-video', { path: '/Reizen', link: 'https://youtu.be/dQw4w9WgXcQ', fileName: 'Film', defaultAltText: '' }));
      media.Film = video.body.data;
      const strand = media['Strand.jpg']!;
      await ok(admin.post('/medialib/edit-file', { id: strand.id, newPath: '/Reizen', newFileName: 'Strand.jpg', defaultAltText: '', shared: true }));
    });
    after(async () => {
      await app?.stop();
    });

    describe('get-dir', () => {
      it('lists a folder\'s folders, documents and images by name, with each item\'s path and public address', async () => {
        const reizen = await ok(getDir('/reizen/'));
        const listing = reizen.body.data;
        expect(listing.path).to.equal('/Reizen');
        expect(listing.directories).to.deep.equal([{ id: listing.directories[0].id, path: '/Reizen/Italië', folderName: 'Italië' }]);
        expect(listing.documents).to.deep.equal([]);
        expect(names(listing.images)).to.deep.equal(['avond.jpg', 'Film', 'Strand.jpg']);
        const strand = listing.images.find((i: { fileName: string }) => i.fileName === 'Strand.jpg');
        expect(strand).to.include({ id: media['Strand.jpg']!.id, path: '/Reizen', kind: 'image', shared: true, width: 16, height: 12, contentType: 'image/jpeg' });
        expect(strand.publicUrl).to.equal(`/api/cms/medialib/file/${media['Strand.jpg']!.hash}/Strand.jpg`);
        const film = listing.images.find((i: { fileName: string }) => i.fileName === 'Film');
        expect(film).to.include({ kind: 'youtube', hash: null, videoId: 'dQw4w9WgXcQ', publicUrl: null });
        expect(listing.images.find((i: { fileName: string }) => i.fileName === 'avond.jpg').publicUrl).to.equal(null);

        const root = (await ok(getDir('/'))).body.data;
        expect(root.path).to.equal('/');
        expect(names(root.directories)).to.deep.equal(['documenten', 'Reizen']);
        expect(names(root.images)).to.deep.equal(['Logo.jpg']);
        expect(names((await ok(getDir('/documenten'))).body.data.documents)).to.deep.equal(['Jaarverslag strand.pdf']);
      });

      it('answers 404 ML_04 for a folder that is not there, and 400 for a path that cannot be one', async () => {
        const missing = await getDir('/Nergens');
        expect(missing.status).to.equal(404);
        expect(firstError(missing)).to.deep.equal(ofMedia('ML_04', 'path'));
        expect(missing.body.Errors[0].message).to.equal('Failed loading folder content.');
        const traversal = await getDir('/Reizen/../..');
        expect(traversal.status).to.equal(400);
        expect(firstError(traversal)).to.deep.equal(ofMedia('V_12', 'path'));
      });

      it('answers 401 without a session', async () => {
        const anonymous = new ApiClient(app.url);
        expect((await getDir('/', anonymous)).status).to.equal(401);
        expect((await anonymous.post('/medialib/search-files', { searchTerm: 'strand', directory: '/' })).status).to.equal(401);
        expect((await anonymous.post('/medialib/list-pages-by-file', { fileID: media['Strand.jpg']!.id })).status).to.equal(401);
      });
    });

    describe('search-files', () => {
      it('finds items and folders by a part of their name in any case, in the folder and every folder below it', async () => {
        const everywhere = (await ok(search({ searchTerm: 'STRAND' }))).body.data;
        expect(names(everywhere.images)).to.deep.equal(['Rome strand.jpg', 'Strand.jpg']);
        expect(names(everywhere.documents)).to.deep.equal(['Jaarverslag strand.pdf']);
        expect(everywhere.images.map((i: { path: string }) => i.path)).to.deep.equal(['/Reizen/Italië', '/Reizen']);

        const inReizen = (await ok(search({ searchTerm: 'strand', directory: '/Reizen' }))).body.data;
        expect(inReizen.path).to.equal('/Reizen');
        expect(names(inReizen.images)).to.deep.equal(['Rome strand.jpg', 'Strand.jpg']);
        expect(inReizen.documents).to.deep.equal([]);
        expect(names((await ok(search({ searchTerm: 'strand', directory: '/reizen/italië' }))).body.data.images)).to.deep.equal(['Rome strand.jpg']);

        expect(names((await ok(search({ searchTerm: 'ITAL' }))).body.data.directories)).to.deep.equal(['Italië']);
        expect(names((await ok(search({ searchTerm: 'ital', directory: '/documenten' }))).body.data.directories)).to.deep.equal([]);
      });

      it('lists the images without alternative text, never documents or videos', async () => {
        const missing = (await ok(search({ withoutAltText: true }))).body.data;
        expect(names(missing.images)).to.deep.equal(['Logo.jpg', 'Strand.jpg']);
        expect(missing.documents).to.deep.equal([]);
        expect(missing.directories).to.deep.equal([]);
        expect(names((await ok(search({ withoutAltText: true, directory: '/Reizen', searchTerm: 'logo' }))).body.data.images)).to.deep.equal([]);
      });

      it('follows a folder that moved: its items are found under the new path', async () => {
        await ok(admin.post('/medialib/create-dir', { path: '/', folderName: 'Oud' }));
        await ok(admin.post('/medialib/create-dir', { path: '/Oud', folderName: 'Binnen' }));
        await upload('/Oud/Binnen', await jpeg(), 'verhuisd.jpg', 'Verhuisd');
        await ok(admin.post('/medialib/move-directory', { oldPath: '/Oud', newPath: '/documenten/Nieuw' }));
        const found = (await ok(search({ searchTerm: 'verhuisd', directory: '/documenten' }))).body.data;
        expect(found.images.map((i: { path: string }) => i.path)).to.deep.equal(['/documenten/Nieuw/Binnen']);
        expect(names((await ok(getDir('/documenten/nieuw'))).body.data.directories)).to.deep.equal(['Binnen']);
        expect((await getDir('/Oud')).status).to.equal(404);
      });

      it('answers 404 ML_04 on directory for a folder that is not there', async () => {
        const reply = await search({ searchTerm: 'x', directory: '/Nergens' });
        expect(reply.status).to.equal(404);
        expect(firstError(reply)).to.deep.equal(ofMedia('ML_04', 'directory'));
      });
    });

    describe('list-pages-by-file', () => {
      let seq = 0;
      const imageBlock = (file: { id: string; hash: string | null; fileName: string }) => ({
        type: 'image',
        key: 'beeld',
        anchorPoint: '',
        props: { externalUrl: '', alt: '', caption: '' },
        __images: [{ hash: file.hash, fileName: file.fileName, altText: '', fileID: file.id }],
      });
      const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

      async function newPage(title: string, blocks: unknown[]) {
        seq += 1;
        const created = (await ok(admin.post('/page/create', { title, slug: `gebruik-${seq}`, type: 'article', locale: seq % 2 ? 'nl-nl' : 'en-gb', content: '', typeData: {} }))).body.data;
        const stored = await ok(admin.post(`/page/version/${created.pageVersionID}/store`, { pageID: created.pageID, revision: created.revision, title, blocks, ...seo }));
        return { pageID: created.pageID as string, versionID: created.pageVersionID as string, revision: stored.body.data.revision as number, title };
      }
      const list = (body: Record<string, unknown>) =>
        admin.post('/medialib/list-pages-by-file', { fileID: media['avond.jpg']!.id, pageIndex: 0, pageSize: 25, searchTerm: '', columnToSort: '', sortOrder: 'asc', ...body });
      const titles = (reply: ApiReply) => reply.body.data.items.map((p: { title: string }) => p.title);

      it('lists the pages that use a file now, a page at a time, searched and sorted, with draft, published and status', async () => {
        const avond = media['avond.jpg']!;
        const beta = await newPage('Beta avond', [imageBlock(avond)]);
        await newPage('Alfa avond', [imageBlock(avond)]);
        await newPage('Gamma', [imageBlock(avond)]);
        await newPage('Zonder', []);
        await ok(admin.post(`/page/${beta.pageID}/publish`, {}));

        const all = await ok(list({}));
        expect(all.body.data.totalItems).to.equal(3);
        expect(titles(all)).to.deep.equal(['Alfa avond', 'Beta avond', 'Gamma']);
        expect(all.body.data.items[1]).to.deep.equal({ pageID: beta.pageID, title: 'Beta avond', slug: `gebruik-1`, locale: 'nl-nl', inDraft: true, inPublished: true, status: 'published' });
        expect(all.body.data.items[0]).to.include({ inDraft: true, inPublished: false, status: 'concept' });

        const second = await ok(list({ pageSize: 2, pageIndex: 1 }));
        expect([second.body.data.totalItems, titles(second)]).to.deep.equal([3, ['Gamma']]);
        expect(titles(await ok(list({ columnToSort: 'title', sortOrder: 'desc' })))).to.deep.equal(['Gamma', 'Beta avond', 'Alfa avond']);
        expect(titles(await ok(list({ columnToSort: 'locale', sortOrder: 'asc', pageSize: 1 })))).to.deep.equal(['Alfa avond']);
        const searched = await ok(list({ searchTerm: 'AVOND' }));
        expect([searched.body.data.totalItems, titles(searched)]).to.deep.equal([2, ['Alfa avond', 'Beta avond']]);
        expect((await ok(list({ fileID: media['Logo.jpg']!.id }))).body.data).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });
        expect((await ok(list({ fileID: media.Film!.id }))).body.data).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });
      });

      it('answers which pages used a file at a past moment, each as it was then', async () => {
        const strand = media['Strand.jpg']!;
        const before = new Date().toISOString();
        await pause(20);
        const page = await newPage('Eerst met strand', [imageBlock(strand)]);
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));
        await pause(20);
        const whilePublished = new Date().toISOString();
        await pause(20);
        // Stored without the image and published again: the page no longer uses it.
        await ok(admin.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: page.revision + 1, title: 'Later zonder strand', blocks: [], ...seo }));
        const draft = (await ok(admin.get(`/page/${page.pageID}`))).body.data;
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));
        expect(draft.title).to.equal('Later zonder strand');
        const strandList = (at: string) => admin.post('/medialib/list-pages-by-file', { fileID: strand.id, at });

        expect((await ok(strandList(''))).body.data).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });
        const then = (await ok(strandList(whilePublished))).body.data;
        expect(then.totalItems).to.equal(1);
        expect(then.items[0]).to.include({ pageID: page.pageID, title: 'Eerst met strand', inDraft: true, inPublished: true, status: 'published' });
        expect((await ok(strandList(before))).body.data.totalItems).to.equal(0);
      });

      it('answers 404 for a file that is not in the library, and 400 for a date that is none', async () => {
        const unknown = await admin.post('/medialib/list-pages-by-file', { fileID: 'onbekend' });
        expect(unknown.status).to.equal(404);
        expect(firstError(unknown)).to.deep.equal(ofMedia('V_12', 'fileID'));
        for (const at of ['gisteren', '1', 'March 1, 2026', '2026-02-30', '2026-03-01T12:00']) {
          const badDate = await list({ at });
          expect(badDate.status, at).to.equal(400);
          expect(firstError(badDate), at).to.deep.equal(ofMedia('V_12', 'at'));
        }
        // A date alone is its midnight (UTC).
        expect((await ok(list({ at: '2020-01-01' }))).body.data).to.deep.equal({ items: [], totalItems: 0, settingsUses: [] });
      });

      it('answers for a deleted file from its history: the published pages that still show it, and those that used it at a date', async () => {
        await upload('/', await jpeg(), 'Verwijderd.jpg');
        const gone = media['Verwijderd.jpg']!;
        const page = await newPage('Toont verwijderd', [imageBlock(gone)]);
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));
        await pause(20);
        const whileLive = new Date().toISOString();
        await pause(20);
        await ok(admin.post('/medialib/delete-file', { id: gone.id }));
        const goneList = (at: string) => admin.post('/medialib/list-pages-by-file', { fileID: gone.id, at });

        const now = (await ok(goneList(''))).body.data;
        expect(now.totalItems).to.equal(1);
        expect(now.items[0]).to.include({ pageID: page.pageID, title: 'Toont verwijderd', inPublished: true, status: 'published' });
        expect((await ok(goneList(whileLive))).body.data.items.map((p: { pageID: string }) => p.pageID)).to.deep.equal([page.pageID]);
      });
    });
  });
}
