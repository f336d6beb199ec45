import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_TTL_MS } from '@pagelog/contracts/forms/gated-download';
import { deriveKey } from '@pagelog/storage/key-store/personal-data-vault';

/** `<expiry in epoch seconds>.<mac>`: digits and an HMAC-SHA256 in base64url. */
const tokenShape = /^(\d{10,12})\.([A-Za-z0-9_-]{43})$/;

export type DownloadTokenCheck = 'valid' | 'invalid' | 'expired';

/**
 * The token of a download link handed out after the download form (issue 16): the link's expiry
 * and an HMAC of the page, the file's group and bytes and that expiry, keyed with a key derived
 * from the server secret for this purpose alone. Nothing is stored; a token opens that one file
 * of that one page until it expires, and no other.
 */
export class DownloadTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number = DOWNLOAD_LINK_TTL_MS,
  ) {
    this.key = deriveKey(secret, 'gated-download');
  }

  private mac(pageId: string, group: string, hash: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.key).update(`gated-download:${pageId}:${group}:${hash}:${expiresAtSeconds}`).digest('base64url');
  }

  /** A token for the file, good for the TTL from `now` (epoch ms), and when it expires. */
  issue(pageId: string, group: string, hash: string, now: number): { token: string; expiresAt: number } {
    const expiresAtSeconds = Math.ceil((now + this.ttlMs) / 1000);
    return { token: `${expiresAtSeconds}.${this.mac(pageId, group, hash, expiresAtSeconds)}`, expiresAt: expiresAtSeconds * 1000 };
  }

  /** Whether the token is this server's for that file of that page (compared in constant time), and still good at `now`. */
  check(token: string | undefined, pageId: string, group: string, hash: string, now: number): DownloadTokenCheck {
    const parts = tokenShape.exec(token ?? '');
    if (!parts) return 'invalid';
    const expiresAtSeconds = Number(parts[1]);
    const given = Buffer.from(parts[2]!);
    const expected = Buffer.from(this.mac(pageId, group, hash, expiresAtSeconds));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return now < expiresAtSeconds * 1000 ? 'valid' : 'expired';
  }
}
