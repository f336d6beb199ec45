import { expect } from 'chai';
import { createApiClient, newIdempotencyKey } from './api-client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** A fetch that records what it was sent and answers the queued replies in turn. */
function fakeFetch(replies: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
    });
    const reply = replies.shift();
    if (!reply) throw new Error('no reply queued');
    return reply();
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const okBody = { Success: true, Errors: [], data: { ID: 0 } };

describe('the API client', () => {
  describe('headers', () => {
    it('sends no CSRF token before the server handed one out', async () => {
      const { fetch, sent } = fakeFetch([json(okBody)]);
      await createApiClient({ fetch }).call('authUser');
      expect(sent[0]!.headers).to.not.have.property('X-CSRF-Token');
      expect(sent[0]!.headers).to.include({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
      expect(sent[0]!.credentials).to.equal('same-origin');
      expect(sent[0]!.url).to.equal('/api/cms/auth/user');
    });

    it('sends the token of a reply with the next state-changing call', async () => {
      const { fetch, sent } = fakeFetch([json(okBody, 200, { 'X-CSRF-Token': 'token-1' }), json(okBody)]);
      const api = createApiClient({ fetch });
      await api.call('authUser');
      await api.call('authLogin', { body: { email: 'a@example.com', password: 'x' } });
      expect(sent[1]!.headers).to.include({ 'X-CSRF-Token': 'token-1', 'X-Requested-With': 'XMLHttpRequest' });
      expect(JSON.parse(String(sent[1]!.body))).to.deep.equal({ email: 'a@example.com', password: 'x' });
    });

    it('follows the token when a reply changes it (login rotates the session)', async () => {
      const { fetch, sent } = fakeFetch([
        json(okBody, 200, { 'X-CSRF-Token': 'before-login' }),
        json(okBody, 200, { 'X-CSRF-Token': 'after-login' }),
        json(okBody),
        json(okBody),
      ]);
      const api = createApiClient({ fetch });
      await api.call('authUser');
      await api.call('authLogin', { body: {} });
      // A reply without the header keeps the token.
      await api.call('userCurrent');
      await api.call('userDelete', { params: { id: 'u 1' } });
      expect(api.csrfToken()).to.equal('after-login');
      expect(sent[3]!.headers['X-CSRF-Token']).to.equal('after-login');
      expect(sent[3]!.method).to.equal('DELETE');
      expect(sent[3]!.url).to.equal('/api/cms/user/u%201');
    });

    it('sends neither token nor body with a GET, but a query string', async () => {
      const { fetch, sent } = fakeFetch([json(okBody, 200, { 'X-CSRF-Token': 't' }), json(okBody)]);
      const api = createApiClient({ fetch });
      await api.call('authUser');
      await api.call('userList', { query: { pageIndex: 2, pageSize: 25, searchTerm: 'a b', columnToSort: '', sortOrder: 'asc' } });
      expect(sent[1]!.method).to.equal('GET');
      expect(sent[1]!.headers).to.not.have.property('X-CSRF-Token');
      expect(sent[1]!.headers).to.not.have.property('Content-Type');
      expect(sent[1]!.body).to.equal(undefined);
      expect(sent[1]!.url).to.equal('/api/cms/user/list?pageIndex=2&pageSize=25&searchTerm=a+b&columnToSort=&sortOrder=asc');
    });

    it('sends a multipart body without a JSON content type, so the browser sets the boundary', async () => {
      const { fetch, sent } = fakeFetch([json(okBody, 200, { 'X-CSRF-Token': 't' }), json(okBody)]);
      const api = createApiClient({ fetch });
      await api.call('authUser');
      const formData = new FormData();
      formData.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'me.png');
      await api.call('userImageStore', { params: { id: 'u1' }, formData });
      expect(sent[1]!.method).to.equal('PUT');
      expect(sent[1]!.body).to.equal(formData);
      expect(sent[1]!.headers).to.not.have.property('Content-Type');
      expect(sent[1]!.headers).to.include({ 'X-CSRF-Token': 't', 'X-Requested-With': 'XMLHttpRequest' });
    });
  });

  describe('read-your-writes', () => {
    it('sends no minimum position before any was seen', async () => {
      const { fetch, sent } = fakeFetch([json(okBody)]);
      await createApiClient({ fetch }).call('userCurrent');
      expect(sent[0]!.headers).to.not.have.property('X-Pagelog-Min-Position');
    });

    it('sends the highest position seen with every later call, GET included', async () => {
      const { fetch, sent } = fakeFetch([
        json(okBody, 200, { 'X-Pagelog-Position': '42' }),
        json(okBody, 200, { 'X-Pagelog-Position': '17' }),
        json(okBody),
        json(okBody),
      ]);
      const api = createApiClient({ fetch });
      await api.call('userCreate', { body: {} });
      await api.call('userCurrent');
      await api.call('userList', { query: { pageIndex: 0 } });
      await api.call('userUpdate', { params: { id: 'u1' }, body: {} });
      expect(sent.slice(1).map((request) => request.headers['X-Pagelog-Min-Position'])).to.deep.equal(['42', '42', '42']);
      expect(api.minPosition()).to.equal(42);
    });

    it('tells its listeners of each newer position, and only of newer ones', async () => {
      const { fetch } = fakeFetch([
        json(okBody, 200, { 'X-Pagelog-Position': '42' }),
        json(okBody, 200, { 'X-Pagelog-Position': '42' }),
        json(okBody, 200, { 'X-Pagelog-Position': '17' }),
        json(okBody, 200, { 'X-Pagelog-Position': '43' }),
        json(okBody, 200, { 'X-Pagelog-Position': '44' }),
      ]);
      const api = createApiClient({ fetch });
      const heard: number[] = [];
      const stop = api.onPosition((position) => heard.push(position));
      for (let call = 0; call < 4; call++) await api.call('userCreate', { body: { call } });
      stop();
      await api.call('userCreate', { body: {} });
      expect(heard).to.deep.equal([42, 43]);
    });
  });

  describe('replies', () => {
    it('passes the envelope on, with the status', async () => {
      const errors = [{ code: 'AUTH_01', property: '', model: 'user', message: 'These credentials do not match our records.' }];
      const { fetch } = fakeFetch([json({ Success: false, Errors: errors, data: null }, 401)]);
      const reply = await createApiClient({ fetch }).call('authLogin', { body: {} });
      expect(reply).to.deep.include({ status: 401, Success: false, Errors: errors, data: null });
    });

    it('keeps the User of the login reply', async () => {
      const { fetch } = fakeFetch([json({ Success: true, Errors: [], User: { ID: 'u1' }, data: { ID: 'u1' } })]);
      const reply = await createApiClient({ fetch }).call('authLogin', { body: {} });
      expect(reply.User).to.deep.equal({ ID: 'u1' });
      expect(reply.Success).to.equal(true);
    });

    it('answers G_01 when the call fails without a usable reply', async () => {
      const offline = (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof globalThis.fetch;
      const reply = await createApiClient({ fetch: offline }).call('userCurrent');
      expect(reply).to.deep.include({ status: 0, Success: false, data: null });
      expect(reply.Errors.map((error) => error.message)).to.deep.equal(['Something went wrong, please try again later.']);

      const { fetch } = fakeFetch([() => new Response('<html>Bad gateway</html>', { status: 502 })]);
      const proxied = await createApiClient({ fetch }).call('userCurrent');
      expect(proxied).to.deep.include({ status: 502, Success: false });
      expect(proxied.Errors.map((error) => error.code)).to.deep.equal(['G_01']);
    });

    it('signals the end of the session on a 401 of a call that needs one, not of a public call', async () => {
      const unauthorised = json({ Success: false, Errors: [{ code: 'AUTH_05', property: '', model: '', message: '' }], data: null }, 401);
      const { fetch } = fakeFetch([unauthorised, unauthorised]);
      const api = createApiClient({ fetch });
      let ended = 0;
      api.onSessionEnd(() => ended++);
      await api.call('authLogin', { body: {} });
      expect(ended).to.equal(0);
      await api.call('userList', { query: {} });
      expect(ended).to.equal(1);
    });
  });

  describe('idempotency keys', () => {
    const keys = () => {
      let n = 0;
      return () => `key-${++n}`;
    };
    const noWait = (waits: number[] = []) => async (ms: number) => {
      waits.push(ms);
    };
    const unavailable = json({ Success: false, Errors: [{ code: 'G_01', property: '', model: '', message: '' }], data: null }, 503, { 'Retry-After': '5' });
    const offline = () => {
      throw new TypeError('Failed to fetch');
    };
    const inUse = json({ Success: false, Errors: [{ code: 'V_07', property: 'Idempotency-Key', model: 'page', message: '' }], data: null }, 409, { 'Retry-After': '1' });

    it('sends a fresh key with every state-changing call, none with a GET', async () => {
      const { fetch, sent } = fakeFetch([json(okBody), json(okBody), json(okBody)]);
      const api = createApiClient({ fetch, newKey: keys() });
      await api.call('pageCreate', { body: { slug: 'a' } });
      await api.call('userCurrent');
      await api.call('pageCreate', { body: { slug: 'a' } });
      expect(sent.map((request) => request.headers['Idempotency-Key'])).to.deep.equal(['key-1', undefined, 'key-2']);
    });

    it('sends a call again with the same key after no answer and after a 503, waiting as asked', async () => {
      const waits: number[] = [];
      const { fetch, sent } = fakeFetch([offline, unavailable, json(okBody, 200, { 'X-Pagelog-Position': '9' })]);
      const api = createApiClient({ fetch, newKey: keys(), sleep: noWait(waits) });
      const reply = await api.call('pageCreate', { body: { slug: 'a' } });
      expect(reply.Success).to.equal(true);
      expect(sent.map((request) => request.headers['Idempotency-Key'])).to.deep.equal(['key-1', 'key-1', 'key-1']);
      expect(sent.map((request) => request.body)).to.deep.equal(Array(3).fill(JSON.stringify({ slug: 'a' })));
      // No Retry-After without an answer: the first back-off step; then the server's 5 s.
      expect(waits).to.deep.equal([500, 5000]);
      expect(api.minPosition()).to.equal(9);
    });

    it('waits for a first attempt still at work (409 on the key) and asks again', async () => {
      const waits: number[] = [];
      const { fetch, sent } = fakeFetch([inUse, json(okBody)]);
      const reply = await createApiClient({ fetch, newKey: keys(), sleep: noWait(waits) }).call('pageVersionStore', { params: { id: 'v1' }, body: {} });
      expect(reply.Success).to.equal(true);
      expect(sent).to.have.length(2);
      expect(waits).to.deep.equal([1000]);
    });

    it('gives up after two retries and answers the last failure', async () => {
      const { fetch, sent } = fakeFetch([unavailable, unavailable, unavailable]);
      const reply = await createApiClient({ fetch, newKey: keys(), sleep: noWait() }).call('pageCreate', { body: {} });
      expect(sent).to.have.length(3);
      expect(reply.status).to.equal(503);
    });

    it('never retries a GET, or a call the server answered (a 409 stale revision, a 400)', async () => {
      const stale = json({ Success: false, Errors: [{ code: 'V_07', property: 'revision', model: 'page', message: '' }], data: { currentRevision: 3 } }, 409);
      const bad = json({ Success: false, Errors: [{ code: 'V_06', property: 'slug', model: 'page', message: '' }], data: null }, 400);
      const { fetch, sent } = fakeFetch([unavailable, stale, bad]);
      const api = createApiClient({ fetch, newKey: keys(), sleep: noWait() });
      await api.call('userCurrent');
      await api.call('pageVersionStore', { params: { id: 'v1' }, body: {} });
      await api.call('pageCreate', { body: {} });
      expect(sent).to.have.length(3);
    });

    it('keeps the key of a call that stayed unanswered for the same call sent again, not for another', async () => {
      const { fetch, sent } = fakeFetch([offline, offline, offline, json(okBody), json(okBody), json(okBody)]);
      const api = createApiClient({ fetch, newKey: keys(), sleep: noWait() });
      expect((await api.call('pageCreate', { body: { slug: 'a' } })).status).to.equal(0);
      await api.call('pageCreate', { body: { slug: 'a' } });
      await api.call('pageCreate', { body: { slug: 'b' } });
      // Answered: the next save of the same content is a new action.
      await api.call('pageCreate', { body: { slug: 'a' } });
      expect(sent.map((request) => request.headers['Idempotency-Key'])).to.deep.equal(['key-1', 'key-1', 'key-1', 'key-1', 'key-2', 'key-3']);
    });

    it('uses the key a screen gives for its action, also for an upload', async () => {
      const { fetch, sent } = fakeFetch([offline, json(okBody)]);
      const formData = new FormData();
      formData.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'me.png');
      await createApiClient({ fetch, newKey: keys(), sleep: noWait() }).call('userImageStore', { params: { id: 'u1' }, formData, idempotencyKey: 'action-7' });
      expect(sent.map((request) => request.headers['Idempotency-Key'])).to.deep.equal(['action-7', 'action-7']);
      expect(sent[1]!.body).to.equal(formData);
    });

    it('sends the same key when it sends a call again with a fresh CSRF token', async () => {
      const refused = json({ Success: false, Errors: [{ code: 'AUTH_06', property: '', model: '', message: '' }], data: null }, 403);
      const { fetch, sent } = fakeFetch([refused, json(okBody, 200, { 'X-CSRF-Token': 'fresh' }), json(okBody)]);
      await createApiClient({ fetch, newKey: keys() }).call('pageCreate', { body: {} });
      expect([sent[0]!.headers['Idempotency-Key'], sent[2]!.headers['Idempotency-Key']]).to.deep.equal(['key-1', 'key-1']);
    });

    it('makes keys the server takes: a UUID, or 32 hex digits where randomUUID is missing', () => {
      expect(newIdempotencyKey()).to.match(/^[A-Za-z0-9_.:-]{1,128}$/);
      const crypto = globalThis.crypto as { randomUUID?: unknown };
      const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      try {
        expect(newIdempotencyKey()).to.match(/^[0-9a-f]{32}$/);
      } finally {
        if (own) Object.defineProperty(crypto, 'randomUUID', own);
        else delete crypto.randomUUID;
      }
    });
  });

  describe('when the server refuses the CSRF token', () => {
    const refused = json({ Success: false, Errors: [{ code: 'AUTH_06', property: '', model: '', message: '' }], data: null }, 403);

    it('fetches a fresh token with the session check and sends the call once more', async () => {
      const { fetch, sent } = fakeFetch([refused, json(okBody, 200, { 'X-CSRF-Token': 'fresh' }), json(okBody)]);
      const api = createApiClient({ fetch });
      const reply = await api.call('authForgotPassword', { body: { email: 'a@example.com' } });
      expect(sent.map((request) => `${request.method} ${request.url}`)).to.deep.equal([
        'POST /api/cms/auth/forgot-password',
        'POST /api/cms/auth/user',
        'POST /api/cms/auth/forgot-password',
      ]);
      expect(sent[2]!.headers['X-CSRF-Token']).to.equal('fresh');
      expect(reply.Success).to.equal(true);
    });

    it('tries only once', async () => {
      const { fetch, sent } = fakeFetch([refused, json(okBody, 200, { 'X-CSRF-Token': 'fresh' }), refused]);
      const reply = await createApiClient({ fetch }).call('authLogin', { body: {} });
      expect(sent).to.have.length(3);
      expect(reply.Errors.map((error) => error.code)).to.deep.equal(['AUTH_06']);
    });

    it('does not retry a refusal for another reason', async () => {
      const forbidden = json({ Success: false, Errors: [{ code: 'UM_01', property: '', model: '', message: '' }], data: null }, 403);
      const { fetch, sent } = fakeFetch([forbidden]);
      await createApiClient({ fetch }).call('userDelete', { params: { id: 'u1' } });
      expect(sent).to.have.length(1);
    });
  });
});
