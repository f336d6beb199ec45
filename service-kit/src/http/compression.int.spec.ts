import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { expect } from 'chai';
import Koa from 'koa';
import { compression } from './compression';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (supertest would inflate them). */
  body: Buffer;
}

const envelope = { Success: true, Errors: [], data: { results: Array.from({ length: 40 }, (_, i) => ({ id: `page-${i}`, title: `Onderzoek naar wonen ${i}` })) } };
const text = 'Een regel tekst die vaak terugkomt. '.repeat(200);

describe('compression of API answers', () => {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    if (ctx.path === '/json') ctx.body = envelope;
    else if (ctx.path === '/small') ctx.body = { Success: true, Errors: [], data: { ok: true } };
    else if (ctx.path === '/stream') {
      ctx.type = 'text/plain';
      ctx.body = Readable.from([text]);
    } else if (ctx.path === '/no-transform') {
      ctx.set('Cache-Control', 'no-transform');
      ctx.body = envelope;
    }
  });
  let server: Server;
  before(() => {
    server = app.listen(0, '127.0.0.1');
  });
  after(() => {
    server.close();
  });
  const send = (method: 'GET' | 'HEAD', path: string, encoding: string) =>
    new Promise<Reply>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const get = (path: string, encoding: string) => send('GET', path, encoding);

  for (const [encoding, inflate] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
    ['deflate', inflateSync],
  ] as const) {
    it(`compresses a JSON answer with ${encoding} when that is what the client takes, keeping its type and length right`, async () => {
      const reply = await get('/json', encoding);
      expect(reply.status).to.equal(200);
      expect(reply.headers['content-encoding']).to.equal(encoding);
      expect(reply.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(reply.headers.vary).to.equal('Accept-Encoding');
      const { body } = reply;
      expect(Number(reply.headers['content-length'])).to.equal(body.length);
      expect(JSON.parse(inflate(body).toString('utf8'))).to.deep.equal(envelope);
      expect(body.length).to.be.below(JSON.stringify(envelope).length / 2);
    });
  }

  it('prefers brotli, then gzip, by the quality the client gives them', async () => {
    expect((await get('/json', 'gzip, deflate, br')).headers['content-encoding']).to.equal('br');
    expect((await get('/json', 'br;q=0.5, gzip')).headers['content-encoding']).to.equal('gzip');
  });

  it('leaves an answer as it is for a client that takes no compression, for a small answer and under no-transform', async () => {
    for (const [path, encoding] of [
      ['/json', 'identity'],
      ['/small', 'gzip, br'],
      ['/no-transform', 'gzip, br'],
    ] as const) {
      const reply = await get(path, encoding);
      expect(reply.headers['content-encoding'], path).to.equal(undefined);
      expect(JSON.parse(reply.body.toString('utf8')).Success, path).to.equal(true);
    }
  });

  it('still compresses a streamed answer', async () => {
    const reply = await get('/stream', 'gzip');
    expect(reply.headers['content-encoding']).to.equal('gzip');
    expect(gunzipSync(reply.body).toString('utf8')).to.equal(text);
  });

  it('sends no body for HEAD', async () => {
    const reply = await send('HEAD', '/json', 'gzip');
    expect(reply.status).to.equal(200);
    expect(reply.headers['content-encoding']).to.equal(undefined);
    expect(reply.body.length).to.equal(0);
  });
});
