import { Redis } from 'ioredis';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { Admission, AdmissionRequest, AttemptCount, SessionRecord, SessionStore } from './session-store';

export type RedisSessionStoreOptions =
  /** The caller owns the client: close() leaves it connected. */
  | { client: Redis; prefix?: string }
  /** The store opens its own client and close() quits it. */
  | { url: string; prefix?: string };

// Each script is one atomic step on the server. Keys other than KEYS[1..] are built inside the
// scripts from a prefix, which is fine on one Redis server but not on a cluster.

/** KEYS: session, user set (only for a signed-in user). ARGV: id, userId, csrfToken, createdAt, lastSeenAt, expiresAt, session key prefix. */
const createScript = `
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'csrfToken', ARGV[3], 'createdAt', ARGV[4], 'lastSeenAt', ARGV[5], 'expiresAt', ARGV[6])
if #KEYS > 1 then
  redis.call('HSET', KEYS[1], 'userId', ARGV[2])
  -- Forget the ids of sessions that have expired meanwhile, so the set does not grow for ever.
  for _, other in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    if redis.call('EXISTS', ARGV[7] .. other) == 0 then redis.call('SREM', KEYS[2], other) end
  end
  redis.call('SADD', KEYS[2], ARGV[1])
  if redis.call('PEXPIRETIME', KEYS[2]) < tonumber(ARGV[6]) then redis.call('PEXPIREAT', KEYS[2], ARGV[6]) end
end
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
`;

/** KEYS: session. ARGV: lastSeenAt, expiresAt, user set prefix. */
const touchScript = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local userId = redis.call('HGET', KEYS[1], 'userId')
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1], 'expiresAt', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
if userId then
  local set = ARGV[3] .. userId
  if redis.call('PEXPIRETIME', set) < tonumber(ARGV[2]) then redis.call('PEXPIREAT', set, ARGV[2]) end
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
 * KEYS: the limits' counters, then the throttle's counter if there is one. ARGV: now, windowMs,
 * the number of limits, each limit, then (with a throttle) free, baseDelayMs, maxDelayMs,
 * maxWaitMs. Answers {1, waitMs} when admitted (every counter counted) or {0, retryAfterMs}
 * (nothing counted). One script, so no two attempts can both take the last one a limit allows.
 * The throttle's arithmetic is throttleSlot's (throttle-slot.ts).
 */
const admitScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local nLimits = tonumber(ARGV[3])
local function live(key)
  local s = redis.call('HMGET', key, 'count', 'resetAt', 'nextAt')
  local c, r, n = tonumber(s[1]), tonumber(s[2]), tonumber(s[3])
  if not c or not r or r <= now then return 0, now + window, nil end
  return c, r, n
end
local function put(key, count, resetAt, nextAt)
  redis.call('HSET', key, 'count', count, 'resetAt', string.format('%.0f', resetAt))
  if nextAt then redis.call('HSET', key, 'nextAt', string.format('%.0f', nextAt)) else redis.call('HDEL', key, 'nextAt') end
  redis.call('PEXPIRE', key, string.format('%.0f', math.max(resetAt - now, 1)))
end
local retry = 0
for i = 1, nLimits do
  local c, r = live(KEYS[i])
  if c >= tonumber(ARGV[3 + i]) then retry = math.max(retry, r - now) end
end
if retry > 0 then return { 0, string.format('%.0f', retry) } end
local wait = 0
local tc, tr, tn
local nextAt = nil
if #KEYS > nLimits then
  tc, tr, tn = live(KEYS[nLimits + 1])
  local free = tonumber(ARGV[4 + nLimits])
  local base = tonumber(ARGV[5 + nLimits])
  local maxDelay = tonumber(ARGV[6 + nLimits])
  local maxWait = tonumber(ARGV[7 + nLimits])
  local nth = tc + 1
  nextAt = tn
  if nth > free then
    local delay = math.min(base * 2 ^ math.min(nth - free - 1, 40), maxDelay)
    local at = math.max(now, tn or now)
    wait = at - now
    if wait > maxWait then return { 0, string.format('%.0f', wait - maxWait) } end
    nextAt = at + delay
  end
end
for i = 1, nLimits do
  local c, r, n = live(KEYS[i])
  put(KEYS[i], c + 1, r, n)
end
if #KEYS > nLimits then put(KEYS[nLimits + 1], tc + 1, tr, nextAt) end
return { 1, string.format('%.0f', wait) }
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
 * Sessions and attempt counters in Redis (7.0 or later, for PEXPIRETIME).
 *
 * * `<prefix>session:<id>`: a hash per session, expiring (PEXPIREAT) at its expiresAt.
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
      this.client = new Redis(options.url);
      // Failures reach callers as rejected commands; without a listener ioredis would also
      // print every reconnect error.
      this.client.on('error', () => {});
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
    const keys = [...request.limits.map((l) => this.attemptKey(l.key)), ...(request.throttle ? [this.attemptKey(request.throttle.key)] : [])];
    const args = [String(Math.floor(now)), String(Math.ceil(request.windowMs)), String(request.limits.length), ...request.limits.map((l) => String(l.limit))];
    if (request.throttle) {
      const t = request.throttle;
      args.push(String(t.free), String(t.baseDelayMs), String(t.maxDelayMs), String(t.maxWaitMs));
    }
    const [admitted, ms] = (await this.call(() => this.client.eval(admitScript, keys.length, ...keys, ...args))) as [number, string];
    return Number(admitted) === 1 ? { admitted: true, waitMs: Number(ms) } : { admitted: false, retryAfterMs: Number(ms) };
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
