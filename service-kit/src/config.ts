import { resolve } from 'node:path';
import { isLocale, type Locale } from '@pagelog/contracts/locales';
import { defaultHttpLimits, type HttpLimits } from './http/http-server';
import { defaultPgTimeouts, type PgTimeouts } from '@pagelog/storage/postgres/pool';
import { defaultRedisTimeouts, type RedisTimeouts } from '@pagelog/storage/session-store/redis-session-store';

/** Everything Pagelog reads from the environment, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  store: 'sqlite' | 'postgres';
  /** Where events live: PAGELOG_EVENT_STORE, else the PAGELOG_STORE engine. */
  eventStore: 'sqlite' | 'postgres' | 'kurrentdb';
  /** Where read models live: PAGELOG_READ_MODEL_STORE, else the PAGELOG_STORE engine. */
  readModelStore: 'sqlite' | 'postgres' | 'mongodb';
  databaseUrl: string | null;
  kurrentDbUrl: string | null;
  mongoDbUrl: string | null;
  /** Where the site search index lives: PAGELOG_SEARCH_INDEX, else the PAGELOG_STORE engine (issue 15). */
  searchIndex: 'sqlite' | 'postgres' | 'elasticsearch';
  /** ELASTICSEARCH_URL, for PAGELOG_SEARCH_INDEX=elasticsearch. */
  elasticsearchUrl: string | null;
  /** Names of the Elasticsearch indices start with this (PAGELOG_ELASTICSEARCH_PREFIX, default `pagelog`). */
  elasticsearchPrefix: string;
  /** Where blobs live: PAGELOG_BLOB_STORE, else files (dataDir/blobs), or PostgreSQL when PAGELOG_STORE=postgres. */
  blobStore: 'files' | 'postgres' | 's3';
  /** S3_URL: `https://KEY:SECRET@host/bucket[/prefix]?region=…`, for PAGELOG_BLOB_STORE=s3. */
  s3Url: string | null;
  pgSchema: string;
  publicUrl: string;
  siteName: string;
  /** Settings seeded on first start. */
  locales: Locale[];
  defaultLocale: Locale;
  customSlugLocales: Locale[];
  /** Seed the example site on an empty store. */
  seed: boolean;
  logLevel: string;
  /** Where site-web and the gateway find the API in distributed mode. */
  apiUrl: string | null;
  commandServiceUrl: string | null;
  queryServiceUrl: string | null;
  /** How long a query waits for X-Pagelog-Min-Position, in ms. */
  consistencyTimeoutMs: number;
  /**
   * How long a projector process's claim to run a reactor lasts without renewal: after a crash,
   * another process takes the reactor over after at most this long.
   */
  reactorLeaseMs: number;
  /** How often the scheduler looks for due scheduled publications (PAGELOG_SCHEDULER_INTERVAL_MS, default 15 s). */
  schedulerIntervalMs: number;
  /** Pages a search reindex takes in per step (PAGELOG_REINDEX_CHUNK_SIZE, default 200). */
  reindexChunkSize: number;
  /** A pause after each step of a reindex, to spare a busy database (PAGELOG_REINDEX_PAUSE_MS, default 0). */
  reindexPauseMs: number;
  /** How long the bytes of a deleted media file stay at least before the clean-up may delete them (PAGELOG_MEDIA_CLEANUP_GRACE_MS). */
  mediaCleanupGraceMs: number;
  /** How often the forms' retention looks for submissions past their period (PAGELOG_FORM_RETENTION_SWEEP_MS, default an hour). */
  formRetentionSweepMs: number;
  /** PAGELOG_SECRET: keys the e-mail index and wraps personal-data keys; null = kept in dataDir/secret.key. */
  secret: string | null;
  /** Where sessions and login counters live: PAGELOG_SESSION_STORE, else redis when REDIS_URL is set. */
  sessionStore: 'sqlite' | 'redis';
  redisUrl: string | null;
  /** A session ends after this many minutes without a request (PAGELOG_SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** ...and this many hours after login whatever happens (PAGELOG_SESSION_ABSOLUTE_HOURS). */
  sessionAbsoluteHours: number;
  /** The admin logs out after this many minutes without input (PAGELOG_INACTIVITY_MINUTES; may be fractional). */
  inactivityMinutes: number;
  /** Send mail through this SMTP server (SMTP_URL); without it mail goes to dataDir/outbox as .eml files. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The first administrator, created on an empty store when both are set. */
  adminEmail: string | null;
  adminPassword: string | null;
  /** Trust X-Forwarded-For from a proxy in front (PAGELOG_TRUST_PROXY); off by default so clients cannot forge their address. */
  trustProxy: boolean;
  /** The HTTP server's timeouts and connection cap (PAGELOG_HTTP_*). */
  http: HttpLimits;
  /** PostgreSQL's connect, query and idle-in-transaction timeouts (PAGELOG_PG_*). */
  pgTimeouts: PgTimeouts;
  /** Redis's connect and command timeouts (PAGELOG_REDIS_*). */
  redisTimeouts: RedisTimeouts;
  /** How long the gateway waits for a service (PAGELOG_GATEWAY_TIMEOUT_MS): longer than a service's own bound. */
  gatewayTimeoutMs: number;
  /**
   * How the projector tells every site process which cached pages to drop (PAGELOG_CACHE_INVALIDATION):
   * `redis` (pub/sub) when REDIS_URL is set, else `postgres` (LISTEN/NOTIFY) when DATABASE_URL is,
   * else `local` (in-process: one process only).
   */
  cacheInvalidation: 'local' | 'postgres' | 'redis';
  /** The public site's render cache in memory, in megabytes (PAGELOG_SITE_CACHE_MB); 0 renders every view (for measuring). */
  siteCacheMb: number;
  /** Whether the embedded site keeps the read-model answers its renders read between renders (PAGELOG_SITE_DOC_CACHE); off, every render reads the store. */
  siteDocCache: boolean;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function url(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
}

function localeList(env: Env, name: string, fallback: Locale[]): Locale[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const items = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const item of items) if (!isLocale(item)) throw new ConfigError(name, `has an unknown locale "${item}"`);
  return items as Locale[];
}

function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(name, `must be a number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/** Reads and validates the configuration; throws ConfigError naming the variable at fault. */
export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const store = (env.PAGELOG_STORE ?? 'sqlite').toLowerCase();
  if (store !== 'sqlite' && store !== 'postgres') throw new ConfigError('PAGELOG_STORE', `must be "sqlite" or "postgres", got "${env.PAGELOG_STORE}"`);
  const eventStore = (env.PAGELOG_EVENT_STORE ?? store).toLowerCase();
  if (eventStore !== 'sqlite' && eventStore !== 'postgres' && eventStore !== 'kurrentdb') {
    throw new ConfigError('PAGELOG_EVENT_STORE', `must be "sqlite", "postgres" or "kurrentdb", got "${env.PAGELOG_EVENT_STORE}"`);
  }
  const readModelStore = (env.PAGELOG_READ_MODEL_STORE ?? store).toLowerCase();
  if (readModelStore !== 'sqlite' && readModelStore !== 'postgres' && readModelStore !== 'mongodb') {
    throw new ConfigError('PAGELOG_READ_MODEL_STORE', `must be "sqlite", "postgres" or "mongodb", got "${env.PAGELOG_READ_MODEL_STORE}"`);
  }
  const databaseUrl = url(env, 'DATABASE_URL');
  if ((eventStore === 'postgres' || readModelStore === 'postgres') && !databaseUrl) {
    throw new ConfigError('DATABASE_URL', 'is required when PAGELOG_STORE=postgres');
  }
  const kurrentDbUrl = env.KURRENTDB_URL || null;
  if (eventStore === 'kurrentdb' && !kurrentDbUrl) throw new ConfigError('KURRENTDB_URL', 'is required when PAGELOG_EVENT_STORE=kurrentdb');
  const mongoDbUrl = env.MONGODB_URL || null;
  if (readModelStore === 'mongodb' && !mongoDbUrl) throw new ConfigError('MONGODB_URL', 'is required when PAGELOG_READ_MODEL_STORE=mongodb');
  const searchIndex = (env.PAGELOG_SEARCH_INDEX ?? store).toLowerCase();
  if (searchIndex !== 'sqlite' && searchIndex !== 'postgres' && searchIndex !== 'elasticsearch') {
    throw new ConfigError('PAGELOG_SEARCH_INDEX', `must be "sqlite", "postgres" or "elasticsearch", got "${env.PAGELOG_SEARCH_INDEX}"`);
  }
  if (searchIndex === 'postgres' && !databaseUrl) throw new ConfigError('DATABASE_URL', 'is required when PAGELOG_SEARCH_INDEX=postgres');
  const elasticsearchUrl = url(env, 'ELASTICSEARCH_URL');
  if (searchIndex === 'elasticsearch' && !elasticsearchUrl) throw new ConfigError('ELASTICSEARCH_URL', 'is required when PAGELOG_SEARCH_INDEX=elasticsearch');
  const elasticsearchPrefix = env.PAGELOG_ELASTICSEARCH_PREFIX ?? 'pagelog';
  if (!/^[a-z0-9][a-z0-9_-]{0,40}$/.test(elasticsearchPrefix)) {
    throw new ConfigError('PAGELOG_ELASTICSEARCH_PREFIX', 'must be 1–41 lower-case letters, digits, "_" or "-", starting with a letter or digit');
  }
  const blobStore = (env.PAGELOG_BLOB_STORE ?? (store === 'postgres' ? 'postgres' : 'files')).toLowerCase();
  if (blobStore !== 'files' && blobStore !== 'postgres' && blobStore !== 's3') {
    throw new ConfigError('PAGELOG_BLOB_STORE', `must be "files", "postgres" or "s3", got "${env.PAGELOG_BLOB_STORE}"`);
  }
  if (blobStore === 'postgres' && !databaseUrl) throw new ConfigError('DATABASE_URL', 'is required when PAGELOG_BLOB_STORE=postgres');
  // Kept as written: the credentials in it must not be normalised away.
  const s3Url = env.S3_URL || null;
  if (s3Url !== null && !URL.canParse(s3Url)) throw new ConfigError('S3_URL', 'must be a URL');
  if (blobStore === 's3' && !s3Url) throw new ConfigError('S3_URL', 'is required when PAGELOG_BLOB_STORE=s3');
  const pgSchema = env.PAGELOG_PG_SCHEMA ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(pgSchema)) throw new ConfigError('PAGELOG_PG_SCHEMA', 'must be a lower-case SQL identifier');
  const locales = localeList(env, 'PAGELOG_LOCALES', ['nl-nl', 'en-gb']);
  if (locales.length === 0) throw new ConfigError('PAGELOG_LOCALES', 'must name at least one locale');
  const defaultLocale = (env.PAGELOG_DEFAULT_LOCALE ?? locales[0]) as Locale;
  if (!locales.includes(defaultLocale)) throw new ConfigError('PAGELOG_DEFAULT_LOCALE', `must be one of PAGELOG_LOCALES (${locales.join(', ')})`);
  const customSlugLocales = localeList(env, 'PAGELOG_CUSTOM_SLUG_LOCALES', []);
  const secret = env.PAGELOG_SECRET || null;
  if (secret !== null && secret.length < 32) throw new ConfigError('PAGELOG_SECRET', 'must be at least 32 characters');
  const redisUrl = url(env, 'REDIS_URL');
  const sessionStore = (env.PAGELOG_SESSION_STORE ?? (redisUrl ? 'redis' : 'sqlite')).toLowerCase();
  if (sessionStore !== 'sqlite' && sessionStore !== 'redis') {
    throw new ConfigError('PAGELOG_SESSION_STORE', `must be "sqlite" or "redis", got "${env.PAGELOG_SESSION_STORE}"`);
  }
  if (sessionStore === 'redis' && !redisUrl) throw new ConfigError('REDIS_URL', 'is required when PAGELOG_SESSION_STORE=redis');
  const adminEmail = env.PAGELOG_ADMIN_EMAIL || null;
  const adminPassword = env.PAGELOG_ADMIN_PASSWORD || null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError(adminEmail ? 'PAGELOG_ADMIN_PASSWORD' : 'PAGELOG_ADMIN_EMAIL', 'must be set together with the other one of PAGELOG_ADMIN_EMAIL / PAGELOG_ADMIN_PASSWORD');
  }
  const headersTimeoutMs = int(env, 'PAGELOG_HTTP_HEADERS_TIMEOUT_MS', defaultHttpLimits.headersTimeoutMs, 100, 600_000);
  const requestTimeoutMs = int(env, 'PAGELOG_HTTP_REQUEST_TIMEOUT_MS', defaultHttpLimits.requestTimeoutMs, 100, 3_600_000);
  if (requestTimeoutMs < headersTimeoutMs) throw new ConfigError('PAGELOG_HTTP_REQUEST_TIMEOUT_MS', `must not be shorter than PAGELOG_HTTP_HEADERS_TIMEOUT_MS (${headersTimeoutMs})`);
  const http: HttpLimits = {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: int(env, 'PAGELOG_HTTP_KEEP_ALIVE_TIMEOUT_MS', defaultHttpLimits.keepAliveTimeoutMs, 0, 600_000),
    maxConnections: int(env, 'PAGELOG_HTTP_MAX_CONNECTIONS', defaultHttpLimits.maxConnections, 1, 1_000_000),
  };
  const pgTimeouts: PgTimeouts = {
    connectMs: int(env, 'PAGELOG_PG_CONNECT_TIMEOUT_MS', defaultPgTimeouts.connectMs, 100, 600_000),
    queryMs: int(env, 'PAGELOG_PG_QUERY_TIMEOUT_MS', defaultPgTimeouts.queryMs, 1000, 3_600_000),
    idleInTransactionMs: int(env, 'PAGELOG_PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', defaultPgTimeouts.idleInTransactionMs, 1000, 3_600_000),
  };
  const redisTimeouts: RedisTimeouts = {
    connectMs: int(env, 'PAGELOG_REDIS_CONNECT_TIMEOUT_MS', defaultRedisTimeouts.connectMs, 100, 600_000),
    commandMs: int(env, 'PAGELOG_REDIS_COMMAND_TIMEOUT_MS', defaultRedisTimeouts.commandMs, 100, 600_000),
  };
  // A command's own bound: waiting for a connection, then its slowest query.
  const serviceBoundMs = pgTimeouts.connectMs + pgTimeouts.queryMs;
  const gatewayTimeoutMs = int(env, 'PAGELOG_GATEWAY_TIMEOUT_MS', Math.max(30_000, serviceBoundMs + 5_000), 1000, 3_600_000);
  if (gatewayTimeoutMs <= serviceBoundMs) {
    throw new ConfigError('PAGELOG_GATEWAY_TIMEOUT_MS', `must be longer than a service's own bound (PAGELOG_PG_CONNECT_TIMEOUT_MS + PAGELOG_PG_QUERY_TIMEOUT_MS = ${serviceBoundMs})`);
  }
  const cacheInvalidation = (env.PAGELOG_CACHE_INVALIDATION ?? (redisUrl ? 'redis' : databaseUrl ? 'postgres' : 'local')).toLowerCase();
  if (cacheInvalidation !== 'local' && cacheInvalidation !== 'postgres' && cacheInvalidation !== 'redis') {
    throw new ConfigError('PAGELOG_CACHE_INVALIDATION', `must be "local", "postgres" or "redis", got "${env.PAGELOG_CACHE_INVALIDATION}"`);
  }
  if (cacheInvalidation === 'redis' && !redisUrl) throw new ConfigError('REDIS_URL', 'is required when PAGELOG_CACHE_INVALIDATION=redis');
  if (cacheInvalidation === 'postgres' && !databaseUrl) throw new ConfigError('DATABASE_URL', 'is required when PAGELOG_CACHE_INVALIDATION=postgres');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.PAGELOG_DATA_DIR ?? 'data'),
    store,
    eventStore,
    readModelStore,
    databaseUrl,
    kurrentDbUrl,
    mongoDbUrl,
    searchIndex,
    elasticsearchUrl,
    elasticsearchPrefix,
    blobStore,
    s3Url,
    pgSchema,
    publicUrl: url(env, 'PAGELOG_PUBLIC_URL') ?? `http://localhost:${port}`,
    siteName: env.PAGELOG_SITE_NAME ?? 'Pagelog',
    locales,
    defaultLocale,
    customSlugLocales,
    seed: bool(env, 'PAGELOG_SEED', true),
    logLevel: env.LOG_LEVEL ?? 'info',
    apiUrl: url(env, 'PAGELOG_API_URL'),
    commandServiceUrl: url(env, 'COMMAND_SERVICE_URL'),
    queryServiceUrl: url(env, 'QUERY_SERVICE_URL'),
    consistencyTimeoutMs: int(env, 'PAGELOG_CONSISTENCY_TIMEOUT_MS', 2000, 0, 30000),
    reactorLeaseMs: int(env, 'PAGELOG_REACTOR_LEASE_MS', 15000, 1000, 600000),
    schedulerIntervalMs: int(env, 'PAGELOG_SCHEDULER_INTERVAL_MS', 15000, 50, 600000),
    reindexChunkSize: int(env, 'PAGELOG_REINDEX_CHUNK_SIZE', 200, 1, 5000),
    reindexPauseMs: int(env, 'PAGELOG_REINDEX_PAUSE_MS', 0, 0, 10000),
    mediaCleanupGraceMs: int(env, 'PAGELOG_MEDIA_CLEANUP_GRACE_MS', 24 * 60 * 60 * 1000, 0, 365 * 24 * 60 * 60 * 1000),
    formRetentionSweepMs: int(env, 'PAGELOG_FORM_RETENTION_SWEEP_MS', 60 * 60 * 1000, 1000, 7 * 24 * 60 * 60 * 1000),
    secret,
    sessionStore,
    redisUrl,
    sessionIdleMinutes: decimal(env, 'PAGELOG_SESSION_IDLE_MINUTES', 60, 0.05, 7 * 24 * 60),
    sessionAbsoluteHours: decimal(env, 'PAGELOG_SESSION_ABSOLUTE_HOURS', 12, 0.01, 24 * 30),
    inactivityMinutes: decimal(env, 'PAGELOG_INACTIVITY_MINUTES', 30, 0.05, 24 * 60),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.PAGELOG_MAIL_FROM ?? 'Pagelog <no-reply@localhost>',
    adminEmail,
    adminPassword,
    trustProxy: bool(env, 'PAGELOG_TRUST_PROXY', false),
    http,
    pgTimeouts,
    redisTimeouts,
    gatewayTimeoutMs,
    cacheInvalidation,
    siteCacheMb: int(env, 'PAGELOG_SITE_CACHE_MB', 64, 0, 65_536),
    siteDocCache: bool(env, 'PAGELOG_SITE_DOC_CACHE', true),
  };
}
