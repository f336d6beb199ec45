import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import pg from 'pg';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { FaultProxy } from './test-kit/fault-proxy';
import { readOutbox } from './test-kit/outbox';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './test-kit/processes';
import { dropSchema, freshSchemaName } from './test-kit/start-test-pagelog';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Polls `check` until it holds or `timeoutMs` passes; answers how long it took. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const alive = (p: RunningProcess) => p.child.exitCode === null && p.child.signalCode === null;

/**
 * Pagelog's processes behind a faulty network: the command service and the projector reach
 * PostgreSQL (and the command service Redis) through proxies of the test's own that reset,
 * swallow and drop connections; the query service reaches them directly, to watch. Timeouts are
 * short (connect 1 s, query 2 s, Redis 1 s) so the test stays short; the defaults are longer.
 */
if (postgresUrl && redisUrl) {
  describe('the distributed processes through connection resets, partitions, restarts and kill -9', function () {
    this.timeout(240_000);
    const schema = freshSchemaName();
    const dataDir = mkdtempSync(join(tmpdir(), 'pagelog-faults-'));
    const pgTarget = new URL(postgresUrl);
    const redisTarget = new URL(redisUrl);
    const commandPg = new FaultProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    const projectorPg = new FaultProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    const commandRedis = new FaultProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
    const ports = { command: 0, query: 0 };
    let common: Record<string, string>;
    let command: RunningProcess;
    let projector: RunningProcess;
    let query: RunningProcess;
    let pool: pg.Pool;
    let events: PostgresEventStore;
    let admin: ApiClient;
    let reader: ApiClient;

    const startCommand = () =>
      startProcess('command-service', 'command-service/src/main.ts', {
        ...common,
        PORT: String(ports.command),
        DATABASE_URL: commandPg.via(postgresUrl),
        REDIS_URL: commandRedis.via(redisUrl),
      });
    const startProjector = () => startProcess('projector', 'projector/src/main.ts', { ...common, DATABASE_URL: projectorPg.via(postgresUrl) });

    /** The projections' positions as the query service (direct to the database) reports them. */
    async function status(): Promise<{ name: string; position: number; lag: number; state: string }[]> {
      const reply = await reader.get('/system/projections');
      return reply.body.data;
    }
    const caughtUp = async () => (await status()).every((p) => p.lag === 0);

    before(async () => {
      ports.command = await freePort();
      ports.query = await freePort();
      await commandPg.start();
      await projectorPg.start();
      await commandRedis.start();
      common = {
        PAGELOG_STORE: 'postgres',
        PAGELOG_PG_SCHEMA: schema,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PAGELOG_SEED: 'false',
        PAGELOG_SECRET: randomBytes(32).toString('hex'),
        PAGELOG_DATA_DIR: dataDir,
        PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email,
        PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password,
        PAGELOG_PG_CONNECT_TIMEOUT_MS: '1000',
        PAGELOG_PG_QUERY_TIMEOUT_MS: '2000',
        PAGELOG_PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
        PAGELOG_REDIS_CONNECT_TIMEOUT_MS: '1000',
        PAGELOG_REDIS_COMMAND_TIMEOUT_MS: '1000',
        PAGELOG_GATEWAY_TIMEOUT_MS: '10000',
        // A killed projector's reactors are taken over by its successor after this long.
        PAGELOG_REACTOR_LEASE_MS: '1000',
        DATABASE_URL: postgresUrl,
        REDIS_URL: redisUrl,
      };
      command = startCommand();
      await waitForHttp(`http://127.0.0.1:${ports.command}/api/cms/nothing`, [command]);
      projector = startProjector();
      query = startProcess('query-service', 'query-service/src/main.ts', { ...common, PORT: String(ports.query) });
      await waitForHttp(`http://127.0.0.1:${ports.query}/api/cms/nothing`, [query, projector]);
      admin = await logIn();
      reader = new ApiClient(`http://127.0.0.1:${ports.query}`);
      reader.cookie = admin.cookie;
      reader.csrfToken = admin.csrfToken;
      pool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
      pool.on('error', () => {});
      events = new PostgresEventStore({ pool, schema });
      await until(caughtUp, 30_000, 'the projections catch up after start');
    });

    after(async () => {
      await Promise.all([command, projector, query].filter(Boolean).map((p) => p.stop()));
      await Promise.all([commandPg.stop(), projectorPg.stop(), commandRedis.stop()]);
      await events?.close();
      await pool?.end();
      await dropSchema(postgresUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Pages written straight into the log (a burst the projector has to work through). */
    async function appendPages(count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const pageId = randomUUID();
        ids.push(pageId);
        await events.append(
          `page-${pageId}`,
          [
            {
              id: randomUUID(),
              type: 'PageCreated',
              data: { pageId, translationGroupId: pageId, type: 'base', locale: 'nl-nl', title: `Burst ${i}`, slug: `burst-${pageId}`, content: '', typeData: {}, versionId: randomUUID(), copiedFrom: null },
              metadata: { actorId: 'system', correlationId: 'faults', causationId: 'faults', occurredAt: new Date().toISOString(), schemaVersion: 2 },
            },
          ],
          0,
        );
      }
      return ids;
    }

    /**
     * A session made through the query service (which answers the session check) and used at the
     * command service; both keep sessions in the same Redis.
     */
    async function logIn(): Promise<ApiClient> {
      const session = new ApiClient(`http://127.0.0.1:${ports.query}`);
      await session.post('/auth/user');
      const client = new ApiClient(`http://127.0.0.1:${ports.command}`);
      client.cookie = session.cookie;
      client.csrfToken = session.csrfToken;
      const reply = await client.post('/auth/login', TEST_ADMIN);
      if (reply.status !== 200) throw new Error(`login: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
      return client;
    }

    const create = (client: ApiClient, slug: string) => client.post('/page/create', { title: slug, slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });

    it('keeps the projector alive through a reset while it is idle, and it catches up on its own', async () => {
      expect(projectorPg.connections).to.be.above(0);
      projectorPg.resetAll();
      await sleep(1_000);
      expect(alive(projector), projector.output()).to.equal(true);
      const created = await create(admin, 'na-de-reset');
      expect(created.status).to.equal(200);
      const ms = await until(caughtUp, 15_000, 'catching up after the reset');
      console.log(`      (projector caught up ${ms} ms after the first event following the reset)`);
    });

    it('keeps the projector alive through a reset in the middle of a busy catch-up', async () => {
      // Cut off while the log grows, so it has a backlog to work through once back.
      projectorPg.partition();
      await appendPages(1500);
      projectorPg.resetAll();
      projectorPg.heal();
      // Reset again while it works through the backlog.
      await until(async () => (await status()).some((p) => p.lag > 0 && p.lag < 1500), 20_000, 'the projector is working through the backlog');
      projectorPg.resetAll();
      await until(caughtUp, 60_000, 'catching up after resets mid-batch');
      expect(alive(projector), projector.output()).to.equal(true);
      expect(projector.output()).to.not.match(/Unhandled 'error' event|uncaught/i);
    });

    it('answers 503 within the timeouts during a partition, lets the projector wait, and everything catches up after', async () => {
      commandPg.partition();
      projectorPg.partition();
      try {
        const started = Date.now();
        const refused = await create(admin, 'tijdens-de-storing');
        const ms = Date.now() - started;
        expect(refused.status).to.equal(503);
        expect(refused.headers.get('retry-after')).to.equal('5');
        expect(refused.body.Errors[0]).to.include({ code: 'G_01' });
        // Bounded by the connect (1 s) and query (2 s) timeouts of this test, with room to spare.
        expect(ms).to.be.below(6_000);
        // The log moves on (written directly); the projector, cut off, falls behind and stays alive.
        await appendPages(20);
        await sleep(2_500);
        const during = await status();
        expect(during.some((p) => p.lag > 0), JSON.stringify(during)).to.equal(true);
        expect(alive(projector), projector.output()).to.equal(true);
        expect(alive(command), command.output()).to.equal(true);
      } finally {
        commandPg.resetAll();
        projectorPg.resetAll();
        commandPg.heal();
        projectorPg.heal();
      }
      const back = Date.now();
      await until(caughtUp, 20_000, 'catching up after the partition');
      console.log(`      (projector caught up ${Date.now() - back} ms after the partition healed)`);
      expect((await create(admin, 'na-de-storing')).status).to.equal(200);
      await until(async () => (await status()).every((p) => p.state === 'ok'), 10_000, 'every projection ok again');
    });

    it('reconnects after the database goes away and comes back on the same address', async () => {
      await projectorPg.stop();
      await commandPg.stop();
      await sleep(1_500);
      expect(alive(projector), projector.output()).to.equal(true);
      expect((await create(admin, 'zonder-database')).status).to.equal(503);
      await appendPages(10);
      await commandPg.start();
      await projectorPg.start();
      const back = Date.now();
      await until(caughtUp, 20_000, 'catching up after the restart');
      console.log(`      (projector caught up ${Date.now() - back} ms after the database came back)`);
      expect((await create(admin, 'weer-terug')).status).to.equal(200);
      expect(projector.output()).to.match(/lost the connection that hears of new events/);
    });

    it('answers 503 while Redis is cut off, and logs in again once it is back', async () => {
      commandRedis.partition();
      try {
        // The command service reads the session from Redis for every command.
        const started = Date.now();
        const reply = await create(admin, 'zonder-redis');
        expect(reply.status).to.equal(503);
        expect(reply.headers.get('retry-after')).to.equal('5');
        expect(Date.now() - started).to.be.below(5_000);
        expect(alive(command), command.output()).to.equal(true);
      } finally {
        commandRedis.resetAll();
        commandRedis.heal();
      }
      await until(async () => (await create(admin, `met-redis-${Date.now()}`)).status === 200, 10_000, 'commands after Redis is back');
      await logIn();
    });

    it('keeps every acknowledged write when the command service is killed mid-burst', async () => {
      const acknowledged: { pageID: string; slug: string }[] = [];
      const burst = Array.from({ length: 40 }, (_, i) => `burst-kill-${i}`).map(async (slug, i) => {
        await sleep(i * 15);
        const reply = await create(admin, slug).catch(() => null);
        if (reply?.status === 200) acknowledged.push({ pageID: reply.body.data.pageID, slug });
      });
      // Killed once the first writes are acknowledged, while the rest of the burst is in flight
      // (on a busy machine a create can take longer than the burst's first quarter second).
      await until(async () => acknowledged.length > 0, 15_000, 'a first acknowledged write');
      command.child.kill('SIGKILL');
      await Promise.all(burst);
      command = startCommand();
      await waitForHttp(`http://127.0.0.1:${ports.command}/api/cms/nothing`, [command]);
      await until(caughtUp, 30_000, 'catching up after the restart');
      expect(acknowledged.length).to.be.above(0);
      for (const { pageID, slug } of acknowledged) {
        const page = await reader.get(`/page/${pageID}`);
        expect(page.status, slug).to.equal(200);
        expect(page.body.data.slug).to.equal(slug);
        // Written once.
        expect((await events.readStream(`page-${pageID}`)).filter((e) => e.type === 'PageCreated')).to.have.length(1);
      }
    });

    it('catches up exactly after the projector is killed mid-batch and started again', async () => {
      projectorPg.partition();
      const ids = await appendPages(800);
      projectorPg.resetAll();
      projectorPg.heal();
      await until(async () => (await status()).some((p) => p.lag > 0 && p.lag < 800), 20_000, 'the projector is mid-way');
      projector.child.kill('SIGKILL');
      await sleep(200);
      projector = startProjector();
      await until(caughtUp, 60_000, 'catching up after kill -9');
      // Reads equal the log: every page is there, once, with what its stream says.
      const list = await reader.post('/page/list', { pageIndex: 0, pageSize: 1, searchTerm: '' });
      const created = (await events.readAll({ after: 0, limit: 100_000 })).filter((e) => e.type === 'PageCreated').length;
      const deleted = (await events.readAll({ after: 0, limit: 100_000 })).filter((e) => e.type === 'PageDeleted').length;
      expect(list.body.data.totalItems).to.equal(created - deleted);
      for (const id of ids.slice(-5)) expect((await reader.get(`/page/${id}`)).status).to.equal(200);
    });

    it('sends every mail of a burst, each once, when the projector is killed while it sends them', async () => {
      const outbox = () => readOutbox(dataDir);
      const before = (await outbox()).length;
      // Held back while the users register, so the mails go out as one burst afterwards.
      projectorPg.partition();
      const addresses: string[] = [];
      for (let i = 0; i < 40; i++) {
        const email = `burst-${i}@pagelog.test`;
        addresses.push(email);
        const created = await admin.post('/user', { email, role: 'editor', profile: { name: `Burst ${i}`, jobTitle: '' } });
        expect(created.status, JSON.stringify(created.body)).to.equal(200);
      }
      projectorPg.resetAll();
      projectorPg.heal();
      await until(async () => (await outbox()).length > before, 30_000, 'the first mail of the burst');
      projector.child.kill('SIGKILL');
      const atKill = (await outbox()).length - before;
      console.log(`      (projector killed after ${atKill} of 40 mails)`);
      await sleep(200);
      projector = startProjector();
      await until(async () => (await outbox()).length - before >= 40, 60_000, 'every mail after kill -9');
      await until(caughtUp, 30_000, 'catching up after kill -9');
      await sleep(500);
      const sent = (await outbox()).slice(before).filter((m) => m.to.startsWith('burst-'));
      expect(sent.map((m) => m.to).sort()).to.deep.equal([...addresses].sort());
    });
  });
}
