import { expect } from 'chai';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import { sharedFileUrl } from '@pagelog/contracts/media/media-urls';
import { ApiClient } from './test-kit/api-client';
import { fileForm, firstError } from './test-kit/media-requests';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * Files made to attack whoever opens them: an SVG that runs script, and polyglots (bytes that are
 * an image or a PDF by their magic numbers and HTML or script after them). Whatever the library
 * takes is served under the type it judged from the bytes, never sniffable into HTML, and an SVG
 * only as a sandboxed attachment, so a visitor who opens the address runs nothing.
 */
const scriptSvg =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)" width="10" height="10">' +
  '<script>fetch("/api/cms/user").then(r => r.text()).then(t => alert(t))</script><rect width="10" height="10"/></svg>';
const html = '<html><body><script>alert(document.cookie)</script></body></html>';

for (const kind of storeKinds()) {
  describe(`hostile media files (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    /** Uploads, shares the item and fetches its public address anonymously. */
    async function shareAndFetch(bytes: Buffer | string, name: string) {
      const added = await admin.post('/medialib/add-file', fileForm(bytes, name));
      if (added.status !== 200) return { added, served: null };
      const { item } = added.body.data;
      const shared = await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: item.fileName, shared: true });
      expect(shared.status, JSON.stringify(shared.body.Errors)).to.equal(200);
      // Anonymous, but waiting for the sharing to be read (as the other file specs do).
      const response = await fetch(`${app.url}${sharedFileUrl(item.hash, item.fileName)}`, { headers: { [MIN_POSITION_HEADER]: String(admin.lastPosition) } });
      return { added, item, served: { status: response.status, headers: response.headers, text: await response.text() } };
    }

    it('takes an SVG with script and event handlers, but serves it only as a sandboxed, unsniffable attachment', async () => {
      const { item, served } = await shareAndFetch(scriptSvg, 'logo.svg');
      expect(item).to.include({ kind: 'svg', contentType: 'image/svg+xml' });
      expect(served!.status).to.equal(200);
      expect(served!.headers.get('content-type')).to.equal('image/svg+xml');
      expect(served!.headers.get('content-disposition')).to.match(/^attachment;/);
      expect(served!.headers.get('content-security-policy')).to.match(/(^|;\s*)sandbox(;|$)/);
      expect(served!.headers.get('content-security-policy')).to.contain("default-src 'none'");
      expect(served!.headers.get('x-content-type-options')).to.equal('nosniff');
    });

    it('serves a JPEG with HTML after its end as a JPEG, never as HTML', async () => {
      const jpeg = await sharp({ create: { width: 12, height: 12, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
      const { item, served } = await shareAndFetch(Buffer.concat([jpeg, Buffer.from(html)]), 'plaatje.html');
      expect(item).to.include({ kind: 'image', contentType: 'image/jpeg' });
      // The name follows the type judged from the bytes.
      expect(item.fileName).to.equal('plaatje.jpg');
      expect(served!.headers.get('content-type')).to.equal('image/jpeg');
      expect(served!.headers.get('x-content-type-options')).to.equal('nosniff');
    });

    it('serves a PDF that carries HTML as a PDF attachment', async () => {
      const { item, served } = await shareAndFetch(`%PDF-1.4\n${html}\n%%EOF\n`, 'rapport.pdf');
      expect(item).to.include({ kind: 'document', contentType: 'application/pdf' });
      expect(served!.headers.get('content-type')).to.equal('application/pdf');
      expect(served!.headers.get('content-disposition')).to.match(/^attachment;/);
      expect(served!.headers.get('x-content-type-options')).to.equal('nosniff');
    });

    it('refuses a GIF header followed by script whose image header is not an image (V_12), and HTML by any name (ML_11)', async () => {
      const gifScript = await admin.post('/medialib/add-file', fileForm(`GIF89a/*\u0000\u0000*/=1;${html}`, 'plaatje.gif'));
      expect(gifScript.status).to.be.oneOf([400, 415]);
      expect(firstError(gifScript)?.code).to.be.oneOf(['V_12', 'ML_11']);
      const page = await admin.post('/medialib/add-file', fileForm(html, 'foto.jpg'));
      expect([page.status, firstError(page)]).to.deep.equal([415, { code: 'ML_11', property: 'f', model: 'media' }]);
    });
  });
}
