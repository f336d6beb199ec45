import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { FORM_CSRF_COOKIE, FORM_CSRF_TOKEN_TTL_MS, FORMS_PATH } from '@pagelog/contracts/site/form-csrf';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';

/** Only what a token may look like: `<random>.<expiry>.<signature>` in base64url and base 36. */
const tokenShape = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The public forms' CSRF protection without a session (decision 0016): a signed double-submit
 * token. The token is random, carries its expiry, and is signed with a key derived from the
 * server secret, so nobody can make one that the server accepts (a sibling subdomain that plants a
 * cookie cannot make it valid). A form sends it back in the X-CSRF-Token header, which a
 * cross-site page cannot set without a CORS preflight that Pagelog never allows; the header must
 * equal the cookie the token came with.
 */
export class FormCsrf {
  constructor(
    /** A key of its own (deriveKey(secret, 'form-csrf')), never the secret itself. */
    private readonly key: Buffer,
    /** Mark the cookie Secure (everywhere except plain-http localhost), as the session cookie. */
    private readonly secureCookie: boolean,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs: number = FORM_CSRF_TOKEN_TTL_MS,
  ) {}

  private sign(random: string, expiry: string): string {
    return createHmac('sha256', this.key).update(`${random}.${expiry}`).digest('base64url');
  }

  /** A fresh token, good for ttlMs. */
  issue(): string {
    const random = randomBytes(16).toString('base64url');
    const expiry = (this.clock() + this.ttlMs).toString(36);
    return `${random}.${expiry}.${this.sign(random, expiry)}`;
  }

  /** Whether a token is one this server made (under this key) and has not expired. */
  isValid(token: string): boolean {
    const parts = tokenShape.exec(token);
    if (!parts) return false;
    const [, random, expiry, signature] = parts as unknown as [string, string, string, string];
    if (!sameText(signature, this.sign(random, expiry))) return false;
    return parseInt(expiry, 36) > this.clock();
  }

  /** Hands out a token: sets its cookie (only the form endpoints get it back) and answers it. */
  handOut(ctx: Context): string {
    const token = this.issue();
    if (this.secureCookie) ctx.cookies.secure = true;
    ctx.cookies.set(FORM_CSRF_COOKIE, token, {
      path: FORMS_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookie,
      maxAge: this.ttlMs,
      overwrite: true,
    });
    // A token per answer: no shared cache may keep one.
    ctx.set('Cache-Control', 'no-store');
    return token;
  }

  /** Whether a form submission carries a good token in its header, the same as its cookie. */
  verify(ctx: Context): boolean {
    const header = ctx.get(CSRF_HEADER);
    const cookie = ctx.cookies.get(FORM_CSRF_COOKIE) ?? '';
    if (header === '' || cookie === '') return false;
    return sameText(header, cookie) && this.isValid(header);
  }
}

/** Constant-time comparison of two strings (false for different lengths, which are not secret). */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
