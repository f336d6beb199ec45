import { request } from 'node:http';
import { expect } from 'chai';
import { API_BASE, endpoints, lookupEndpoint, type Endpoint, type EndpointName } from '@pagelog/contracts/endpoints';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the path exactly as written (fetch would normalise it), with the given method and headers. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * Every way of writing an endpoint's call that is not the call itself: other letter cases,
 * slashes, dot segments, percent-encoded letters and separators, and methods the table does not
 * give the path. None of them is a route.
 */
function variantsOf(endpoint: Endpoint, path: string): { method: string; path: string }[] {
  const m = endpoint.method;
  const below = path.slice(API_BASE.length);
  const firstLetter = below.match(/^\/([a-z])/)![1]!;
  const pathVariants = [
    path.toUpperCase(),
    API_BASE + below.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`),
    API_BASE.toUpperCase() + below,
    `/Api/cms${below}`,
    `${path}/`,
    `${path}//`,
    API_BASE + `/${below}`,
    API_BASE + `/.${below}`,
    API_BASE + `/x/..${below}`,
    API_BASE + `/%${firstLetter.charCodeAt(0).toString(16)}${below.slice(2)}`,
    API_BASE + `/%${firstLetter.charCodeAt(0).toString(16).toUpperCase()}${below.slice(2)}`,
    API_BASE + below.replace(/\//g, '%2F'),
    `${path};x=1`,
    `${path}%20`,
    `${path}.json`,
  ].map((p) => ({ method: m, path: p }));
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'HEAD']
    .filter((other) => other !== m && !(other === 'HEAD' && endpoint.head))
    .map((other) => ({ method: other, path }))
    // The same path under another method may be an endpoint of its own (GET and PUT /user/:id).
    .filter((v) => lookupEndpoint(v.method, v.path).kind !== 'match');
  return [...pathVariants, ...methods];
}

const pathOf = (endpoint: Endpoint, id: string) => API_BASE + endpoint.path.replace(/:[A-Za-z]+/g, id);

describe('deny by default: no variant of an endpoint is a route', function () {
  this.timeout(180_000);
  let app: TestPagelog;
  let editor: { id: string; client: ApiClient };
  let pageId: string;

  before(async () => {
    app = await startTestPagelog('sqlite');
    const admin = await ApiClient.loggedIn(app.url);
    editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' });
    const created = await admin.post('/page/create', { title: 'Over ons', slug: 'over-ons', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    expect(created.status).to.equal(200);
    pageId = created.body.data.pageID;
  });
  after(async () => app?.stop());

  const callers = () => [
    { who: 'without a session', headers: {} as Record<string, string> },
    {
      who: 'with an Editor session and its CSRF token',
      headers: { Cookie: editor.client.cookie!, 'X-CSRF-Token': editor.client.csrfToken!, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
    },
  ];

  for (const [name, endpoint] of table) {
    it(`${name}: ${endpoint.method} ${endpoint.path} answers no variant with 2xx, and changes nothing`, async () => {
      const head = await app.stores.eventStore.headPosition();
      // The ids that exist: the editor's own account and a real page, so a slip would act on them.
      const ids = endpoint.path.includes('/user/') ? [editor.id] : [pageId];
      for (const { who, headers } of callers()) {
        for (const id of ids) {
          for (const variant of variantsOf(endpoint, pathOf(endpoint, id))) {
            const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(variant.method) ? '{}' : undefined;
            const reply = await raw(app.url, variant.method, variant.path, headers, body);
            expect(reply.status, `${who}: ${variant.method} ${variant.path} answered ${reply.status} ${reply.body.slice(0, 200)}`).to.not.be.within(200, 299);
            if (variant.path.startsWith(`${API_BASE}/`) && variant.method !== 'HEAD') {
              // Answered by the API, in the envelope, never by a router's plain text.
              expect(JSON.parse(reply.body), `${variant.method} ${variant.path}`).to.include({ Success: false });
            }
          }
        }
      }
      expect(await app.stores.eventStore.headPosition(), 'an event was written').to.equal(head);
    });
  }

  it('answers an unknown path 404 and a known path under another method 405 with Allow, both in the envelope', async () => {
    const unknown = await raw(app.url, 'GET', `${API_BASE}/user/list/all`);
    expect(unknown.status).to.equal(404);
    expect(JSON.parse(unknown.body)).to.deep.equal({ Success: false, Errors: [{ code: 'V_07', property: '', model: '', message: 'This operation cannot be executed.' }], data: null });
    const wrong = await raw(app.url, 'PROPFIND', `${API_BASE}/settings/get`);
    expect(wrong.status).to.equal(405);
    expect(wrong.headers.allow).to.equal('GET, HEAD');
    expect(JSON.parse(wrong.body)).to.include({ Success: false });
  });

  it('answers HEAD where the table allows it, with the access of the GET', async () => {
    expect((await raw(app.url, 'HEAD', `${API_BASE}/settings/get`)).status).to.equal(200);
    expect((await raw(app.url, 'HEAD', `${API_BASE}/user/${editor.id}/image`)).status).to.equal(401);
    expect((await raw(app.url, 'HEAD', `${API_BASE}/user/list`)).status).to.equal(405);
  });
});
