import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unmaskCsrfToken } from '@pagelog/contracts/users/csrf-mask';
import type { Context } from 'koa';
import type { SessionRecord, SessionStore } from '@pagelog/storage/session-store/session-store';

export const SESSION_COOKIE = 'pagelog_sid';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** Mark the cookie Secure (everywhere except plain-http localhost). */
  secureCookie: boolean;
  /** Anonymous sessions (a CSRF token before login) live this long without use. */
  anonymousIdleMs?: number;
}

export type Clock = () => number;

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Answers whether cookies for this public URL may go without the Secure flag. */
export function isPlainHttpLocalhost(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]', '::1'].includes(url.hostname);
}

/**
 * Server-side sessions in an httpOnly, SameSite=Lax cookie. The cookie holds a random id; the
 * store only ever sees its SHA-256, so a leaked store does not hand out live sessions. Each
 * session carries its own CSRF token. A session ends after `idleMs` without a request and
 * `absoluteMs` after it began, whichever comes first.
 */
export class SessionManager {
  constructor(
    readonly store: SessionStore,
    readonly policy: SessionPolicy,
    readonly clock: Clock = Date.now,
  ) {}

  /** The request's live session, moving its idle deadline along. */
  async load(ctx: Context): Promise<SessionRecord | null> {
    const raw = ctx.cookies.get(SESSION_COOKIE);
    if (!raw || raw.length > 100) return null;
    const now = this.clock();
    const record = await this.store.get(hashId(raw), now);
    if (!record) return null;
    const absoluteEnd = record.createdAt + this.policy.absoluteMs;
    if (absoluteEnd <= now) {
      await this.store.destroy(record.id);
      return null;
    }
    // Record activity, but not on every request of a burst.
    if (now - record.lastSeenAt > 15_000) {
      const idle = record.userId ? this.policy.idleMs : (this.policy.anonymousIdleMs ?? this.policy.idleMs);
      record.lastSeenAt = now;
      record.expiresAt = Math.min(now + idle, absoluteEnd);
      await this.store.touch(record.id, record.lastSeenAt, record.expiresAt);
    }
    return record;
  }

  /** Starts a new session (a new id and a new CSRF token) and sets its cookie. */
  async start(ctx: Context, userId: string | null): Promise<SessionRecord> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock();
    const idle = userId ? this.policy.idleMs : (this.policy.anonymousIdleMs ?? this.policy.idleMs);
    const record: SessionRecord = {
      id: hashId(id),
      userId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: Math.min(now + idle, now + this.policy.absoluteMs),
    };
    await this.store.create(record);
    this.setCookie(ctx, id);
    ctx.state.session = record;
    return record;
  }

  /** Ends the request's session and clears its cookie. */
  async end(ctx: Context): Promise<void> {
    const record = ctx.state.session as SessionRecord | null | undefined;
    if (record) await this.store.destroy(record.id);
    ctx.state.session = null;
    this.setCookie(ctx, null);
  }

  /** Ends every session of a user (after deletion or a password reset), except `exceptId`. */
  endAllFor(userId: string, exceptId?: string): Promise<number> {
    return this.store.destroyForUser(userId, exceptId);
  }

  /** Whether `token` is this session's CSRF token (compared in constant time). */
  /** Whether a sent token is the session's, as it is or masked (the public site's pages carry it masked). */
  static tokenMatches(record: SessionRecord, token: string): boolean {
    const unmasked = unmaskCsrfToken(token);
    if (unmasked === null) return false;
    const a = Buffer.from(record.csrfToken);
    const b = Buffer.from(unmasked);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private setCookie(ctx: Context, value: string | null): void {
    if (this.policy.secureCookie) ctx.cookies.secure = true;
    ctx.cookies.set(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.policy.secureCookie,
      path: '/',
      overwrite: true,
      ...(value === null ? { expires: new Date(0) } : {}),
    });
  }
}
