import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUBSCRIPTION_LINK_TTL_MS } from '@pagelog/contracts/forms/newsletter-confirmation';
import { deriveKey } from '@pagelog/storage/key-store/personal-data-vault';

/** `<submissionId>.<mac>`: a UUID and an HMAC-SHA256 in base64url. */
const tokenShape = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export type SubscriptionTokenCheck = 'valid' | 'invalid' | 'expired';

/**
 * The token of a newsletter's confirmation link (double opt-in, issue 16): the submission's id and
 * an HMAC of the id and the link's expiry (7 days after the submission), keyed with a key derived
 * from the server secret for this purpose alone. The expiry is not in the token: both sides take
 * it from the submission's time (the projector that mails the link, the command that checks it),
 * so the link stays short and nobody can stretch it. Nothing is stored: the log knows the
 * submission, and a confirmation is recorded once by its decider.
 */
export class SubscriptionTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number = SUBSCRIPTION_LINK_TTL_MS,
  ) {
    this.key = deriveKey(secret, 'newsletter-confirmation');
  }

  /** When the link of a submission made at `submittedAt` (epoch ms) stops working. */
  expiresAt(submittedAt: number): number {
    return submittedAt + this.ttlMs;
  }

  private mac(submissionId: string, submittedAt: number): string {
    return createHmac('sha256', this.key).update(`newsletter-confirmation:${submissionId}:${this.expiresAt(submittedAt)}`).digest('base64url');
  }

  issue(submissionId: string, submittedAt: number): string {
    return `${submissionId}.${this.mac(submissionId, submittedAt)}`;
  }

  /** The submission a token names, if it has a token's shape at all (before anything is looked up). */
  submissionOf(token: string): string | null {
    return tokenShape.exec(token)?.[1] ?? null;
  }

  /** Whether the token is this server's for that submission (compared in constant time), and still good at `now`. */
  check(token: string, submittedAt: number, now: number): SubscriptionTokenCheck {
    const parts = tokenShape.exec(token);
    if (!parts || !Number.isFinite(submittedAt)) return 'invalid';
    const given = Buffer.from(parts[2]!);
    const expected = Buffer.from(this.mac(parts[1]!, submittedAt));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return now < this.expiresAt(submittedAt) ? 'valid' : 'expired';
  }
}
