/**
 * A CSRF token written into a compressed page (the public site's csrf-token meta element) is
 * masked afresh for every answer: a random pad and the token XOR the pad. Compression can then
 * tell an attacker nothing about the token (BREACH), because its bytes differ every time; the
 * server unmasks before comparing. Browser-safe: Web Crypto and btoa/atob only.
 */

const PREFIX = 'm1.';

/** What browsers and Node 20 both offer globally (contracts compiles without the DOM library). */
const web = globalThis as unknown as {
  btoa(data: string): string;
  atob(data: string): string;
  crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
};

const toBase64Url = (bytes: Uint8Array) => web.btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = web.atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c: string) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The token (ASCII, as sessions hand it out) masked with a new random pad. */
export function maskCsrfToken(token: string): string {
  const bytes = Uint8Array.from(token, (c) => c.charCodeAt(0) & 0xff);
  const pad = web.crypto.getRandomValues(new Uint8Array(bytes.length));
  return `${PREFIX}${toBase64Url(pad)}.${toBase64Url(bytes.map((b, i) => b ^ pad[i]!))}`;
}

/** The token a masked one stands for; a token that is not masked as it is; null for a malformed mask. */
export function unmaskCsrfToken(value: string): string | null {
  if (!value.startsWith(PREFIX)) return value;
  const [padText, maskedText, ...rest] = value.slice(PREFIX.length).split('.');
  if (padText === undefined || maskedText === undefined || rest.length > 0) return null;
  const pad = fromBase64Url(padText);
  const masked = fromBase64Url(maskedText);
  if (!pad || !masked || pad.length !== masked.length) return null;
  return String.fromCharCode(...masked.map((b, i) => b ^ pad[i]!));
}
