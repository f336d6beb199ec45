import { existsSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import sharp from 'sharp';
import { adminDistDir } from './admin-static';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

const siteClientDir = fileURLToPath(new URL('../../site-web/dist/client', import.meta.url));

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A GET through node:http, which (unlike fetch) shows the body and Content-Encoding as sent. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(reply: RawReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  if (encoding === undefined) return reply.body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

function varyNames(reply: RawReply): string[] {
  return String(reply.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

/** The file names the builds gave the admin's and the site's bundle, as their pages name them. */
function builtAssets() {
  const adminIndex = join(adminDistDir, 'index.html');
  const siteManifest = join(siteClientDir, '.vite', 'manifest.json');
  if (!existsSync(adminIndex) || !existsSync(siteManifest)) throw new Error('the front ends are not built: run `npm run build` first');
  const html = readFileSync(adminIndex, 'utf8');
  const adminAsset = (ext: string) => {
    const found = new RegExp(`/cmsadmin/assets/[^"]+\\.${ext}`).exec(html)?.[0];
    if (found === undefined) throw new Error(`admin-web/dist/index.html names no .${ext} asset`);
    return found;
  };
  const manifest = JSON.parse(readFileSync(siteManifest, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  return {
    adminJs: adminAsset('js'),
    adminCss: adminAsset('css'),
    siteJs: `/assets/site/${entry.file}`,
    siteCss: `/assets/site/${entry.css![0]}`,
  };
}

interface Kind {
  name: string;
  path: string;
  /** Sent with the request (the profile image needs the session). */
  headers?: Record<string, string>;
  /** Large enough and of a type that must arrive compressed. */
  compressed: boolean;
  /** A file from a build: it answers a repeat with 304. */
  file: boolean;
  /** Hashed by Vite: cached for a year. */
  hashed?: boolean;
}

/**
 * Starts Pagelog with the example site and a profile image, and lists one address of every kind
 * of answer it gives.
 */
async function startWithEveryKind(publicUrl: string): Promise<{ app: TestPagelog; kinds: Kind[] }> {
  const assets = builtAssets();
  const app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PAGELOG_PUBLIC_URL: publicUrl } });
  const admin = await ApiClient.loggedIn(app.url);
  const me = (await admin.get('/user')).body.data.ID as string;
  const form = new FormData();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
  form.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const stored = await admin.put(`/user/${me}/image`, form);
  expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
  const kinds: Kind[] = [
    { name: 'API JSON (small)', path: '/api/cms/settings/get', compressed: false, file: false },
    { name: 'API JSON (a page)', path: '/api/cms/page/get-by-slug-query?slug=%2F', compressed: true, file: false },
    { name: 'profile image', path: stored.body.data.image as string, headers: { Cookie: admin.cookie! }, compressed: false, file: false },
    { name: 'admin HTML', path: '/cmsadmin/', compressed: false, file: true },
    { name: 'admin JS', path: assets.adminJs, compressed: true, file: true, hashed: true },
    { name: 'admin CSS', path: assets.adminCss, compressed: true, file: true, hashed: true },
    { name: 'site page', path: '/', compressed: true, file: false },
    { name: 'site JS', path: assets.siteJs, compressed: true, file: true, hashed: true },
    { name: 'site CSS', path: assets.siteCss, compressed: true, file: true, hashed: true },
    { name: 'site image (SVG)', path: '/assets/site/example-chart.svg', compressed: true, file: true },
    { name: 'site icon (small SVG)', path: '/assets/site/favicon.svg', compressed: false, file: true },
  ];
  return { app, kinds };
}

describe('response headers of every kind of answer', function () {
  this.timeout(60_000);

  describe('when the public URL is plain http', () => {
    let app: TestPagelog;
    let kinds: Kind[];
    before(async () => {
      ({ app, kinds } = await startWithEveryKind('http://www.example.nl'));
    });
    after(async () => {
      await app?.stop();
    });

    it('answers every kind with 200, nosniff and no Strict-Transport-Security', async () => {
      for (const kind of kinds) {
        const reply = await get(app.url, kind.path, { ...kind.headers, 'Accept-Encoding': 'br, gzip' });
        expect(reply.status, kind.name).to.equal(200);
        expect(reply.headers['x-content-type-options'], kind.name).to.equal('nosniff');
        expect(reply.headers['strict-transport-security'], kind.name).to.equal(undefined);
      }
    });

    it('gives the admin page a strict content security policy, a referrer policy and no framing', async () => {
      const reply = await get(app.url, '/cmsadmin/login');
      expect(reply.headers['content-type']).to.match(/^text\/html/);
      const policy = new Map(
        String(reply.headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values.join(' ')]),
      );
      expect(policy.get('default-src')).to.equal("'self'");
      expect(policy.get('script-src')).to.equal("'self'");
      expect(policy.get('style-src')).to.equal("'self'");
      expect(policy.get('img-src')).to.equal("'self' data: blob:");
      expect(policy.get('object-src')).to.equal("'none'");
      expect(policy.get('base-uri')).to.equal("'self'");
      expect(policy.get('frame-ancestors')).to.equal("'none'");
      expect(policy.get('form-action')).to.equal("'self'");
      expect(reply.headers['referrer-policy']).to.equal('strict-origin-when-cross-origin');
      expect(reply.headers['x-frame-options']).to.equal('DENY');
      const asset = await get(app.url, kinds.find((k) => k.name === 'admin JS')!.path);
      expect(asset.headers['referrer-policy']).to.equal('strict-origin-when-cross-origin');
    });

    it('sends large HTML, JS, CSS, JSON and SVG as brotli or gzip, whichever is accepted, and varies on Accept-Encoding', async () => {
      for (const kind of kinds.filter((k) => k.compressed)) {
        const plain = await get(app.url, kind.path, kind.headers);
        expect(plain.headers['content-encoding'], `${kind.name} without Accept-Encoding`).to.equal(undefined);
        expect(plain.body.length, `${kind.name} is large enough to be worth compressing`).to.be.greaterThan(900);
        expect(varyNames(plain), `${kind.name} without Accept-Encoding`).to.include('accept-encoding');
        for (const [accept, encoding] of [
          ['br, gzip', 'br'],
          ['gzip', 'gzip'],
        ] as const) {
          const reply = await get(app.url, kind.path, { ...kind.headers, 'Accept-Encoding': accept });
          expect(reply.headers['content-encoding'], `${kind.name} for ${accept}`).to.equal(encoding);
          expect(varyNames(reply), `${kind.name} for ${accept}`).to.include('accept-encoding');
          expect(reply.body.length, `${kind.name} for ${accept}`).to.be.lessThan(plain.body.length);
          const body = decoded(reply);
          // A page carries a fresh CSRF token each time; a file must arrive byte for byte.
          if (kind.file) expect(body.equals(plain.body), `${kind.name} for ${accept} decodes to the file`).to.equal(true);
          else expect(body.length, `${kind.name} for ${accept} decodes`).to.be.closeTo(plain.body.length, 100);
        }
      }
    });

    it('keeps images and small answers uncompressed', async () => {
      for (const kind of kinds.filter((k) => !k.compressed)) {
        const reply = await get(app.url, kind.path, { ...kind.headers, 'Accept-Encoding': 'br, gzip' });
        expect(reply.headers['content-encoding'], kind.name).to.equal(undefined);
      }
    });

    it('answers a repeated request for a file with 304, by ETag and by Last-Modified, per encoding', async () => {
      for (const kind of kinds.filter((k) => k.file)) {
        for (const accept of ['br, gzip', 'gzip', '']) {
          const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
          const first = await get(app.url, kind.path, headers);
          const { etag } = first.headers;
          expect(etag, `${kind.name} (${accept || 'identity'}) has an ETag`).to.be.a('string');
          const byTag = await get(app.url, kind.path, { ...headers, 'If-None-Match': etag! });
          expect(byTag.status, `${kind.name} (${accept || 'identity'}) If-None-Match`).to.equal(304);
          expect(byTag.body.length).to.equal(0);
          if (kind.path !== '/cmsadmin/') {
            const modified = first.headers['last-modified'];
            expect(modified, `${kind.name} has Last-Modified`).to.be.a('string');
            const byDate = await get(app.url, kind.path, { ...headers, 'If-Modified-Since': modified! });
            expect(byDate.status, `${kind.name} (${accept || 'identity'}) If-Modified-Since`).to.equal(304);
          }
          const changed = await get(app.url, kind.path, { ...headers, 'If-None-Match': '"something-else"' });
          expect(changed.status, `${kind.name} with another ETag`).to.equal(200);
        }
      }
      // A cache holding the brotli bytes must not be told they fit a client that only reads gzip.
      const js = kinds.find((k) => k.name === 'site JS')!;
      const brotli = await get(app.url, js.path, { 'Accept-Encoding': 'br' });
      const gzip = await get(app.url, js.path, { 'Accept-Encoding': 'gzip', 'If-None-Match': brotli.headers.etag! });
      expect(gzip.status).to.equal(200);
      expect(gzip.headers['content-encoding']).to.equal('gzip');
    });

    it('caches hashed bundle files for a year as immutable, compressed or not', async () => {
      for (const kind of kinds.filter((k) => k.hashed)) {
        for (const accept of ['br', 'gzip', '']) {
          const reply = await get(app.url, kind.path, accept ? { 'Accept-Encoding': accept } : {});
          expect(reply.headers['cache-control'], `${kind.name} (${accept || 'identity'})`).to.equal('public, max-age=31536000, immutable');
        }
      }
    });
  });

  describe('when the public URL is https', () => {
    let app: TestPagelog;
    let kinds: Kind[];
    before(async () => {
      ({ app, kinds } = await startWithEveryKind('https://www.example.nl'));
    });
    after(async () => {
      await app?.stop();
    });

    it('sends Strict-Transport-Security with every kind of answer', async () => {
      const others: Pick<Kind, 'name' | 'path' | 'headers'>[] = [
        { name: 'API error', path: '/api/cms/no-such-endpoint' },
        { name: 'site 404 page', path: '/no-such-page' },
        { name: 'missing bundle file', path: '/assets/site/missing-AbC123xy.js' },
        { name: 'admin redirect', path: '/cmsadmin' },
      ];
      for (const kind of [...kinds, ...others]) {
        const reply = await get(app.url, kind.path, { ...kind.headers, 'Accept-Encoding': 'br, gzip' });
        expect(reply.headers['strict-transport-security'], kind.name).to.equal('max-age=31536000; includeSubDomains');
        expect(reply.headers['x-content-type-options'], kind.name).to.equal('nosniff');
      }
    });
  });
});
