import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { loadConfig } from '@pagelog/service-kit/config';
import { defaultHttpLimits } from '@pagelog/service-kit/http/http-server';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/** Opens a TCP connection; resolves once connected. */
function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent and how long after `since` it closed the connection. */
function closed(socket: Socket, since: number): Promise<{ ms: number; received: string }> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve({ ms: Date.now() - since, received })));
}

describe('the HTTP server, tried by slow and greedy clients', function () {
  this.timeout(30_000);
  let app: TestPagelog | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('cuts off a client that trickles its headers, with 408, after PAGELOG_HTTP_HEADERS_TIMEOUT_MS', async () => {
    app = await startTestPagelog('sqlite', { extraEnv: { PAGELOG_HTTP_HEADERS_TIMEOUT_MS: '1000', PAGELOG_HTTP_REQUEST_TIMEOUT_MS: '5000' } });
    const socket = await open(app.url);
    const started = Date.now();
    const ended = closed(socket, started);
    socket.write('GET /api/cms/settings/get HTTP/1.1\r\nHost: localhost\r\n');
    // One more header line every 300 ms, never the blank line that ends them.
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
    const { ms, received } = await ended;
    clearInterval(trickle);
    expect(received).to.match(/^HTTP\/1\.1 408/);
    expect(ms).to.be.within(900, 4000);
  });

  it('accepts no more connections at once than PAGELOG_HTTP_MAX_CONNECTIONS, and takes new ones once others close', async () => {
    app = await startTestPagelog('sqlite', { extraEnv: { PAGELOG_HTTP_MAX_CONNECTIONS: '3' } });
    const held = await Promise.all([open(app.url), open(app.url), open(app.url)]);
    const extra = await open(app.url);
    const { received } = await closed(extra, Date.now());
    expect(received).to.equal('');
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reply = await fetch(`${app.url}/api/cms/settings/get`);
    expect(reply.status).to.equal(200);
  });

  it("serves the site's pages while visitors hold all but one connection: the site's own API calls do not count", async () => {
    app = await startTestPagelog('sqlite', { seed: true, extraEnv: { PAGELOG_HTTP_MAX_CONNECTIONS: '3' } });
    const held = await Promise.all([open(app.url), open(app.url)]);
    try {
      const page = await fetch(`${app.url}/`);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('<main');
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('has sane limits by default, and refuses a request timeout shorter than the headers timeout', () => {
    expect(loadConfig({}).http).to.deep.equal(defaultHttpLimits);
    expect(defaultHttpLimits.headersTimeoutMs).to.be.within(5_000, 60_000);
    expect(defaultHttpLimits.maxConnections).to.be.within(100, 10_000);
    expect(() => loadConfig({ PAGELOG_HTTP_HEADERS_TIMEOUT_MS: '30000', PAGELOG_HTTP_REQUEST_TIMEOUT_MS: '10000' })).to.throw(/PAGELOG_HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ PAGELOG_HTTP_MAX_CONNECTIONS: 'lots' })).to.throw(/PAGELOG_HTTP_MAX_CONNECTIONS/);
  });
});
