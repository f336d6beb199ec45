import { expect } from 'chai';
import { createHash } from 'node:crypto';
import Koa from 'koa';
import request from 'supertest';
import type { PermissionGrant } from '@pagelog/contracts/permissions';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteSessionStore } from '@pagelog/storage/session-store/sqlite-session-store';
import { errorHandler } from '../http/error-handler';
import { endpointGate } from '../http/endpoint-gate';
import type { Access, AccessResolver } from './access';
import { authMiddleware, type AuthState } from './auth-middleware';
import { isPlainHttpLocalhost, SESSION_COOKIE, SessionManager, type SessionPolicy } from './sessions';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const grants = (...names: PermissionGrant['name'][]): PermissionGrant[] => names.map((name) => ({ name }));

/** Who the fake resolver knows: the middleware only ever asks it for a session's user. */
const person = (userId: string, roleId: string, permissions: PermissionGrant[], status: Access['status']): Access => ({
  userId,
  roleId,
  permissions,
  status,
  facts: { userId, roleId, status, personal: null, imageId: null },
  role: { ID: roleId, name: roleId, permissions },
});
/** `gone` (deleted) is unknown to the resolver, as the real one answers for a deleted user. */
const people: Record<string, Access> = {
  ada: person('ada', 'administrator', grants('manage-users', 'create-page', 'edit-page'), 'active'),
  ed: person('ed', 'editor', grants('create-page', 'edit-page'), 'active'),
  pam: person('pam', 'editor', grants('create-page'), 'pending'),
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * errorHandler, the endpoint gate, authMiddleware and a stand-in for the routes:
 * `/test/sign-in?user=` starts a session the way the login route does (it sits before the gate,
 * as a test door only); an endpoint the gate and the access check let through answers 200 with
 * what they decided.
 */
function testApp(policy: Partial<SessionPolicy> = {}) {
  let now = T0;
  const store = new SqliteSessionStore(openDatabase(':memory:'));
  const sessions = new SessionManager(store, { idleMs: 60_000, absoluteMs: 3600_000, secureCookie: false, ...policy }, () => now);
  const resolved: string[] = [];
  const access = {
    async resolve(userId: string) {
      resolved.push(userId);
      return people[userId] ?? null;
    },
  } satisfies Pick<AccessResolver, 'resolve'> as unknown as AccessResolver;
  const app = new Koa();
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    if (ctx.path === '/test/sign-in') {
      const record = await sessions.start(ctx, typeof ctx.query.user === 'string' ? ctx.query.user : null);
      ctx.body = { id: record.id, csrf: record.csrfToken };
      return;
    }
    if (ctx.path === '/test/sign-out') {
      ctx.state.session = await sessions.load(ctx);
      await sessions.end(ctx);
      ctx.body = {};
      return;
    }
    await next();
  });
  app.use(endpointGate());
  app.use(authMiddleware({ sessions, access }));
  app.use(async (ctx, next) => {
    const state = ctx.state as AuthState;
    if (state.endpoint) {
      ctx.body = { endpoint: state.endpoint.name, actorId: state.actorId, userId: state.user?.userId ?? null };
      return;
    }
    await next();
  });
  const http = () => request(app.callback());
  return {
    http,
    store,
    sessions,
    resolved,
    setNow: (t: number) => (now = t),
    /** Signs in (or, without a user, starts an anonymous session): the cookie to send and the session's CSRF token. */
    async signIn(userId: string | null) {
      const reply = await http().get(`/test/sign-in${userId ? `?user=${userId}` : ''}`);
      expect(reply.status).to.equal(200);
      const setCookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
      const cookie = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
      const body = reply.body as { id: string; csrf: string };
      return { cookie, csrf: body.csrf, storeId: body.id, setCookie };
    },
  };
}

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
const codes = (body: { Errors?: { code: string }[] }) => (body.Errors ?? []).map((e) => e.code);

describe('the auth middleware', () => {
  describe('without a session', () => {
    it('answers 401 AUTH_05 to a call that needs a signed-in user', async () => {
      const { http } = testApp();
      const reply = await http().get('/api/cms/user');
      expect(reply.status).to.equal(401);
      expect(reply.body).to.deep.equal({
        Success: false,
        Errors: [{ code: 'AUTH_05', property: '', model: '', message: 'Your session has ended; please log in again.' }],
        data: null,
      });
    });

    it('answers 401 before looking at the CSRF token or the permission', async () => {
      const { http } = testApp();
      expect(codes((await http().post('/api/cms/auth/refresh-session')).body)).to.deep.equal(['AUTH_05']);
      expect(codes((await http().get('/api/cms/user/list')).body)).to.deep.equal(['AUTH_05']);
      expect(codes((await http().put('/api/cms/user/ed').set(xhr)).body)).to.deep.equal(['AUTH_05']);
    });

    it('lets a public read through as the anonymous actor', async () => {
      const reply = await testApp().http().get('/api/cms/settings/get');
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ endpoint: 'settingsGet', actorId: 'anonymous', userId: null });
      expect(reply.headers['x-csrf-token']).to.equal(undefined);
    });

    it('lets the session check (a POST without CSRF) through', async () => {
      const reply = await testApp().http().post('/api/cms/auth/user');
      expect(reply.status).to.equal(200);
      expect(reply.body.endpoint).to.equal('authUser');
    });

    it('refuses a public state-changing call (a login) with 403 AUTH_06: there is no session whose token it could carry', async () => {
      const reply = await testApp().http().post('/api/cms/auth/login').set(xhr).set('X-CSRF-Token', 'made-up');
      expect(reply.status).to.equal(403);
      expect(codes(reply.body)).to.deep.equal(['AUTH_06']);
    });

    it('ignores a cookie that names no session', async () => {
      const reply = await testApp().http().get('/api/cms/user').set('Cookie', `${SESSION_COOKIE}=not-a-session`);
      expect(reply.status).to.equal(401);
    });

    it('answers a path outside the endpoint table 404 and a known path under another method 405, before the session is read', async () => {
      const { http, resolved } = testApp();
      const ada = await testApp().signIn('ada');
      expect((await http().get('/api/cms/no-such-call').set('Cookie', ada.cookie)).status).to.equal(404);
      const wrongMethod = await http().delete('/api/cms/settings/get');
      expect(wrongMethod.status).to.equal(405);
      expect(wrongMethod.headers.allow).to.equal('GET, HEAD');
      expect((await http().get('/elsewhere')).status).to.equal(404);
      expect(resolved).to.deep.equal([]);
    });
  });

  describe('with the session of a user without manage-users', () => {
    it('lets the user read their own account', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().get('/api/cms/user').set('Cookie', ed.cookie);
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ endpoint: 'userCurrent', actorId: 'ed', userId: 'ed' });
    });

    it('answers 403 UM_01 to the user list', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().get('/api/cms/user/list').set('Cookie', ed.cookie);
      expect(reply.status).to.equal(403);
      expect(reply.body).to.deep.equal({
        Success: false,
        Errors: [{ code: 'UM_01', property: '', model: '', message: 'You are not authorized to do this action.' }],
        data: null,
      });
    });

    it('lets the user change their own account (orSelf) but not somebody else\'s', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const own = await t.http().put('/api/cms/user/ed').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(own.status).to.equal(200);
      expect(own.body.endpoint).to.equal('userUpdate');
      const other = await t.http().put('/api/cms/user/ada').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(other.status).to.equal(403);
      expect(codes(other.body)).to.deep.equal(['UM_01']);
      const ownImage = await t.http().delete('/api/cms/user/ed/image').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(ownImage.status).to.equal(200);
    });

    it('does not let orSelf stretch to an endpoint without it (deleting oneself)', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().delete('/api/cms/user/ed').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(reply.status).to.equal(403);
      expect(codes(reply.body)).to.deep.equal(['UM_01']);
    });

    it('lets the user do what their role grants', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().post('/api/cms/page/create').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(reply.status).to.equal(200);
      expect(reply.body.endpoint).to.equal('pageCreate');
    });
  });

  describe('with the session of a user with manage-users', () => {
    it('lets the user list users and change somebody else', async () => {
      const t = testApp();
      const ada = await t.signIn('ada');
      expect((await t.http().get('/api/cms/user/list').set('Cookie', ada.cookie)).status).to.equal(200);
      const reply = await t.http().put('/api/cms/user/ed').set('Cookie', ada.cookie).set(xhr).set('X-CSRF-Token', ada.csrf);
      expect(reply.status).to.equal(200);
    });
  });

  describe('when a state-changing call is checked for CSRF', () => {
    it('passes with the session\'s token and X-Requested-With', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf);
      expect(reply.status).to.equal(200);
    });

    it('answers 403 AUTH_06 without the X-CSRF-Token header', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const reply = await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set(xhr);
      expect(reply.status).to.equal(403);
      expect(reply.body).to.deep.equal({
        Success: false,
        Errors: [{ code: 'AUTH_06', property: '', model: '', message: 'This request could not be verified; reload the page and try again.' }],
        data: null,
      });
    });

    it('answers 403 AUTH_06 with the token but without X-Requested-With: XMLHttpRequest', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const without = await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set('X-CSRF-Token', ed.csrf);
      expect(without.status).to.equal(403);
      expect(codes(without.body)).to.deep.equal(['AUTH_06']);
      const wrong = await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set('X-CSRF-Token', ed.csrf).set('X-Requested-With', 'fetch');
      expect(wrong.status).to.equal(403);
    });

    it('answers 403 AUTH_06 with the token of another session', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      const other = await t.signIn('ed');
      expect(other.csrf).not.to.equal(ed.csrf);
      const reply = await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', other.csrf);
      expect(reply.status).to.equal(403);
      expect(codes(reply.body)).to.deep.equal(['AUTH_06']);
    });

    it('answers 403 AUTH_06 to a PUT and a DELETE without the token, before the permission', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      expect(codes((await t.http().put('/api/cms/user/ed').set('Cookie', ed.cookie).set(xhr)).body)).to.deep.equal(['AUTH_06']);
      expect(codes((await t.http().delete('/api/cms/user/ada').set('Cookie', ed.cookie).set(xhr)).body)).to.deep.equal(['AUTH_06']);
    });

    it('accepts a login with the token of the anonymous session', async () => {
      const t = testApp();
      const anonymous = await t.signIn(null);
      const reply = await t.http().post('/api/cms/auth/login').set('Cookie', anonymous.cookie).set(xhr).set('X-CSRF-Token', anonymous.csrf);
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ endpoint: 'authLogin', actorId: 'anonymous', userId: null });
    });

    it('does not ask for a token on a GET', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status).to.equal(200);
    });
  });

  describe('when the session\'s user is no longer active', () => {
    for (const [who, why] of [['gone', 'deleted'], ['pam', 'not activated'], ['nobody', 'unknown']] as const) {
      it(`answers 401 for a user who is ${why}, ends the session in the store and clears the cookie`, async () => {
        const t = testApp();
        const session = await t.signIn(who);
        expect(await t.store.get(session.storeId, T0)).not.to.equal(null);
        const reply = await t.http().get('/api/cms/user').set('Cookie', session.cookie);
        expect(reply.status).to.equal(401);
        expect(codes(reply.body)).to.deep.equal(['AUTH_05']);
        expect(await t.store.get(session.storeId, T0)).to.equal(null);
        const cleared = ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
        expect(cleared).to.match(new RegExp(`^${SESSION_COOKIE}=;`));
        expect(reply.headers['x-csrf-token']).to.equal(undefined);
      });
    }

    it('treats the caller as anonymous on a public call', async () => {
      const t = testApp();
      const gone = await t.signIn('gone');
      const reply = await t.http().get('/api/cms/settings/get').set('Cookie', gone.cookie);
      expect(reply.status).to.equal(200);
      expect(reply.body.actorId).to.equal('anonymous');
      expect(await t.store.get(gone.storeId, T0)).to.equal(null);
    });

    it('asks for the user on every request, so a deletion takes effect at once', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      await t.http().get('/api/cms/user').set('Cookie', ed.cookie);
      await t.http().get('/api/cms/user').set('Cookie', ed.cookie);
      expect(t.resolved).to.deep.equal(['ed', 'ed']);
    });
  });

  describe('on every reply of a request with a session', () => {
    it('hands out the session\'s CSRF token, whatever the outcome', async () => {
      const t = testApp();
      const ed = await t.signIn('ed');
      expect(ed.csrf).to.match(/^[A-Za-z0-9_-]{43}$/);
      const replies = [
        await t.http().get('/api/cms/user').set('Cookie', ed.cookie),
        await t.http().post('/api/cms/page/create').set('Cookie', ed.cookie).set(xhr).set('X-CSRF-Token', ed.csrf),
        await t.http().get('/api/cms/settings/get').set('Cookie', ed.cookie),
        await t.http().get('/api/cms/user/list').set('Cookie', ed.cookie),
        await t.http().post('/api/cms/auth/refresh-session').set('Cookie', ed.cookie).set(xhr),
      ];
      expect(replies.map((r) => r.status)).to.deep.equal([200, 200, 200, 403, 403]);
      for (const reply of replies) expect(reply.headers['x-csrf-token']).to.equal(ed.csrf);
      // A call outside the table is refused before the session is even read.
      const unknown = await t.http().get('/api/cms/no-such-call').set('Cookie', ed.cookie);
      expect(unknown.status).to.equal(404);
      expect(unknown.headers['x-csrf-token']).to.equal(undefined);
    });

    it('hands out the token of an anonymous session too', async () => {
      const t = testApp();
      const anonymous = await t.signIn(null);
      const reply = await t.http().post('/api/cms/auth/user').set('Cookie', anonymous.cookie);
      expect(reply.headers['x-csrf-token']).to.equal(anonymous.csrf);
    });
  });
});

describe('the session manager', () => {
  it('puts a random id in an httpOnly, SameSite=Lax cookie and only its SHA-256 in the store', async () => {
    const t = testApp();
    const ed = await t.signIn('ed');
    const id = ed.cookie.slice(`${SESSION_COOKIE}=`.length);
    expect(id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(ed.storeId).to.equal(sha256(id));
    expect(await t.store.get(id, T0)).to.equal(null);
    expect(await t.store.get(sha256(id), T0)).to.deep.include({ userId: 'ed', csrfToken: ed.csrf, createdAt: T0, lastSeenAt: T0, expiresAt: T0 + 60_000 });
    const cookie = ed.setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.toLowerCase();
    expect(cookie).to.contain('httponly').and.contain('samesite=lax').and.contain('path=/');
    expect(cookie).not.to.contain('secure');
  });

  it('marks the cookie Secure when the policy says so (behind a TLS proxy the request itself is plain http)', async () => {
    const t = testApp({ secureCookie: true });
    const ed = await t.signIn('ed');
    const cookie = ed.setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.toLowerCase();
    expect(cookie.split(';').map((part) => part.trim())).to.include('secure');
  });

  it('starts a new id and a new CSRF token every time', async () => {
    const t = testApp();
    const a = await t.signIn('ed');
    const b = await t.signIn('ed');
    expect(a.cookie).not.to.equal(b.cookie);
    expect(a.csrf).not.to.equal(b.csrf);
  });

  it('ends a session that goes unused for idleMs', async () => {
    const t = testApp({ idleMs: 60_000 });
    const used = await t.signIn('ed');
    const unused = await t.signIn('ed');
    t.setNow(T0 + 59_999);
    expect((await t.http().get('/api/cms/user').set('Cookie', used.cookie)).status).to.equal(200);
    t.setNow(T0 + 60_000);
    expect((await t.http().get('/api/cms/user').set('Cookie', unused.cookie)).status).to.equal(401);
    expect((await t.http().get('/api/cms/user').set('Cookie', used.cookie)).status).to.equal(200);
  });

  it('moves the idle deadline along with every request', async () => {
    const t = testApp({ idleMs: 60_000 });
    const ed = await t.signIn('ed');
    for (let minute = 1; minute <= 5; minute++) {
      t.setNow(T0 + minute * 50_000);
      expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status, `after ${minute * 50} s`).to.equal(200);
    }
    t.setNow(T0 + 5 * 50_000 + 60_000);
    expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status).to.equal(401);
  });

  it('ends a session absoluteMs after it began, however busy it is', async () => {
    const t = testApp({ idleMs: 60_000, absoluteMs: 180_000 });
    const ed = await t.signIn('ed');
    for (let t2 = 30_000; t2 < 180_000; t2 += 30_000) {
      t.setNow(T0 + t2);
      expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status, `at ${t2} ms`).to.equal(200);
    }
    t.setNow(T0 + 180_000);
    expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status).to.equal(401);
  });

  it('gives an anonymous session its own, shorter idle time', async () => {
    const t = testApp({ idleMs: 60_000, anonymousIdleMs: 10_000 });
    const anonymous = await t.signIn(null);
    const ed = await t.signIn('ed');
    t.setNow(T0 + 10_000);
    expect((await t.http().post('/api/cms/auth/user').set('Cookie', anonymous.cookie)).headers['x-csrf-token']).to.equal(undefined);
    expect((await t.http().post('/api/cms/auth/user').set('Cookie', ed.cookie)).headers['x-csrf-token']).to.equal(ed.csrf);
  });

  it('ends the request\'s session and clears its cookie', async () => {
    const t = testApp();
    const ed = await t.signIn('ed');
    const reply = await t.http().get('/test/sign-out').set('Cookie', ed.cookie);
    const cleared = ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cleared).to.match(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cleared.toLowerCase()).to.contain('expires=thu, 01 jan 1970');
    expect(await t.store.get(ed.storeId, T0)).to.equal(null);
    expect((await t.http().get('/api/cms/user').set('Cookie', ed.cookie)).status).to.equal(401);
  });

  it('ends every session of a user but the one named', async () => {
    const t = testApp();
    const [a, b, c] = [await t.signIn('ed'), await t.signIn('ed'), await t.signIn('ed')];
    const ada = await t.signIn('ada');
    expect(await t.sessions.endAllFor('ed', b.storeId)).to.equal(2);
    const statuses = [];
    for (const s of [a, b, c, ada]) statuses.push((await t.http().get('/api/cms/user').set('Cookie', s.cookie)).status);
    expect(statuses).to.deep.equal([401, 200, 401, 200]);
  });

  it('compares a CSRF token exactly', () => {
    const record = { id: 'x', userId: 'ed', csrfToken: 'abc-token', createdAt: T0, lastSeenAt: T0, expiresAt: T0 + 1 };
    expect(SessionManager.tokenMatches(record, 'abc-token')).to.equal(true);
    expect(SessionManager.tokenMatches(record, 'abc-tokem')).to.equal(false);
    expect(SessionManager.tokenMatches(record, 'abc-token ')).to.equal(false);
    expect(SessionManager.tokenMatches(record, '')).to.equal(false);
  });

  describe('isPlainHttpLocalhost', () => {
    it('is true only for plain http on a loopback host', () => {
      for (const url of ['http://localhost:3000', 'http://localhost', 'http://127.0.0.1:8080/', 'http://[::1]:3000']) {
        expect(isPlainHttpLocalhost(url), url).to.equal(true);
      }
      for (const url of ['https://localhost:3000', 'http://example.com', 'http://localhost.example.com', 'https://pagelog.example', 'http://10.0.0.5:3000']) {
        expect(isPlainHttpLocalhost(url), url).to.equal(false);
      }
    });
  });
});
