/**
 * Server-side sessions and attempt counters (login lockout). Neither is an event: they are
 * short-lived, and a session id must never reach the log. Keys are opaque to the store: the
 * caller passes the SHA-256 of the cookie's session id, never the id itself.
 */
export interface SessionRecord {
  /** SHA-256 (hex) of the session id in the cookie. */
  id: string;
  /** The signed-in user, or null for an anonymous session (which still carries a CSRF token). */
  userId: string | null;
  csrfToken: string;
  /** Epoch milliseconds. */
  createdAt: number;
  lastSeenAt: number;
  /** Epoch ms after which the session is gone: min(idle deadline, absolute deadline). */
  expiresAt: number;
}

export interface AttemptCount {
  count: number;
  /** Epoch ms when the window ends and the count starts again from 0. */
  resetAt: number;
}

/** A counter that refuses an attempt once it holds `limit` attempts in its window. */
export interface AttemptLimit {
  key: string;
  limit: number;
}

export interface AdmissionRequest {
  /** The length of a counter's window, fixed by its first attempt. */
  windowMs: number;
  limits: readonly AttemptLimit[];
}

/** Admitted (and counted under every limit), or refused until `retryAfterMs` from now (counted nowhere). */
export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

export interface SessionStore {
  create(record: SessionRecord): Promise<void>;
  /** The live session, or null when there is none or it has expired. */
  get(id: string, now?: number): Promise<SessionRecord | null>;
  /** Records activity: moves lastSeenAt and expiresAt. No-op for an unknown id. */
  touch(id: string, lastSeenAt: number, expiresAt: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a user except `exceptId`; answers how many ended. */
  destroyForUser(userId: string, exceptId?: string): Promise<number>;
  /**
   * One atomic step, before the attempt is worked on: when any limit's counter has reached its
   * limit, refuses and counts nothing; otherwise counts the attempt under every limit's key.
   * However many attempts arrive at once, no more are admitted than the limits allow.
   */
  admit(request: AdmissionRequest, now?: number): Promise<Admission>;
  /** Counts one event under `key` in a fixed window of `windowMs` starting at the first; answers the count. */
  hit(key: string, windowMs: number, now?: number): Promise<AttemptCount>;
  /** Takes one attempt back under each key (an attempt that turned out not to count), never below 0. */
  release(keys: readonly string[], now?: number): Promise<void>;
  /** The current count under `key`, or null when there is none (or its window has passed). */
  peek(key: string, now?: number): Promise<AttemptCount | null>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
