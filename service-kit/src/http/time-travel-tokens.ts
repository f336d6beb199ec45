import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `<target>.<expiry>.<signature>`: the target is a position (base 36), `f-` and a future time
 * (epoch ms, base 36), or `r-` and a release's id (a UUID's 32 hex digits); the expiry is base
 * 36, the signature base64url.
 */
const tokenShape = /^((?:f-[0-9a-z]{1,12})|(?:r-[0-9a-f]{32})|[0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * What a link shows: the site as of a position of the log (the past), as it will be at a time
 * (the present with what is scheduled by then), or with a release's pages published (its preview).
 */
export type TimeTravelTarget = { kind: 'past'; position: number } | { kind: 'future'; at: number } | { kind: 'release'; releaseId: string };

/** Release ids are UUIDs: a token carries their hex digits, and only such ids get one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A moment a token opens, and until when (epoch ms). */
export type OpenedMoment = TimeTravelTarget & { expiresAt: number };

function targetText(target: TimeTravelTarget): string {
  switch (target.kind) {
    case 'past':
      return target.position.toString(36);
    case 'future':
      return `f-${target.at.toString(36)}`;
    case 'release':
      if (!UUID.test(target.releaseId)) throw new TypeError(`not a release id: ${target.releaseId}`);
      return `r-${target.releaseId.replaceAll('-', '')}`;
  }
}

function targetOf(text: string): TimeTravelTarget {
  if (text.startsWith('f-')) return { kind: 'future', at: parseInt(text.slice(2), 36) };
  if (text.startsWith('r-')) {
    const hex = text.slice(2);
    return { kind: 'release', releaseId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
  }
  return { kind: 'past', position: parseInt(text, 36) };
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

  /** A link to a position of the log (a number), or to the site as it will be at a time. */
  issue(target: number | TimeTravelTarget, ttlMs: number): { token: string; expiresAt: number } {
    const expiresAt = this.clock() + ttlMs;
    const p = targetText(typeof target === 'number' ? { kind: 'past', position: target } : target);
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
    return { ...targetOf(p), expiresAt };
  }
}
