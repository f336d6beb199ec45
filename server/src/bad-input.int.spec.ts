import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/** Sends a raw body with the given headers (the client sends the session's cookie and token). */
function rawPost(client: ApiClient, path: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(`${client.baseUrl}/api/cms${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: { Cookie: client.cookie!, 'X-CSRF-Token': client.csrfToken!, 'X-Requested-With': 'XMLHttpRequest', 'Content-Length': String(body.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Each piece of bad input the outside test found answering 500, now a 400 (or 405) in the
 * envelope naming the property, with nothing written.
 */
for (const kind of storeKinds()) describe(`bad input, as found from outside (${kind})`, function () {
  this.timeout(60_000);
  let app: TestPagelog;
  let admin: ApiClient;
  let page: { pageID: string; versionID: string; revision: number };
  const log: Record<string, unknown>[] = [];

  before(async () => {
    app = await startTestPagelog(kind, { extraEnv: { PAGELOG_TRUST_PROXY: 'true' }, onLog: (entry) => log.push(entry) });
    admin = await ApiClient.loggedIn(app.url);
    const created = await admin.post('/page/create', { title: 'Artikel', slug: 'artikel', type: 'article', locale: 'nl-nl', content: '', typeData: {} });
    page = { pageID: created.body.data.pageID, versionID: created.body.data.pageVersionID, revision: created.body.data.revision };
  });
  after(async () => app?.stop());

  /** Asserts a refusal with 400 naming `property`, and that the log did not move. */
  async function refused(call: () => Promise<{ status: number; body: { Errors: { code: string; property: string }[] } }>, property: string, code = 'V_12') {
    const head = await app.stores.eventStore.headPosition();
    const reply = await call();
    expect(reply.status, JSON.stringify(reply.body)).to.equal(400);
    expect(reply.body.Errors.map((e) => `${e.code} ${e.property}`)).to.include(`${code} ${property}`);
    expect(await app.stores.eventStore.headPosition()).to.equal(head);
  }

  it('refuses an object where an e-mail address belongs, on login and forgot-password', async () => {
    const anonymous = new ApiClient(app.url);
    await anonymous.post('/auth/user');
    await refused(() => anonymous.post('/auth/login', { email: {}, password: 'x' }), 'email');
    await refused(() => anonymous.post('/auth/forgot-password', { email: {} }), 'email');
    await refused(() => anonymous.post('/auth/forgot-password', { email: ['a@b.c'] }), 'email');
  });

  it('refuses an object where a page title belongs', async () => {
    await refused(() => admin.post('/page/create', { title: { a: 1 }, slug: 'x', type: 'base', locale: 'nl-nl', content: '', typeData: {} }), 'title');
  });

  it('refuses props and arrays nested deeper than any page holds, without running out of stack', async () => {
    const deep = `{"pageID":"${page.pageID}","revision":${page.revision},"title":"T",${Object.entries(seo).map(([k, v]) => `"${k}":${JSON.stringify(v)}`).join(',')},"blocks":[{"type":"text","key":"t","anchorPoint":"","props":{"html":${'['.repeat(50_000)}${']'.repeat(50_000)}}}]}`;
    const head = await app.stores.eventStore.headPosition();
    const reply = await admin.call('POST', `/page/version/${page.versionID}/store`, deep);
    expect(reply.status).to.equal(400);
    // Named where the nesting passes the limit, inside the prop.
    expect(reply.body.Errors[0].code).to.equal('V_12');
    expect(reply.body.Errors[0].property).to.match(/^blocks\[0\]\.props\.html(\[0\])+$/);
    expect(await app.stores.eventStore.headPosition()).to.equal(head);
  });

  it('refuses a constructor key in type data and in block props, and unknown props', async () => {
    await refused(() => admin.call('PUT', `/page/${page.pageID}/save`, '{"slug":"artikel","shouldUpdateLinks":false,"typeData":{"constructor":{"prototype":{"x":1}}}}'), 'typeData.constructor');
    await refused(() => admin.call('PUT', `/page/${page.pageID}/save`, '{"slug":"artikel","shouldUpdateLinks":false,"typeData":{"__proto__":{"admin":true}}}'), 'typeData.__proto__');
    await refused(() => admin.put(`/page/${page.pageID}/save`, { slug: 'artikel', shouldUpdateLinks: false, typeData: { editorInChief: 'Me' } }), 'typeData.editorInChief');
    const block = (props: unknown) => ({ type: 'heading', key: 'h', props, anchorPoint: '' });
    const store = (props: unknown) => admin.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: page.revision, title: 'T', blocks: [block(props)], ...seo });
    await refused(() => store({ text: 'Kop', level: 2, onclick: 'alert(1)' }), 'blocks[0].props.onclick');
    await refused(
      () => admin.call('POST', `/page/version/${page.versionID}/store`, `{"pageID":"${page.pageID}","revision":${page.revision},"title":"T","blocks":[{"type":"heading","key":"h","anchorPoint":"","props":{"text":"K","constructor":{}}}]}`),
      'blocks[0].props.constructor',
    );
    await refused(
      () => admin.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: page.revision, title: 'T', blocks: [{ ...block({ text: 'K', level: 2 }), __images: [{ hash: 'x', fileName: 'a.png', altText: '', fileID: 'f', script: '' }] }], ...seo }),
      'blocks[0].__images[0].script',
    );
  });

  it('names the item and field of a list prop that is wrong (key figures, questions), stores nothing, and stores a right one', async () => {
    const store = (blocks: unknown[]) => admin.post(`/page/version/${page.versionID}/store`, { pageID: page.pageID, revision: page.revision, title: 'T', blocks, ...seo });
    const figures = (items: unknown) => ({ type: 'keyFigures', key: 'k', anchorPoint: '', props: { title: '', figures: items } });
    await refused(() => store([figures([{ number: '87', unit: '%', label: 'tevreden' }, { number: '', unit: '', label: 'leeg' }])]), 'blocks[0].props.figures[1].number', 'V_01');
    await refused(() => store([figures([{ number: '1', unit: '', label: 'x', onclick: 'alert(1)' }])]), 'blocks[0].props.figures[0].onclick');
    await refused(() => store([figures([])]), 'blocks[0].props.figures', 'V_01');
    await refused(() => store([figures(Array.from({ length: 9 }, () => ({ number: '1', unit: '', label: 'x' })))]), 'blocks[0].props.figures', 'V_14');
    await refused(() => store([{ type: 'faq', key: 'f', anchorPoint: '', props: { title: '', items: [{ question: 'Waarom?', answer: '' }] } }]), 'blocks[0].props.items[0].answer', 'V_01');

    const right = [
      figures([{ number: '87', unit: '%', label: 'tevreden' }]),
      { type: 'faq', key: 'f', anchorPoint: '', props: { title: 'Vragen', items: [{ question: 'Waarom?', answer: 'Daarom.' }] } },
      { type: 'quote', key: 'q', anchorPoint: '', props: { text: 'Meten is weten.', person: 'Kamerlingh Onnes', role: '' } },
      { type: 'anchorMenu', key: 'a', anchorPoint: '', props: { title: '' } },
    ];
    const stored = await store(right);
    expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
    const draft = await admin.get(`/page/version/fetch/${(await admin.get(`/page/${page.pageID}`)).body.data.draftVersionID}`);
    expect(draft.body.data.pageVersion.blocks.map((b: { type: string }) => b.type)).to.deep.equal(['keyFigures', 'faq', 'quote', 'anchorMenu']);
    expect(draft.body.data.pageVersion.blocks[0].props.figures).to.deep.equal([{ number: '87', unit: '%', label: 'tevreden' }]);
    page.revision = (await admin.get(`/page/${page.pageID}`)).body.data.revision ?? page.revision;
  });

  it('refuses __proto__ and constructor as the column to sort a list by', async () => {
    for (const column of ['__proto__', 'constructor', 'toString']) {
      const users = await admin.get(`/user/list?pageIndex=0&pageSize=25&columnToSort=${column}`);
      expect(users.status, column).to.equal(400);
      expect(users.body.Errors[0]).to.include({ code: 'V_12', property: 'columnToSort' });
      await refused(() => admin.post('/page/list', { pageIndex: 0, pageSize: 25, columnToSort: column, sortOrder: 'asc' }), 'columnToSort');
    }
  });

  it('refuses a body whose Content-Encoding is garbage (gzip, deflate, brotli), and takes a real gzip body', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const garbage = await rawPost(admin, '/page/slug-available', Buffer.from('not compressed at all'), { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      expect(garbage.status, encoding).to.equal(400);
      expect(JSON.parse(garbage.body)).to.include({ Success: false });
    }
    const real = await rawPost(admin, '/page/slug-available', gzipSync(JSON.stringify({ slug: 'vrij', locale: 'nl-nl' })), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect(real.status).to.equal(200);
  });

  it('refuses path parameters that hold a NUL or an encoded surrogate, and finds no page at a path that decodes to one', async () => {
    for (const bad of ['%00', 'a%00b', '%ED%A0%80']) {
      const page = await admin.get(`/page/${bad}`);
      expect(page.status, bad).to.equal(400);
      expect(page.body.Errors[0]).to.include({ code: 'V_12', property: 'id' });
      // Public, without a session.
      const siblings = await new ApiClient(app.url).get(`/page/get-sibling-slugs/${bad}`);
      expect(siblings.status, bad).to.equal(400);
      expect(siblings.body.Errors[0]).to.include({ code: 'V_12', property: 'pageID' });
    }
    for (const slug of ['/%00', '/%2500', '/en-gb/%00x']) {
      const lookup = await new ApiClient(app.url).get(`/page/get-by-slug-query?slug=${encodeURIComponent(slug)}`);
      expect(lookup.status, slug).to.equal(404);
      expect(lookup.body.Errors[0]).to.include({ code: 'PM_01' });
    }
    expect((await fetch(`${app.url}/%00`)).status).to.equal(404);
    expect((await fetch(`${app.url}/foo%2500`)).status).to.equal(404);
  });

  it('answers a method the table does not give a path 405 in the envelope', async () => {
    const reply = await admin.call('PATCH', `/page/${page.pageID}/save`, {});
    expect(reply.status).to.equal(405);
    expect(reply.headers.get('allow')).to.equal('PUT');
    expect(reply.body).to.deep.equal({ Success: false, Errors: [{ code: 'V_07', property: '', model: '', message: 'This operation cannot be executed.' }], data: null });
  });

  it('logs failed logins, refusals, 403s and CSRF refusals with the user id and the client address', async () => {
    const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' });
    log.length = 0;
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (let i = 0; i < 6; i++) await new ApiClient(app.url).login('eddie@pagelog.test', `Wrong-${i}!`, from('198.51.100.23'));
    await editor.client.get('/user/list', { headers: from('198.51.100.24') });
    await editor.client.post('/page/create', {}, { withoutCsrf: true, headers: from('198.51.100.25') });
    const security = log.filter((e) => typeof e.security === 'string').map((e) => ({ security: e.security, userId: e.userId, ip: e.ip }));
    expect(security).to.deep.include({ security: 'login-failed', userId: editor.id, ip: '198.51.100.23' });
    expect(security).to.deep.include({ security: 'login-refused', userId: editor.id, ip: '198.51.100.23' });
    expect(security).to.deep.include({ security: 'forbidden', userId: editor.id, ip: '198.51.100.24' });
    expect(security).to.deep.include({ security: 'csrf-refused', userId: editor.id, ip: '198.51.100.25' });
    // No password, e-mail address or token reaches the log.
    const text = JSON.stringify(log);
    expect(text).to.not.include('Wrong-1!');
    expect(text).to.not.include('eddie@pagelog.test');
    expect(text).to.not.include(TEST_ADMIN.password);
  });
});
