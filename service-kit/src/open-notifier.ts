import type pg from 'pg';
import type { Logger } from 'pino';
import { createPool } from '@pagelog/storage/postgres/pool';
import type { Notifier } from '@pagelog/storage/notifications/notifier';
import { InProcessNotifier } from '@pagelog/storage/notifications/in-process-notifier';
import { PostgresNotifier } from '@pagelog/storage/notifications/postgres-notifier';
import { RedisNotifier } from '@pagelog/storage/notifications/redis-notifier';
import type { Config } from './config';

/** The topic of the public site's cache invalidations (decision 0016). */
export const SITE_CACHE_TOPIC = 'site_cache';

/**
 * The notifier the configuration names for a topic (PAGELOG_CACHE_INVALIDATION): in-process, or
 * PostgreSQL's LISTEN/NOTIFY, or Redis pub/sub, each on a channel of this installation's schema.
 * Its close() also closes what it opened.
 */
export function openNotifier(config: Pick<Config, 'cacheInvalidation' | 'databaseUrl' | 'redisUrl' | 'pgSchema' | 'pgTimeouts' | 'redisTimeouts'>, topic: string, logger: Logger): Notifier {
  const onState = (state: 'listening' | 'lost', error?: Error) =>
    state === 'lost' ? logger.warn({ err: error, topic }, 'notifications lost their connection; reconnecting') : logger.info({ topic }, 'notifications are back');
  if (config.cacheInvalidation === 'redis') {
    return new RedisNotifier({ url: config.redisUrl!, topic, prefix: `pagelog:${config.pgSchema}:`, timeouts: config.redisTimeouts, onState });
  }
  if (config.cacheInvalidation === 'postgres') {
    const pool: pg.Pool = createPool({
      connectionString: config.databaseUrl!,
      max: 2,
      timeouts: config.pgTimeouts,
      applicationName: `pagelog-${topic}`,
      onIdleError: (error) => logger.warn({ error }, 'an idle notification connection broke; the next message opens a new one'),
    });
    return new PostgresNotifier({ pool, ownsPool: true, topic, schema: config.pgSchema, onState });
  }
  return new InProcessNotifier();
}
