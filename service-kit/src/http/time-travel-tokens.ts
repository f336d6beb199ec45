import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<position>.<expiry>.<signature>`: base 36, base 36, base64url. */
const tokenShape = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A moment a token opens, and until when (epoch ms). */
export interface OpenedMoment {
  position: number;
  expiresAt: number;
}

/**
 * The tokens of time-travel links (issue 17): a position of the log and an expiry, signed with a
 * key derived from the server secret for this purpose alone. Nothing is stored; whoever holds a
 * token may browse the public site as it was after the event at that position until it expires,
 * and nothing else: it names no session and grants no permission.
 */
export class TimeTravelTokens {
  constructor(
    /** A key of its own (deriveKey(secret, 'time-travel')), never the secret itself. */
    private readonly key: Buffer,
    private readonly clock: () => number = Date.now,
  ) {}

  private sign(position: string, expiry: string): string {
    return createHmac('sha256', this.key).update(`time-travel:${position}.${expiry}`).digest('base64url');
  }

  issue(position: number, ttlMs: number): { token: string; expiresAt: number } {
    const expiresAt = this.clock() + ttlMs;
    const p = position.toString(36);
    const e = expiresAt.toString(36);
    return { token: `${p}.${e}.${this.sign(p, e)}`, expiresAt };
  }

  /** The moment a token opens, if this server signed it and it has not expired; else null. */
  open(token: string): OpenedMoment | null {
    const parts = tokenShape.exec(token);
    if (!parts) return null;
    const [, p, e, signature] = parts as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(p, e));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = parseInt(e, 36);
    if (!(this.clock() < expiresAt)) return null;
    return { position: parseInt(p, 36), expiresAt };
  }
}
