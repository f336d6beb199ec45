import { expect } from 'chai';
import request from 'supertest';
import pg from 'pg';
import { createLogger } from '@pagelog/service-kit/logger';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { createHash } from 'node:crypto';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteSessionStore } from '@pagelog/storage/session-store/sqlite-session-store';
import { AccessResolver } from '@pagelog/service-kit/auth/access';
import { SessionManager } from '@pagelog/service-kit/auth/sessions';
import { commandDeps, createCommandApp } from './command-app';
import type { PagesDeps } from './pages/pages-deps';

/** A command app on `store` with one live session (cookie `pagelog_sid=sid`, CSRF token `csrf`). */
async function appOn(store: EventStore) {
  const sessionStore = new SqliteSessionStore(openDatabase(':memory:'));
  const now = Date.now();
  await sessionStore.create({ id: createHash('sha256').update('sid').digest('hex'), userId: 'u1', csrfToken: 'csrf', createdAt: now, lastSeenAt: now, expiresAt: now + 60_000 });
  const sessions = new SessionManager(sessionStore, { idleMs: 60_000, absoluteMs: 3600_000, secureCookie: false });
  const deps = { ...commandDeps(store), sessions } as unknown as PagesDeps;
  const app = createCommandApp({ deps, auth: { sessions, access: new AccessResolver(store) }, logger: createLogger('silent'), trustProxy: false, publicUrl: 'http://localhost:3000' });
  return app;
}

const withSession = { Cookie: 'pagelog_sid=sid', 'X-CSRF-Token': 'csrf', 'X-Requested-With': 'XMLHttpRequest' };

const body = { title: 'Over ons', slug: 'over-ons', type: 'article', locale: 'nl-nl' };

describe('the command service when things go wrong', () => {
  it('answers 503 with G_01 when the event store cannot be reached', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'postgres', connectionTimeoutMillis: 500 });
    pool.on('error', () => {});
    try {
      const app = await appOn(new PostgresEventStore({ pool }));
      const reply = await request(app.callback()).post('/api/cms/page/create').set(withSession).send(body);
      expect(reply.status).to.equal(503);
      expect(reply.body).to.deep.equal({
        Success: false,
        Errors: [{ code: 'G_01', property: '', model: '', message: 'Something went wrong, please try again later.' }],
        data: null,
      });
    } finally {
      await pool.end();
    }
  });

  it('answers an unexpected error with 500 G_01 and no detail or stack trace', async () => {
    const broken = new Proxy({} as EventStore, {
      get: () => async () => {
        throw new Error('secret detail at /srv/app/file.ts:12');
      },
    });
    const app = await appOn(broken);
    const reply = await request(app.callback()).post('/api/cms/page/create').set(withSession).send(body);
    expect(reply.status).to.equal(500);
    expect(reply.body.Errors).to.deep.equal([{ code: 'G_01', property: '', model: '', message: 'Something went wrong, please try again later.' }]);
    expect(reply.text).to.not.match(/secret|file\.ts|\bat\b/);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const app = await appOn({} as EventStore);
    const given = await request(app.callback()).get('/api/cms/nothing').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).to.equal('abc-123');
    const made = await request(app.callback()).get('/api/cms/nothing').set('X-Request-Id', '<script>');
    expect(made.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });
});
