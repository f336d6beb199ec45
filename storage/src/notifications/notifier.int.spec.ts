import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { InProcessNotifier } from './in-process-notifier';
import { PostgresNotifier } from './postgres-notifier';
import { RedisNotifier } from './redis-notifier';
import { notifierContract } from './notifier.contract';

notifierContract('In-process', async () => {
  const notifier = new InProcessNotifier();
  return { a: notifier, b: notifier, close: () => notifier.close() };
}, { reconnects: false });

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl) {
  notifierContract('PostgreSQL', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const pools = [new pg.Pool({ connectionString: postgresUrl, max: 2 }), new pg.Pool({ connectionString: postgresUrl, max: 2 })];
    const [a, b] = pools.map((pool) => new PostgresNotifier({ pool, topic: 'contract', schema })) as [PostgresNotifier, PostgresNotifier];
    return {
      a,
      b,
      async breakSubscriptions() {
        await pools[0]!.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN "pagelog_contract_${schema}"`]);
      },
      async close() {
        await a.close();
        await b.close();
        for (const pool of pools) await pool.end();
      },
    };
  }, { reconnects: true });
}

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  notifierContract('Redis', async () => {
    const prefix = `pagelog:t_${randomBytes(6).toString('hex')}:`;
    const a = new RedisNotifier({ url: redisUrl, topic: 'contract', prefix });
    const b = new RedisNotifier({ url: redisUrl, topic: 'contract', prefix });
    return {
      a,
      b,
      async breakSubscriptions() {
        const admin = new Redis(redisUrl);
        try {
          await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
        } finally {
          admin.disconnect();
        }
      },
      async close() {
        await a.close();
        await b.close();
      },
    };
  }, { reconnects: true });
}
