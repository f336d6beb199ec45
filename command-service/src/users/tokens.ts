import { createHash, randomBytes } from 'node:crypto';

/** A link token: the user id (not secret) and 256 random bits; only the SHA-256 of the random part is stored. */
export function newToken(ownerId: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${ownerId}.${secret}`, tokenHash: hashToken(secret) };
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Splits a token into its owner and the hash of its secret; null when it is not shaped like one. */
export function parseToken(token: string): { ownerId: string; tokenHash: string } | null {
  const m = /^([0-9a-zA-Z-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  return m ? { ownerId: m[1]!, tokenHash: hashToken(m[2]!) } : null;
}

export const ACTIVATION_TTL_MS = 7 * 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;
export const SETUP_TTL_MS = 24 * 3600_000;
