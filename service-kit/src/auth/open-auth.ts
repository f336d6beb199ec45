import { join } from 'node:path';
import type pg from 'pg';
import { createPool } from '@pagelog/storage/postgres/pool';
import { untilReachable } from '../open-stores';
import type { Logger } from 'pino';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { PostgresBlobStore } from '@pagelog/storage/blob-store/postgres-blob-store';
import type { KeyStore } from '@pagelog/storage/key-store/key-store';
import { SqliteKeyStore } from '@pagelog/storage/key-store/sqlite-key-store';
import { PostgresKeyStore } from '@pagelog/storage/key-store/postgres-key-store';
import { deriveKey, PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { SessionStore } from '@pagelog/storage/session-store/session-store';
import { SqliteSessionStore } from '@pagelog/storage/session-store/sqlite-session-store';
import { RedisSessionStore } from '@pagelog/storage/session-store/redis-session-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { Config } from '../config';
import { AccessResolver } from './access';
import { loadSecret } from './secret';
import { isPlainHttpLocalhost, SessionManager, type Clock } from './sessions';
import type { AuthDeps } from './auth-middleware';
import { FormCsrf } from '../http/form-csrf';
import { PreviewTokens } from '../http/preview-tokens';
import { TimeTravelTokens } from '../http/time-travel-tokens';

export interface AuthServices extends AuthDeps {
  formCsrf: FormCsrf;
  /** Seals drafts for the public site's preview and opens them again. */
  previews: PreviewTokens;
  /** Signs and opens the links to the site as of a moment (issue 17). */
  timeTravel: TimeTravelTokens;
  vault: PersonalDataVault;
  blobs: BlobStore;
  secret: string;
  describe: string;
  close(): Promise<void>;
}

/**
 * Sessions (SQLite file `sessions.db`, or Redis), personal-data keys (SQLite file `keys.db`, or
 * PostgreSQL: kept apart from events and read models, so their backups hold nothing readable
 * once a key is gone) and blobs (data/blobs, PostgreSQL or S3), as the configuration names them.
 */
export async function openAuth(config: Config, eventStore: EventStore, logger: Logger, clock: Clock = Date.now): Promise<AuthServices> {
  const secret = loadSecret(config);
  const closers: (() => Promise<void> | void)[] = [];
  const described: string[] = [];
  const sqliteFiles = new Map<string, SqliteDatabase>();
  const sqlite = (name: string) => {
    let db = sqliteFiles.get(name);
    if (!db) {
      db = openDatabase(join(config.dataDir, name));
      sqliteFiles.set(name, db);
      closers.push(() => {
        db!.close();
      });
    }
    return db;
  };
  let pool: pg.Pool | null = null;
  const pgPool = () => {
    if (!pool) {
      pool = createPool({
        connectionString: config.databaseUrl!,
        max: 4,
        timeouts: config.pgTimeouts,
        applicationName: 'pagelog-auth',
        onIdleError: (error) => logger.warn({ error }, 'an idle database connection broke; the next query opens a new one'),
      });
    }
    return pool;
  };

  let sessionStore: SessionStore;
  if (config.sessionStore === 'redis') {
    sessionStore = new RedisSessionStore({
      url: config.redisUrl!,
      prefix: `pagelog:${config.pgSchema}:`,
      timeouts: config.redisTimeouts,
      onStateChange: (state, error) =>
        state === 'ready' ? logger.info('Redis is reachable') : logger.warn({ err: error, redis: state }, 'Redis is not reachable; sessions answer 503 until it is'),
    });
    described.push('sessions: redis');
  } else {
    sessionStore = new SqliteSessionStore(sqlite('sessions.db'));
    described.push('sessions: sqlite');
  }

  let keys: KeyStore;
  if (config.store === 'postgres') {
    const keyStore = new PostgresKeyStore({ pool: pgPool(), schema: config.pgSchema });
    await untilReachable(() => keyStore.init(), logger);
    keys = keyStore;
    described.push('keys: postgres');
  } else {
    keys = new SqliteKeyStore(sqlite('keys.db'));
    described.push('keys: sqlite');
  }

  let blobs: BlobStore;
  if (config.blobStore === 'postgres') {
    const blobStore = new PostgresBlobStore({ pool: pgPool(), schema: config.pgSchema });
    await untilReachable(() => blobStore.init(), logger);
    blobs = blobStore;
  } else if (config.blobStore === 's3') {
    // Loaded only here: the AWS SDK takes a few hundred milliseconds to load.
    const { S3BlobStore, s3OptionsFromUrl } = await import('@pagelog/storage/blob-store/s3-blob-store');
    const { client, bucket, prefix } = s3OptionsFromUrl(config.s3Url!);
    const blobStore = new S3BlobStore({ client, bucket, prefix });
    closers.push(() => client.destroy());
    await untilReachable(() => blobStore.init(), logger);
    blobs = blobStore;
  } else {
    blobs = new FsBlobStore(join(config.dataDir, 'blobs'));
  }
  described.push(`blobs: ${config.blobStore}`);

  const secureCookie = !isPlainHttpLocalhost(config.publicUrl);
  if (secureCookie && new URL(config.publicUrl).protocol === 'http:') {
    logger.warn({ publicUrl: config.publicUrl }, 'session cookies are Secure: browsers send them over https only; set PAGELOG_PUBLIC_URL to the https address');
  }
  const sessions = new SessionManager(
    sessionStore,
    {
      idleMs: config.sessionIdleMinutes * 60_000,
      absoluteMs: config.sessionAbsoluteHours * 3600_000,
      anonymousIdleMs: Math.min(config.sessionIdleMinutes, 120) * 60_000,
      secureCookie,
    },
    clock,
  );
  const vault = new PersonalDataVault({ keys, masterKey: deriveKey(secret, 'personal-data-keys') });
  return {
    sessions,
    access: new AccessResolver(eventStore),
    vault,
    blobs,
    secret,
    formCsrf: new FormCsrf(deriveKey(secret, 'form-csrf'), secureCookie, clock),
    previews: new PreviewTokens(deriveKey(secret, 'page-preview'), clock),
    timeTravel: new TimeTravelTokens(deriveKey(secret, 'time-travel'), clock),
    describe: described.join(', '),
    async close() {
      await sessionStore.close();
      await keys.close();
      await blobs.close();
      for (const close of closers) await close();
      if (pool) await (pool as pg.Pool).end();
    },
  };
}
