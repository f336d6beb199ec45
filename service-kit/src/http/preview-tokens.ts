import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PublicPageView } from '@pagelog/contracts/pages/page';

/** How long a preview token opens its draft: long enough to look, short enough not to become a link. */
export const PREVIEW_TTL_MS = 30 * 60_000;
/** How long a stored version's preview link works: a reviewer has a few days to look. */
export const VERSION_LINK_TTL_MS = 7 * 24 * 3600_000;

/** What a token holds: a draft as it was on screen, or a stored version by its id (a link). */
export type PreviewContent = { kind: 'draft'; page: PublicPageView } | { kind: 'version'; versionID: string };

/** `<payload>.<expiry>.<signature>`: base64url, base 36, base64url. */
const tokenShape = /^([A-Za-z0-9_-]+)\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * A page as an editor has it on screen (saved or not), sealed for the public site to render as
 * a preview (issue 14): the draft itself travels in the token, signed with a key derived from the
 * server secret and carrying its expiry, so nothing is stored, nobody can make one the server
 * opens, and the site (which holds no secret) asks the API to open it. Whoever holds a token
 * sees that one draft until it expires; it names no session and grants nothing else.
 */
export class PreviewTokens {
  constructor(
    /** A key of its own (deriveKey(secret, 'page-preview')), never the secret itself. */
    private readonly key: Buffer,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs: number = PREVIEW_TTL_MS,
  ) {}

  private sign(payload: string, expiry: string): string {
    return createHmac('sha256', this.key).update(`${payload}.${expiry}`).digest('base64url');
  }

  private sealContent(content: PreviewContent, ttlMs: number): string {
    const payload = Buffer.from(JSON.stringify(content), 'utf8').toString('base64url');
    const expiry = (this.clock() + ttlMs).toString(36);
    return `${payload}.${expiry}.${this.sign(payload, expiry)}`;
  }

  /** A draft as the editor has it on screen, for the next half hour. */
  seal(page: PublicPageView): string {
    return this.sealContent({ kind: 'draft', page }, this.ttlMs);
  }

  /**
   * A stored version, for a link a reviewer can open (and share) for a week: small enough for a
   * URL, as it names the version instead of holding it. Answers the token and when it expires.
   */
  sealVersion(versionID: string, ttlMs: number = VERSION_LINK_TTL_MS): { token: string; expiresAt: number } {
    return { token: this.sealContent({ kind: 'version', versionID }, ttlMs), expiresAt: this.clock() + ttlMs };
  }

  /** What a token holds, if this server sealed it (under this key) and it has not expired; else null. */
  open(token: string): PreviewContent | null {
    const parts = tokenShape.exec(token);
    if (!parts) return null;
    const [, payload, expiry, signature] = parts as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(payload, expiry));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (parseInt(expiry, 36) <= this.clock()) return null;
    try {
      const content = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreviewContent;
      return content.kind === 'draft' || content.kind === 'version' ? content : null;
    } catch {
      return null;
    }
  }
}
