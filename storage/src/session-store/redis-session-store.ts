import { Redis } from 'ioredis';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { Admission, AdmissionRequest, AttemptCount, SessionRecord, SessionStore } from './session-store';

/** How long Redis may take (PAGELOG_REDIS_* in the configuration). */
export interface RedisTimeouts {
  /** To open the connection. */
  connectMs: number;
  /** For one command; a Redis that does not answer in time fails the request with 503. */
  commandMs: number;
}

export const defaultRedisTimeouts: RedisTimeouts = { connectMs: 5_000, commandMs: 2_000 };

export type RedisSessionStoreOptions =
  /** The caller owns the client: close() leaves it connected. */
  | { client: Redis; prefix?: string }
  /** The store opens its own client and close() quits it. */
  | { url: string; prefix?: string; timeouts?: RedisTimeouts; onStateChange?: (state: string, error?: Error) => void };

// Each script is one atomic step on the server. Keys other than KEYS[1..] are built inside the
// scripts from a prefix, which is fine on one Redis server but not on a cluster.

/**
 * KEYS: session, user set (only for a signed-in user). ARGV: id, userId, csrfToken, createdAt,
 * lastSeenAt, expiresAt, session key prefix. Keys live for what is left of the session as seen
 * from the caller's clock (expiresAt - lastSeenAt), never an absolute time of Redis's own clock:
 * a caller whose clock differs (a test's fake clock, a skewed host) keeps its sessions.
 */
const createScript = `
local ttl = math.max(tonumber(ARGV[6]) - tonumber(ARGV[5]), 1)
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'csrfToken', ARGV[3], 'createdAt', ARGV[4], 'lastSeenAt', ARGV[5], 'expiresAt', ARGV[6])
if #KEYS > 1 then
  redis.call('HSET', KEYS[1], 'userId', ARGV[2])
  -- Forget the ids of sessions that have expired meanwhile, so the set does not grow for ever.
  for _, other in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    if redis.call('EXISTS', ARGV[7] .. other) == 0 then redis.call('SREM', KEYS[2], other) end
  end
  redis.call('SADD', KEYS[2], ARGV[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], string.format('%.0f', ttl)) end
end
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', ttl))
`;

/** KEYS: session. ARGV: lastSeenAt, expiresAt, user set prefix. The key lives expiresAt - lastSeenAt from now. */
const touchScript = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local userId = redis.call('HGET', KEYS[1], 'userId')
local ttl = math.max(tonumber(ARGV[2]) - tonumber(ARGV[1]), 1)
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1], 'expiresAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', ttl))
if userId then
  local set = ARGV[3] .. userId
  if redis.call('PTTL', set) < ttl then redis.call('PEXPIRE', set, string.format('%.0f', ttl)) end
end
return 1
`;

/** KEYS: session. ARGV: id, user set prefix. */
const destroyScript = `
local userId = redis.call('HGET', KEYS[1], 'userId')
redis.call('DEL', KEYS[1])
if userId then redis.call('SREM', ARGV[2] .. userId, ARGV[1]) end
`;

/** KEYS: user set. ARGV: id to keep ('' for none), session key prefix. Answers how many sessions ended. */
const destroyForUserScript = `
local ended = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= ARGV[1] then
    ended = ended + redis.call('DEL', ARGV[2] .. id)
    redis.call('SREM', KEYS[1], id)
  end
end
return ended
`;

/**
 * KEYS: the limits' counters. ARGV: now, windowMs, each limit. Answers {1, 0} when admitted
 * (every counter counted) or {0, retryAfterMs} (nothing counted). One script, so no two
 * attempts can both take the last one a limit allows.
 */
const admitScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local function live(key)
  local s = redis.call('HMGET', key, 'count', 'resetAt')
  local c, r = tonumber(s[1]), tonumber(s[2])
  if not c or not r or r <= now then return 0, now + window end
  return c, r
end
local refused = false
local retry = 1
for i = 1, #KEYS do
  local c, r = live(KEYS[i])
  if c >= tonumber(ARGV[2 + i]) then
    refused = true
    retry = math.max(retry, r - now)
  end
end
if refused then return { 0, string.format('%.0f', retry) } end
for i = 1, #KEYS do
  local c, r = live(KEYS[i])
  redis.call('HSET', KEYS[i], 'count', c + 1, 'resetAt', string.format('%.0f', r))
  redis.call('PEXPIRE', KEYS[i], string.format('%.0f', math.max(r - now, 1)))
end
return { 1, '0' }
`;

/**
 * KEYS: counter. ARGV: now, windowMs. The window is fixed at the first hit, from the caller's
 * clock; the key lives for what is left of the window as seen from that clock.
 */
const hitScript = `
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local count = tonumber(state[1])
local resetAt = tonumber(state[2])
if not count or not resetAt or resetAt <= now then
  count = 1
  resetAt = now + tonumber(ARGV[2])
else
  count = count + 1
end
local resetText = string.format('%.0f', resetAt)
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetText)
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', math.max(resetAt - now, 1)))
return { count, resetText }
`;

/** KEYS: counters. ARGV: now. Takes one attempt back from each live counter, never below 0. */
const releaseScript = `
local now = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local s = redis.call('HMGET', key, 'count', 'resetAt')
  local c, r = tonumber(s[1]), tonumber(s[2])
  if c and r and r > now and c > 0 then redis.call('HSET', key, 'count', c - 1) end
end
`;

/**
 * Sessions and attempt counters in Redis.
 *
 * * `<prefix>session:<id>`: a hash per session, expiring when what is left of it as seen from
 *   the caller's clock (expiresAt - lastSeenAt) has passed on Redis's.
 * * `<prefix>user-sessions:<userId>`: the ids of a user's sessions, for destroyForUser; it
 *   expires with the user's last session, and create drops ids whose sessions have gone.
 * * `<prefix>attempts:<key>`: a hash of count and resetAt, expiring with its window.
 *
 * Redis expires keys on its own clock; reads also take the caller's `now`, so a record whose
 * expiresAt (or resetAt) is not after `now` counts as absent even while Redis still holds it.
 */
export class RedisSessionStore implements SessionStore {
  private readonly client: Redis;
  private readonly ownsClient: boolean;
  private readonly prefix: string;

  constructor(options: RedisSessionStoreOptions) {
    if ('client' in options) {
      this.client = options.client;
      this.ownsClient = false;
    } else {
      const timeouts = options.timeouts ?? defaultRedisTimeouts;
      this.client = new Redis(options.url, {
        connectTimeout: timeouts.connectMs,
        commandTimeout: timeouts.commandMs,
        // A command waits for at most one reconnection, then fails (503) instead of queueing
        // behind an outage; ioredis keeps reconnecting in the background, with back-off.
        maxRetriesPerRequest: 1,
        keepAlive: 10_000,
        retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 7), 10_000),
      });
      // Failures reach callers as rejected commands; the state changes are worth a log line.
      let last = '';
      const report = (state: string, error?: Error) => {
        if (state === last) return;
        last = state;
        options.onStateChange?.(state, error);
      };
      this.client.on('error', (error: Error) => report('error', error));
      this.client.on('ready', () => report('ready'));
      this.client.on('reconnecting', () => report('reconnecting'));
      this.ownsClient = true;
    }
    this.prefix = options.prefix ?? 'pagelog:';
  }

  async create(record: SessionRecord): Promise<void> {
    const keys = record.userId === null ? [this.sessionKey(record.id)] : [this.sessionKey(record.id), this.userKey(record.userId)];
    await this.call(() => this.client.eval(
      createScript, keys.length, ...keys,
      record.id, record.userId ?? '', record.csrfToken,
      String(record.createdAt), String(record.lastSeenAt), String(record.expiresAt),
      this.sessionKey(''),
    ));
  }

  async get(id: string, now = Date.now()): Promise<SessionRecord | null> {
    const hash = await this.call(() => this.client.hgetall(this.sessionKey(id)));
    if (hash.csrfToken === undefined || hash.expiresAt === undefined) return null;
    const record: SessionRecord = {
      id,
      userId: hash.userId ?? null,
      csrfToken: hash.csrfToken,
      createdAt: Number(hash.createdAt),
      lastSeenAt: Number(hash.lastSeenAt),
      expiresAt: Number(hash.expiresAt),
    };
    return record.expiresAt > now ? record : null;
  }

  async touch(id: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    await this.call(() => this.client.eval(
      touchScript, 1, this.sessionKey(id), String(lastSeenAt), String(expiresAt), this.userKey(''),
    ));
  }

  async destroy(id: string): Promise<void> {
    await this.call(() => this.client.eval(destroyScript, 1, this.sessionKey(id), id, this.userKey('')));
  }

  async destroyForUser(userId: string, exceptId?: string): Promise<number> {
    const ended = await this.call(() => this.client.eval(
      destroyForUserScript, 1, this.userKey(userId), exceptId ?? '', this.sessionKey(''),
    ));
    return Number(ended);
  }

  async admit(request: AdmissionRequest, now = Date.now()): Promise<Admission> {
    if (request.limits.length === 0) return { admitted: true };
    const keys = request.limits.map((l) => this.attemptKey(l.key));
    const args = [String(Math.floor(now)), String(Math.ceil(request.windowMs)), ...request.limits.map((l) => String(l.limit))];
    const [admitted, ms] = (await this.call(() => this.client.eval(admitScript, keys.length, ...keys, ...args))) as [number, string];
    return Number(admitted) === 1 ? { admitted: true } : { admitted: false, retryAfterMs: Number(ms) };
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<AttemptCount> {
    const [count, resetAt] = (await this.call(() => this.client.eval(
      hitScript, 1, this.attemptKey(key), String(Math.floor(now)), String(Math.ceil(windowMs)),
    ))) as [number, string];
    return { count: Number(count), resetAt: Number(resetAt) };
  }

  async release(keys: readonly string[], now = Date.now()): Promise<void> {
    if (keys.length === 0) return;
    await this.call(() => this.client.eval(releaseScript, keys.length, ...keys.map((k) => this.attemptKey(k)), String(Math.floor(now))));
  }

  async peek(key: string, now = Date.now()): Promise<AttemptCount | null> {
    const [count, resetAt] = await this.call(() => this.client.hmget(this.attemptKey(key), 'count', 'resetAt'));
    if (count === null || resetAt === null || Number(resetAt) <= now) return null;
    return { count: Number(count), resetAt: Number(resetAt) };
  }

  async clear(key: string): Promise<void> {
    await this.call(() => this.client.del(this.attemptKey(key)));
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.quit().catch(() => this.client.disconnect());
  }

  private sessionKey(id: string): string {
    return `${this.prefix}session:${id}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}user-sessions:${userId}`;
  }

  private attemptKey(key: string): string {
    return `${this.prefix}attempts:${key}`;
  }

  /** A reply error is a bug and stays as it is; anything else means Redis cannot be reached. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'ReplyError') throw error;
      throw new StoreUnavailableError(error);
    }
  }
}
