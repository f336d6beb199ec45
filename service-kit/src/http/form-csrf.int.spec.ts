import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import type { Endpoint, EndpointMatch } from '@pagelog/contracts/endpoints';
import { FORM_CSRF_COOKIE, FORMS_PATH } from '@pagelog/contracts/site/form-csrf';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';
import { deriveKey } from '@pagelog/storage/key-store/personal-data-vault';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteSessionStore } from '@pagelog/storage/session-store/sqlite-session-store';
import { authMiddleware } from '../auth/auth-middleware';
import type { AccessResolver } from '../auth/access';
import { SessionManager } from '../auth/sessions';
import { errorHandler } from './error-handler';
import { FormCsrf } from './form-csrf';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const secret = 'a-server-secret-of-at-least-32-characters!';

/** A public form's endpoint as the forms issue will declare it in the endpoint table. */
const formEndpoint: Endpoint = { method: 'POST', path: '/forms/contact', kind: 'command', model: 'form', access: 'public', csrf: 'double-submit', response: undefined };

/**
 * The error handler and the access check in front of a form endpoint (as apiStack has them), and
 * the token route: `GET /api/cms/forms/csrf-token` hands a token out, `POST /api/cms/forms/contact`
 * answers 200 when the access check lets it through.
 */
function testApp(options: { secure?: boolean; key?: Buffer } = {}) {
  let now = T0;
  const store = new SqliteSessionStore(openDatabase(':memory:'));
  const sessions = new SessionManager(store, { idleMs: 60_000, absoluteMs: 3600_000, secureCookie: false }, () => now);
  const formCsrf = new FormCsrf(options.key ?? deriveKey(secret, 'form-csrf'), options.secure ?? false, () => now);
  const app = new Koa();
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    if (ctx.path === `${FORMS_PATH}/csrf-token`) {
      ctx.body = { data: { csrfToken: formCsrf.handOut(ctx) } };
      return;
    }
    ctx.state.endpoint = { name: 'formsCsrfToken', endpoint: formEndpoint, params: {}, undecodable: [] } satisfies EndpointMatch;
    await next();
  });
  app.use(authMiddleware({ sessions, access: {} as AccessResolver, formCsrf }));
  app.use(async (ctx) => {
    ctx.body = { Success: true, Errors: [], data: { sent: true } };
  });
  return {
    http: () => request(app.callback()),
    formCsrf,
    setNow: (t: number) => (now = t),
    /** What a visitor's browser has after the form asked for a token: the token and the cookie to send. */
    async token() {
      const reply = await request(app.callback()).get(`${FORMS_PATH}/csrf-token`);
      const setCookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
      return { token: reply.body.data.csrfToken as string, cookie: setCookie[0]!.split(';')[0]!, setCookie };
    },
  };
}

const refused = { code: 'AUTH_06', property: '', model: '', message: 'This request could not be verified; reload the page and try again.' };

describe('the public forms\' double-submit CSRF token', () => {
  describe('when a form asks for a token', () => {
    it('answers a fresh one each time and sets it in a cookie that only the form endpoints receive', async () => {
      const app = testApp({ secure: true });
      const first = await app.token();
      const second = await app.token();
      expect(first.token).to.not.equal(second.token);
      expect(first.cookie).to.equal(`${FORM_CSRF_COOKIE}=${first.token}`);
      const attributes = first.setCookie[0]!.toLowerCase();
      expect(attributes).to.include(`path=${FORMS_PATH}`);
      expect(attributes).to.include('samesite=strict');
      expect(attributes).to.include('secure');
      expect(attributes).to.include('httponly');
      // No session: the only cookie is the token's.
      expect(first.setCookie).to.have.length(1);
    });

    it('marks the cookie Secure only where the session cookie is (not on plain-http localhost)', async () => {
      const { setCookie } = await testApp({ secure: false }).token();
      expect(setCookie[0]!.toLowerCase()).to.not.include('secure');
    });

    it('keeps the answer out of every cache', async () => {
      const app = testApp();
      const reply = await app.http().get(`${FORMS_PATH}/csrf-token`);
      expect(reply.headers['cache-control']).to.equal('no-store');
    });
  });

  describe('when a form is sent', () => {
    it('accepts the token it was given, in its header and its cookie', async () => {
      const app = testApp();
      const { token, cookie } = await app.token();
      const reply = await app.http().post(`${FORMS_PATH}/contact`).set('Cookie', cookie).set(CSRF_HEADER, token).send({});
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.equal({ sent: true });
    });

    const cases: [string, (t: { token: string; cookie: string }) => Record<string, string>][] = [
      ['without the header', ({ cookie }) => ({ Cookie: cookie })],
      ['without the cookie', ({ token }) => ({ [CSRF_HEADER]: token })],
      ['with a header that is not the cookie\'s token', ({ cookie, token }) => ({ Cookie: cookie, [CSRF_HEADER]: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })],
      ['with a token of its own making in both (a planted cookie)', () => {
        const forged = `${'A'.repeat(22)}.${(T0 + 3600_000).toString(36)}.${'B'.repeat(43)}`;
        return { Cookie: `${FORM_CSRF_COOKIE}=${forged}`, [CSRF_HEADER]: forged };
      }],
      ['with something that is not a token at all in both', () => ({ Cookie: `${FORM_CSRF_COOKIE}=x`, [CSRF_HEADER]: 'x' })],
    ];
    for (const [name, headersOf] of cases) {
      it(`refuses it ${name} with 403 AUTH_06`, async () => {
        const app = testApp();
        const reply = await app.http().post(`${FORMS_PATH}/contact`).set(headersOf(await app.token())).send({});
        expect(reply.status).to.equal(403);
        expect(reply.body.Errors).to.deep.equal([refused]);
      });
    }

    it('refuses a token signed under another secret (another installation), in both header and cookie', async () => {
      const other = testApp({ key: deriveKey('another-secret-of-at-least-32-characters', 'form-csrf') });
      const { token } = await other.token();
      const app = testApp();
      const reply = await app.http().post(`${FORMS_PATH}/contact`).set('Cookie', `${FORM_CSRF_COOKIE}=${token}`).set(CSRF_HEADER, token).send({});
      expect(reply.status).to.equal(403);
      expect(reply.body.Errors).to.deep.equal([refused]);
    });

    it('refuses a token once it has expired, and accepts a fresh one', async () => {
      const app = testApp();
      const old = await app.token();
      app.setNow(T0 + 4 * 3600_000 + 1);
      const late = await app.http().post(`${FORMS_PATH}/contact`).set('Cookie', old.cookie).set(CSRF_HEADER, old.token).send({});
      expect(late.status).to.equal(403);
      const fresh = await app.token();
      expect((await app.http().post(`${FORMS_PATH}/contact`).set('Cookie', fresh.cookie).set(CSRF_HEADER, fresh.token).send({})).status).to.equal(200);
    });

    it('refuses every form when no token keys are configured (deny by default)', async () => {
      const store = new SqliteSessionStore(openDatabase(':memory:'));
      const app = new Koa();
      app.use(errorHandler());
      app.use(async (ctx, next) => {
        ctx.state.endpoint = { name: 'formsCsrfToken', endpoint: formEndpoint, params: {}, undecodable: [] } satisfies EndpointMatch;
        await next();
      });
      app.use(authMiddleware({ sessions: new SessionManager(store, { idleMs: 1, absoluteMs: 1, secureCookie: false }), access: {} as AccessResolver }));
      app.use(async (ctx) => {
        ctx.body = {};
      });
      const token = testApp().formCsrf.issue();
      const reply = await request(app.callback()).post(`${FORMS_PATH}/contact`).set('Cookie', `${FORM_CSRF_COOKIE}=${token}`).set(CSRF_HEADER, token).send({});
      expect(reply.status).to.equal(403);
    });
  });
});
