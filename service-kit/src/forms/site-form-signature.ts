import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@pagelog/storage/key-store/personal-data-vault';

/** The header the site process signs a form posted without JavaScript with (distributed mode). */
export const SITE_FORM_SIGNATURE_HEADER = 'X-Pagelog-Site-Form';

/** How long a signature is good for: the site sends it at once. */
const MAX_AGE_MS = 2 * 60_000;

const shape = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

/** What a signature covers: when, and which form with which values was sent from which page. */
export interface SignedSubmission {
  form: string;
  locale: string;
  pageId?: string | null;
  values: unknown;
}

const digest = (submission: SignedSubmission) =>
  createHash('sha256')
    .update(JSON.stringify([submission.form, submission.locale, submission.pageId ?? null, submission.values]))
    .digest('base64url');

/**
 * The site process's word that a form was posted to it without JavaScript (issue 16, distributed
 * mode): an HMAC, keyed from the secret the processes share, of the time and the submission. With
 * it the command takes the post as the embedded site's own (a form without script cannot say when
 * it was shown: that is no sign of a bot), as it does in-process; without it, or with one that
 * does not match or is old, the post is any script's.
 */
export class SiteFormSignatures {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'site-form-post');
  }

  private mac(at: number, submission: SignedSubmission): string {
    return createHmac('sha256', this.key).update(`site-form-post:${at}:${digest(submission)}`).digest('base64url');
  }

  sign(submission: SignedSubmission, now: number): string {
    return `${now}.${this.mac(now, submission)}`;
  }

  /** Whether the header is this secret's signature of this submission, made within the last two minutes. */
  verify(header: string | undefined, submission: SignedSubmission, now: number): boolean {
    const parts = shape.exec(header ?? '');
    if (!parts) return false;
    const at = Number(parts[1]);
    if (!(now - at <= MAX_AGE_MS && at - now <= 5_000)) return false;
    const given = Buffer.from(parts[2]!);
    const expected = Buffer.from(this.mac(at, submission));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
