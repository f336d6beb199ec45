import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { POSITION_HEADER } from '@pagelog/contracts/envelope';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, isIdempotencyKey, type EndpointName } from '@pagelog/contracts/endpoints';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError, ValidationError } from '@pagelog/contracts/domain-errors';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore } from '@pagelog/storage/idempotency-store/idempotency-store';
import { isStoreTrouble } from '@pagelog/storage/store-errors';

/**
 * Idempotent commands (decision 0007). A command sent with an Idempotency-Key is recorded under
 * (caller and endpoint, key) with a fingerprint of what it asks for; a retry with the same key
 * and request is answered with the stored answer of the first success, without running again.
 */

/**
 * A run older than this is taken to have died (its process was killed) and another may take the
 * key over. It is longer than any command takes: a create gives up after 20 s (claims), a store
 * call after its query timeout, contention after 10 s. Should a live run outlast it, the two
 * write with the same event ids, so the event store keeps each write once.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** Retry-After of a 409 for a key whose first request is still at work: soon, as it usually ends soon. */
const IN_USE_RETRY_AFTER_MAX_MS = 5_000;

/**
 * What a handler needs to know of a keyed command: who sent it, the key, and when its first
 * attempt began (the command context makes its ids from these, the same on every attempt).
 */
export interface CommandIdentity {
  scope: string;
  key: string;
  /** Epoch ms. */
  startedAt: number;
}

const IDENTITY_STATE = 'commandIdentity';
const ADMIT_BODY_STATE = 'idempotentBody';

/** The identity of the request's command when it came with an Idempotency-Key, else undefined. */
export function commandIdentity(ctx: Context): CommandIdentity | undefined {
  return ctx.state[IDENTITY_STATE] as CommandIdentity | undefined;
}

/**
 * Thrown through a handler that reads its own body (an upload) when the key's stored answer has
 * been given instead: the handler must not go on. Caught by the command route.
 */
export class AlreadyAnswered extends Error {
  constructor() {
    super('answered with the stored result of an earlier request with the same Idempotency-Key');
  }
}

/**
 * For a command that reads its own body (multipart): names what it read, once it has, so a keyed
 * request's fingerprint covers it. Throws AlreadyAnswered when an earlier attempt's answer was
 * given; without a key it does nothing.
 */
export async function admitBody(ctx: Context, digest: string): Promise<void> {
  const admit = ctx.state[ADMIT_BODY_STATE] as ((digest: string) => Promise<boolean>) | undefined;
  if (admit && !(await admit(digest))) throw new AlreadyAnswered();
}

/** The stored answer: what the client saw. */
interface StoredAnswer {
  status: number;
  body: unknown;
  position: string | null;
}

/**
 * HMAC-SHA-256 (hex), keyed by the Idempotency-Key, of JSON with the keys of every object sorted,
 * so equal values give equal digests. Keyed, because a request's body may hold a password or an
 * address: a plain digest of it in the table could be matched against guesses; this one only by
 * whoever has the key, which the table does not hold.
 */
export function canonicalDigest(value: unknown, key: string): string {
  const json = JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
  return createHmac('sha256', key).update(json ?? 'undefined').digest('hex');
}

/**
 * The answer is sealed (AES-256-GCM) with a key made from the Idempotency-Key, which the table
 * does not hold (only its digest): the stored copy of an answer (a user's name and address, say)
 * can be read only by the client that has the key, and is gone for good with it.
 */
function answerKey(scope: string, key: string): Buffer {
  return createHash('sha256').update(`pagelog idempotent answer\u0000${scope}\u0000${key}`).digest();
}

function seal(scope: string, key: string, answer: StoredAnswer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', answerKey(scope, key), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function open(scope: string, key: string, stored: string): StoredAnswer {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', answerKey(scope, key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as StoredAnswer;
}

/**
 * Who a key belongs to: the signed-in user (so a retry after a new login still finds it), else
 * the anonymous session; and the endpoint. Null when there is neither user nor session (every
 * state-changing call needs a session; the key is then not used).
 */
function scopeOf(ctx: Context, name: EndpointName): string | null {
  const user = ctx.state.user as { userId?: string } | null | undefined;
  const session = ctx.state.session as { id?: string } | null | undefined;
  const caller = user?.userId ? `user:${user.userId}` : session?.id ? `session:${session.id}` : null;
  return caller ? `${name} ${caller}` : null;
}

/**
 * The Idempotency-Key of a request: null when it has none, 400 V_12 naming the header when it is
 * not 1-128 characters of letters, digits, `_`, `.`, `:` and `-`.
 */
export function idempotencyKeyOf(ctx: Context, model: string): string | null {
  const raw = ctx.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !isIdempotencyKey(raw)) throw ValidationError.of('V_12', IDEMPOTENCY_KEY_HEADER, model);
  return raw;
}

/** Whether an answer can be given again as it was: a success, in JSON, that starts or ends no session. */
function replayable(ctx: Context): boolean {
  const body = ctx.body as unknown;
  const json = body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
  return ctx.status >= 200 && ctx.status < 300 && json && !ctx.res.hasHeader('Set-Cookie');
}

/**
 * One keyed request to a command: `admit` records it (or answers it from the record), `succeeded`
 * and `failed` record how it ended. A failure leaves the key free for a retry of the same request
 * (which finds in the log whatever this attempt wrote); only successes are stored, so a refusal
 * (4xx) is decided again on a retry, against the state of then.
 */
export class KeyedCommand {
  private lease: string | null = null;
  private readonly keyDigest: string;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly name: EndpointName,
    private readonly model: string,
    private readonly scope: string,
    private readonly key: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.keyDigest = createHash('sha256').update(key).digest('hex');
  }

  /** The keyed command of a request, or null when it has no key (or no caller to scope it to). */
  static of(ctx: Context, store: IdempotencyStore, name: EndpointName, model: string, clock?: () => number): KeyedCommand | null {
    const key = idempotencyKeyOf(ctx, model);
    if (key === null) return null;
    const scope = scopeOf(ctx, name);
    return scope === null ? null : new KeyedCommand(store, name, model, scope, key, clock);
  }

  /**
   * Before the handler: answers false when the request was answered with the stored result;
   * throws 422 when the key came with another request, 409 (Retry-After) while its first request
   * is still at work. `body` is the parsed input, or a digest of what an upload read.
   */
  async admit(ctx: Context, body: unknown): Promise<boolean> {
    const fingerprint = canonicalDigest({ method: ctx.method, endpoint: this.name, params: ctx.params ?? {}, body }, this.key);
    const outcome = await this.store.begin(this.scope, this.keyDigest, {
      fingerprint,
      now: this.clock(),
      leaseMs: IDEMPOTENCY_LEASE_MS,
      ttlMs: IDEMPOTENCY_TTL_MS,
      lease: randomUUID(),
    });
    switch (outcome.kind) {
      case 'run':
        this.lease = outcome.lease;
        ctx.state[IDENTITY_STATE] = { scope: this.scope, key: this.key, startedAt: outcome.startedAt } satisfies CommandIdentity;
        return true;
      case 'done': {
        const answer = open(this.scope, this.key, outcome.response);
        ctx.status = answer.status;
        ctx.body = answer.body;
        if (answer.position !== null) ctx.set(POSITION_HEADER, answer.position);
        ctx.set(IDEMPOTENT_REPLAY_HEADER, 'true');
        return false;
      }
      case 'running':
        throw new IdempotencyKeyInUseError(Math.ceil(Math.min(outcome.retryAfterMs, IN_USE_RETRY_AFTER_MAX_MS) / 1000), this.model);
      case 'mismatch':
        throw new IdempotencyKeyReusedError(this.model);
    }
  }

  /** For a handler that reads its own body: `admit` runs once it has (see admitBody). */
  deferAdmit(ctx: Context): void {
    ctx.state[ADMIT_BODY_STATE] = (digest: string) => this.admit(ctx, { digest });
  }

  /**
   * The handler answered: a success is stored for retries. Failing to store it does not fail the
   * command (it is done): a retry then runs again and finds its writes in the log.
   */
  async succeeded(ctx: Context): Promise<void> {
    if (this.lease === null) return;
    try {
      if (replayable(ctx)) {
        const position = ctx.response.get(POSITION_HEADER) as unknown;
        const answer: StoredAnswer = { status: ctx.status, body: ctx.body, position: position === undefined || position === '' ? null : String(position) };
        await this.store.complete(this.scope, this.keyDigest, seal(this.scope, this.key, answer));
      } else {
        await this.store.release(this.scope, this.keyDigest, this.lease);
      }
    } catch (error) {
      (ctx.state.log as Logger | undefined)?.warn({ err: error }, 'could not record the answer of a keyed command; a retry will run it again');
    }
  }

  /**
   * The handler failed: the key is free for a retry of the same request at once. After store
   * trouble (`cause`) the answer does not wait for that: the release would wait for the store's
   * timeout again, so it goes on after the answer.
   */
  async failed(ctx: Context, cause?: unknown): Promise<void> {
    if (this.lease === null) return;
    const released = this.store.release(this.scope, this.keyDigest, this.lease).catch((error: unknown) => {
      (ctx.state.log as Logger | undefined)?.warn({ err: error }, `could not release an Idempotency-Key; a retry waits up to ${IDEMPOTENCY_LEASE_MS / 1000} s`);
    });
    if (!isStoreTrouble(cause)) await released;
  }
}
