import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MAX_MEDIA_BYTES, MAX_IMAGE_PIXELS } from '@pagelog/contracts/media/media';
import { pngHeaderOnly } from '@pagelog/storage/media/test-images';
import { storedZip } from '@pagelog/storage/media/test-files';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';
import { firstError, jpeg, mediaHelpers, ofMedia, outcome, pdf, png, streamUpload } from './test-kit/media-requests';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const svg = '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);
const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
/** More than the upload judges its type by before it stores (MEDIA_HEAD_BYTES, 1 MiB). */
const pastTheHead = 3 * 1024 * 1024;


/**
 * The media library's file commands through HTTP (spec section 7, Media library): uploads judged
 * by their bytes and named for what they are, moves, renames and edits with names unique per
 * folder, deletes. The test app runs the projector in-process: the look-up of bytes already in
 * the library waits for it.
 */
for (const kind of storeKinds()) {
  describe(`media files through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    const { upload, folder, uniqueJpeg } = mediaHelpers(() => admin);
    const eventTypes = async (id: string) => (await app.stores.eventStore.readStream(`media-${id}`)).map((e) => e.type);

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    describe('uploads', () => {
      it('stores JPEG, PNG, PDF, SVG and text by their bytes, with kind, type, size and dimensions', async () => {
        const target = await folder('Uploads');
        const photo = await jpeg(64, 48);
        const reply = await upload(photo, 'foto.jpg', { path: target, defaultAltText: 'Blauw vlak' });
        expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
        const item = reply.body.data.item;
        expect(reply.body.data.duplicate).to.equal(false);
        expect(item).to.include({ path: target, fileName: 'foto.jpg', kind: 'image', contentType: 'image/jpeg', size: photo.length, width: 64, height: 48, defaultAltText: 'Blauw vlak', shared: false, publicUrl: null });
        expect(item.hash).to.equal(createHash('sha256').update(photo).digest('hex'));
        const stored = await app.auth.blobs.stat(item.hash);
        expect(stored).to.include({ size: photo.length, contentType: 'image/jpeg' });

        const document = await upload(pdf(), 'folder.pdf', { path: target });
        expect(document.body.data.item).to.include({ kind: 'document', contentType: 'application/pdf', width: null, height: null, fileName: 'folder.pdf' });
        const vector = await upload(svg, 'logo.svg', { path: target });
        expect(vector.body.data.item).to.include({ kind: 'svg', contentType: 'image/svg+xml', fileName: 'logo.svg' });
        const text = await upload('naam;plaats\nAnna;Utrecht\n', 'lijst.csv', { path: target });
        expect(text.body.data.item).to.include({ kind: 'document', contentType: 'text/plain; charset=utf-8', fileName: 'lijst.csv' });
      });

      it('names a file for what its bytes are: a wrong extension is replaced, a missing one added', async () => {
        const target = await folder('Extensies');
        const named = async (bytes: Buffer | string, name: string) => {
          const reply = await upload(bytes, name, { path: target });
          expect(reply.status, `${name}: ${JSON.stringify(reply.body.Errors)}`).to.equal(200);
          return reply.body.data.item;
        };
        // The name does not decide the type: a PNG called .pdf is a PNG, and is called one.
        expect(await named(await png(), 'plaatje.pdf')).to.include({ kind: 'image', contentType: 'image/png', width: 20, height: 10, fileName: 'plaatje.png' });
        // Text that would run as a script, a batch file or a page when opened under its name.
        expect((await named('MsgBox "hoi"\n', 'invoice.vbs')).fileName).to.equal('invoice.txt');
        expect((await named('alert(1)\n', 'factuur.js')).fileName).to.equal('factuur.txt');
        expect((await named('@echo off\n', 'run.BAT')).fileName).to.equal('run.txt');
        expect((await named('gewoon tekst\n', 'notities')).fileName).to.equal('notities.txt');
        expect((await named(pdf().toString('latin1') + ' ', 'Verslag v1.2')).fileName).to.equal('Verslag v1.2.pdf');
        expect((await named(await uniqueJpeg(), 'Foto.JPEG')).fileName).to.equal('Foto.JPEG');
        // A name that hides what it is behind a right-to-left override is no name.
        expect((await named(pdf().toString('latin1') + '  ', 'invoice\u202Efdp.exe')).fileName).to.equal('file.pdf');
      });

      it('reads dimensions as the image is shown (EXIF orientation turns them)', async () => {
        const turned = await upload(await jpeg(64, 48, 6), 'staand.jpg');
        expect(turned.body.data.item).to.include({ width: 48, height: 64 });
      });

      it('refuses types it does not take by their bytes (415 ML_11), whatever the name says', async () => {
        for (const [bytes, name] of [
          [exe, 'foto.jpg'],
          [html, 'foto.jpg'],
          ['<html><body>hoi</body></html>', 'notes.txt'],
          [Buffer.concat([Buffer.from('binary'), Buffer.from([0, 1, 2, 0xff])]), 'data.csv'],
          ['<?xml version="1.0"?><note>geen svg</note>', 'logo.svg'],
        ] as const) {
          const reply = await upload(bytes, name);
          expect(reply.status, name).to.equal(415);
          expect(reply.body.Errors[0]).to.include({ ...ofMedia('ML_11', 'f'), message: 'This type of file is not supported.' });
        }
      });

      it('refuses an image bomb by its header (V_12), an unreadable image, and no file', async () => {
        expect(50_000 * 50_000).to.be.above(MAX_IMAGE_PIXELS);
        const bomb = await upload(pngHeaderOnly(50_000, 50_000), 'bom.png');
        expect(outcome(bomb)).to.deep.equal([400, ofMedia('V_12', 'f')]);
        const cut = await upload((await jpeg()).subarray(0, 20), 'kapot.jpg');
        expect(outcome(cut)).to.deep.equal([400, ofMedia('V_12', 'f')]);
        const none = new FormData();
        none.append('path', '/');
        expect(firstError(await admin.post('/medialib/add-file', none))).to.deep.equal(ofMedia('V_17', 'f'));
        expect(outcome(await upload(await png(), 'x.png', { path: '/Nergens' }))).to.deep.equal([404, ofMedia('ML_04', 'path')]);
        expect(outcome(await upload(await png(), 'x.png', { allowDuplicate: 'misschien' }))).to.deep.equal([400, ofMedia('V_12', 'allowDuplicate')]);
      });

      it('takes one file under "f": a second file, a file under another name only, too many fields or a broken body is V_17, and nothing is stored', async () => {
        const first = await uniqueJpeg();
        const second = await uniqueJpeg();
        const two = new FormData();
        two.append('path', '/');
        two.append('f', new Blob([new Uint8Array(first)], { type: 'image/jpeg' }), 'een.jpg');
        two.append('f', new Blob([new Uint8Array(second)], { type: 'image/jpeg' }), 'twee.jpg');
        expect(outcome(await admin.post('/medialib/add-file', two))).to.deep.equal([400, ofMedia('V_17', 'f')]);
        expect(await app.auth.blobs.stat(sha256(second))).to.equal(null);

        const elsewhere = new FormData();
        elsewhere.append('path', '/');
        elsewhere.append('bestand', new Blob([new Uint8Array(second)], { type: 'image/jpeg' }), 'twee.jpg');
        expect(outcome(await admin.post('/medialib/add-file', elsewhere))).to.deep.equal([400, ofMedia('V_17', 'f')]);
        expect(await app.auth.blobs.stat(sha256(second))).to.equal(null);

        const many = new FormData();
        for (let i = 0; i < 11; i++) many.append(`veld${i}`, 'x');
        many.append('f', new Blob([new Uint8Array(second)], { type: 'image/jpeg' }), 'twee.jpg');
        expect(outcome(await admin.post('/medialib/add-file', many))).to.deep.equal([400, ofMedia('V_17', 'f')]);
        expect(await app.auth.blobs.stat(sha256(second))).to.equal(null);

        // The body ends in the middle of the file: no closing boundary.
        const broken = await fetch(`${app.url}/api/cms/medialib/add-file`, {
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=grens', Cookie: admin.cookie!, [CSRF_HEADER]: admin.csrfToken!, 'X-Requested-With': 'XMLHttpRequest' },
          body: Buffer.concat([Buffer.from('--grens\r\nContent-Disposition: form-data; name="f"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'), second]),
        });
        expect(outcome({ status: broken.status, body: await broken.json() } as ApiReply)).to.deep.equal([400, ofMedia('V_17', 'f')]);
        expect(await app.auth.blobs.stat(sha256(second))).to.equal(null);
      });

      it('keeps nothing of what it refuses: a type it does not take, text that stops being text past its start, a bomb', async () => {
        const notText = Buffer.concat([Buffer.from('naam;plaats\n'), Buffer.alloc(pastTheHead, 0x61), Buffer.from([0x62, 0x00, 0x63])]);
        const bomb = pngHeaderOnly(50_000, 50_000);
        for (const [bytes, status, code] of [
          [exe, 415, 'ML_11'],
          [notText, 415, 'ML_11'],
          [Buffer.concat([Buffer.from('tekst '), Buffer.alloc(pastTheHead, 0x61), Buffer.from([0xe2, 0x82])]), 415, 'ML_11'],
          [bomb, 400, 'V_12'],
        ] as const) {
          expect(outcome(await upload(bytes, 'x.bin'))).to.deep.equal([status, ofMedia(code, 'f')]);
          expect(await app.auth.blobs.stat(sha256(bytes))).to.equal(null);
        }
        // Text that stays text past its start is stored, whole.
        const long = Buffer.concat([Buffer.from('naam;plaats\n'), Buffer.alloc(pastTheHead, 0x61)]);
        const stored = await upload(long, 'lang.csv');
        expect(stored.body.data.item).to.include({ contentType: 'text/plain; charset=utf-8', size: long.length, hash: sha256(long) });
        expect(await app.auth.blobs.stat(sha256(long))).to.include({ size: long.length, contentType: 'text/plain; charset=utf-8' });
      });

      it('knows an Office document whose type is named past its start (judged whole, then stored)', async () => {
        const docx = storedZip([
          ['word/media/big.bin', Buffer.alloc(pastTheHead, 7)],
          ['[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')],
        ]);
        const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
        const reply = await upload(docx, 'verslag.docx');
        expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
        expect(reply.body.data.item).to.include({ kind: 'document', contentType: type, fileName: 'verslag.docx', size: docx.length, hash: sha256(docx) });
        expect(await app.auth.blobs.stat(sha256(docx))).to.include({ size: docx.length, contentType: type });
        const plainZip = storedZip([['data.bin', Buffer.alloc(pastTheHead, 7)], ['readme.txt', Buffer.from('hallo')]]);
        expect(outcome(await upload(plainZip, 'archief.docx'))).to.deep.equal([415, ofMedia('ML_11', 'f')]);
        expect(await app.auth.blobs.stat(sha256(plainZip))).to.equal(null);
      });

      it('refuses a PDF of 100 MB + 1 byte while it streams into the store (413 ML_01), and the store keeps nothing of it', async () => {
        const start = Buffer.from('%PDF-1.7\n');
        const limit = await streamUpload(app.url, admin, MAX_MEDIA_BYTES + 1, start);
        expect(limit.status).to.equal(413);
        expect(JSON.parse(limit.body).Errors[0]).to.include(ofMedia('ML_01', 'f'));
        const bytes = Buffer.alloc(MAX_MEDIA_BYTES + 1);
        start.copy(bytes);
        expect(await app.auth.blobs.stat(sha256(bytes))).to.equal(null);
        // Not even a write in progress (the file-system store's temp files).
        const temp = join(app.env.PAGELOG_DATA_DIR ?? '', 'blobs', '.tmp');
        if (existsSync(temp)) expect(readdirSync(temp)).to.deep.equal([]);
        // A zip spooled to be judged whole is refused as it streams too, and its spool removed.
        const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pagelog-upload-'));
        const spooledBefore = spools();
        const zipStart = storedZip([['word/big.bin', Buffer.alloc(pastTheHead)]]).subarray(0, 64);
        const zipped = await streamUpload(app.url, admin, MAX_MEDIA_BYTES + 1, zipStart);
        expect(zipped.status).to.equal(413);
        expect(spools().filter((name) => !spooledBefore.includes(name))).to.deep.equal([]);
        // Just under the limit, the same start is a document.
        const under = await streamUpload(app.url, admin, 4 * 1024 * 1024, start);
        expect(under.status, under.body).to.equal(200);
        expect(JSON.parse(under.body).data.item).to.include({ kind: 'document', contentType: 'application/pdf', size: 4 * 1024 * 1024 });
      });

      it('refuses 100 MB + 1 byte while it streams (413 ML_01), and keeps nothing of it', async () => {
        const before = new Set(readdirSync(tmpdir()));
        const limit = await streamUpload(app.url, admin, MAX_MEDIA_BYTES + 1);
        expect(limit.status).to.equal(413);
        expect(JSON.parse(limit.body).Errors[0]).to.include({ ...ofMedia('ML_01', 'f'), message: 'Uploaded file exceeds the size limit.' });
        // Refused as the bytes arrive: of a far larger upload, the answer comes long before the end.
        const huge = await streamUpload(app.url, admin, 3 * MAX_MEDIA_BYTES);
        expect(huge.status).to.equal(413);
        expect(huge.unsent).to.be.above(MAX_MEDIA_BYTES / 2);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const size = (name: string) => statSync(join(tmpdir(), name), { throwIfNoEntry: false });
        const leftovers = readdirSync(tmpdir()).filter((name) => !before.has(name) && (size(name)?.isFile() ?? false) && size(name)!.size > 1024 * 1024);
        expect(leftovers).to.deep.equal([]);
        expect(await app.auth.blobs.stat(createHash('sha256').update(Buffer.alloc(MAX_MEDIA_BYTES + 1)).digest('hex'))).to.equal(null);
      });

      it('keeps unicode names as NFC and numbers a name taken in the folder; a name that is no name becomes "file"', async () => {
        const target = await folder('Namen');
        const first = await upload(await uniqueJpeg(), 'Cafe\u0301 op het plein.jpg', { path: target });
        expect(first.body.data.item.fileName).to.equal('Café op het plein.jpg');
        const second = await upload(await uniqueJpeg(), 'café op het plein.jpg', { path: target });
        expect(second.body.data.item.fileName).to.equal('café op het plein (2).jpg');
        const third = await upload(await uniqueJpeg(), 'Café op het plein.jpg', { path: target });
        expect(third.body.data.item.fileName).to.equal('Café op het plein (3).jpg');
        const nameless = await upload(await uniqueJpeg(), 'a\u0001b.jpg', { path: target });
        expect(nameless.body.data.item.fileName).to.equal('file.jpg');
        // A client that sends a path as the file name (old browsers, tools): its last part is the name.
        const pathed = await upload(await uniqueJpeg(), '../../etc/C:\\fakepath\\zon.jpg', { path: target });
        expect(pathed.body.data.item.fileName).to.equal('zon.jpg');
      });

      it('answers the item that holds the same bytes already, and stores a second item only when asked', async () => {
        const bytes = await uniqueJpeg();
        const first = await upload(bytes, 'zee.jpg');
        const again = await upload(bytes, 'andere-naam.jpg', { path: await folder('Elders') });
        expect(again.status).to.equal(200);
        expect(again.body.data.duplicate).to.equal(true);
        expect(again.body.data.item).to.deep.include({ id: first.body.data.item.id, path: '/', fileName: 'zee.jpg' });
        const second = await upload(bytes, 'zee.jpg', { allowDuplicate: 'true' });
        expect(second.body.data.duplicate).to.equal(false);
        expect(second.body.data.item.id).to.not.equal(first.body.data.item.id);
        expect(second.body.data.item).to.include({ hash: first.body.data.item.hash, fileName: 'zee (2).jpg' });
      });
    });

    describe('moving and editing files', () => {
      it('moves and renames a file, and refuses a taken name in the target folder (ML_03)', async () => {
        const a = await folder('A');
        const b = await folder('B');
        const item = (await upload(await uniqueJpeg(), 'één.jpg', { path: a })).body.data.item;
        await upload(await uniqueJpeg(), 'bezet.jpg', { path: b });
        const moved = await admin.post('/medialib/move-file', { id: item.id, newPath: b, newFileName: 'twee.jpg' });
        expect(moved.status).to.equal(200);
        expect(moved.body.data).to.include({ id: item.id, path: b, fileName: 'twee.jpg', hash: item.hash });
        expect(outcome(await admin.post('/medialib/move-file', { id: item.id, newPath: b, newFileName: 'BEZET.jpg' }))).to.deep.equal([400, ofMedia('ML_03', 'newFileName')]);
        // Its old name is free again.
        expect((await upload(await uniqueJpeg(), 'één.jpg', { path: a })).body.data.item.fileName).to.equal('één.jpg');
        expect(outcome(await admin.post('/medialib/move-file', { id: item.id, newPath: b, newFileName: '../x.jpg' }))).to.deep.equal([400, ofMedia('V_12', 'newFileName')]);
        expect(outcome(await admin.post('/medialib/move-file', { id: item.id, newPath: b, newFileName: 'x\u200b.jpg' }))).to.deep.equal([400, ofMedia('V_12', 'newFileName')]);
        expect(outcome(await admin.post('/medialib/move-file', { id: 'onbekend', newPath: b, newFileName: 'x.jpg' }))).to.deep.equal([404, ofMedia('V_12', 'id')]);
      });

      it('keeps a renamed file\'s extension that of its type: another one is replaced, a missing one added', async () => {
        const item = (await upload(await uniqueJpeg(), 'hernoem.jpg')).body.data.item;
        const rename = (newFileName: string, over: Record<string, unknown> = {}) => admin.post('/medialib/move-file', { id: item.id, newPath: '/', newFileName, ...over });
        expect((await rename('hernoemd.exe')).body.data.fileName).to.equal('hernoemd.jpg');
        expect((await rename('zonder extensie')).body.data.fileName).to.equal('zonder extensie.jpg');
        expect((await rename('anders.jpeg')).body.data.fileName).to.equal('anders.jpeg');
        // The same rule on edit-file; a rename to what the rule makes of the current name changes nothing.
        const edited = await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: 'veranderd.html' });
        expect(edited.body.data.fileName).to.equal('veranderd.jpg');
        const before = (await eventTypes(item.id)).length;
        expect((await rename('veranderd.png')).body.data.fileName).to.equal('veranderd.jpg');
        expect((await eventTypes(item.id)).length).to.equal(before);
        // A video has no type to keep: its name is free.
        const video = (await admin.post('/medialib/add-video', { path: '/', link: 'https://vimeo.com/76979871', fileName: 'Clip' })).body.data;
        expect((await admin.post('/medialib/move-file', { id: video.id, newPath: '/', newFileName: 'Clip.mp4' })).body.data.fileName).to.equal('Clip.mp4');
      });

      it('lets one of two concurrent moves into one name win (one 200, one ML_03)', async () => {
        const from = await folder('Bron');
        const to = await folder('Doel');
        const one = (await upload(await uniqueJpeg(), 'een.jpg', { path: from })).body.data.item;
        const two = (await upload(await uniqueJpeg(), 'twee.jpg', { path: from })).body.data.item;
        const replies = await Promise.all([one, two].map((item) => admin.post('/medialib/move-file', { id: item.id, newPath: to, newFileName: 'samen.jpg' })));
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 400]);
        expect(firstError(replies.find((r) => r.status === 400)!)).to.deep.equal(ofMedia('ML_03', 'newFileName'));
      });

      it('edits place, alt text, shared flag and focal point, writing only what changed', async () => {
        const item = (await upload(await uniqueJpeg(), 'bewerk.jpg')).body.data.item;
        const edit = (over: Record<string, unknown>) => admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: 'bewerk.jpg', defaultAltText: '', shared: false, ...over });
        const shared = await edit({ defaultAltText: 'Een vlak', shared: true, focalPoint: { x: 0.2, y: 0.8 } });
        expect(shared.status, JSON.stringify(shared.body.Errors)).to.equal(200);
        expect(shared.body.data).to.deep.include({ defaultAltText: 'Een vlak', shared: true, focalPoint: { x: 0.2, y: 0.8 } });
        expect(shared.body.data.publicUrl).to.equal(`/api/cms/medialib/file/${item.hash}/bewerk.jpg`);
        expect(await eventTypes(item.id)).to.deep.equal(['MediaFileUploaded', 'MediaAltTextChanged', 'MediaSharedChanged', 'MediaFocalPointChanged']);
        const same = await edit({ defaultAltText: 'Een vlak', shared: true });
        expect(same.status).to.equal(200);
        expect((await eventTypes(item.id)).length).to.equal(4);
        const renamed = await edit({ newFileName: 'Bewerkt.jpg', defaultAltText: 'Een vlak', shared: true });
        expect(renamed.body.data.publicUrl).to.equal(`/api/cms/medialib/file/${item.hash}/Bewerkt.jpg`);
        expect((await eventTypes(item.id)).slice(4)).to.deep.equal(['MediaFileRenamed']);
        expect(outcome(await edit({ focalPoint: { x: 2, y: 0 } }))).to.deep.equal([400, ofMedia('V_12', 'focalPoint.x')]);
      });

      it('keeps the alt text and the shared flag when edit-file leaves them out', async () => {
        const item = (await upload(await uniqueJpeg(), 'gedeeld.jpg', { defaultAltText: 'Gedeeld beeld' })).body.data.item;
        expect((await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: 'gedeeld.jpg', shared: true })).body.data).to.include({ shared: true, defaultAltText: 'Gedeeld beeld' });
        const renamed = await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: 'nog-gedeeld.jpg' });
        expect(renamed.status, JSON.stringify(renamed.body.Errors)).to.equal(200);
        expect(renamed.body.data).to.include({ fileName: 'nog-gedeeld.jpg', shared: true, defaultAltText: 'Gedeeld beeld' });
        expect(renamed.body.data.publicUrl).to.equal(`/api/cms/medialib/file/${item.hash}/nog-gedeeld.jpg`);
        expect((await eventTypes(item.id)).slice(1)).to.deep.equal(['MediaSharedChanged', 'MediaFileRenamed']);
        const listed = (await admin.post('/medialib/get-dir', { path: '/' })).body.data.images.find((i: { id: string }) => i.id === item.id);
        expect(listed).to.include({ shared: true, defaultAltText: 'Gedeeld beeld' });
      });

      it('deletes a file once; its name is free again', async () => {
        const item = (await upload(await uniqueJpeg(), 'weg.jpg')).body.data.item;
        expect((await admin.post('/medialib/delete-file', { id: item.id })).status).to.equal(200);
        expect(outcome(await admin.post('/medialib/delete-file', { id: item.id }))).to.deep.equal([404, ofMedia('V_12', 'id')]);
        expect((await upload(await uniqueJpeg(), 'weg.jpg')).body.data.item.fileName).to.equal('weg.jpg');
      });
    });
  });
}
