import type { DownloadLink } from '@pagelog/contracts/forms/gated-download';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';
import { REQUEST_ID_HEADER, type Envelope, type ErrorItem } from '@pagelog/contracts/envelope';
import type { FormCsrfToken } from '@pagelog/contracts/site/form-csrf';
import type { SiteForms } from '@pagelog/contracts/site/site-forms';
import { ApiUnavailableError } from './site-api';

/**
 * The distributed site's forms (issue 16): a form posted without JavaScript goes to the API's
 * forms/submit as the script's call does, with a visitor token the site asks for first (its cookie
 * sent back with it) and the visitor's address in X-Forwarded-For (the API believes it only with
 * PAGELOG_TRUST_PROXY). With `sign` (the processes share PAGELOG_SECRET) the site signs the post
 * (header `signatureHeader`), and the API takes it as the embedded site's own: a form without
 * script cannot say when it was shown, which is then no sign of a bot. Without it the API cannot
 * tell such a post from a script's, so a first post without JavaScript is kept as suspected spam
 * for review.
 */
export function httpSiteForms({
  apiUrl,
  timeoutMs,
  sign,
  signatureHeader = 'X-Pagelog-Site-Form',
}: {
  apiUrl: string;
  timeoutMs: number;
  sign?: (submission: { form: string; locale: string; pageId: string | null; values: unknown }) => string;
  signatureHeader?: string;
}): SiteForms {
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async submit(submission, clientIp, requestId) {
      const trace = { [REQUEST_ID_HEADER]: requestId, 'X-Forwarded-For': clientIp };
      let tokenReply: Response;
      try {
        tokenReply = await fetch(`${base}/api/cms/forms/csrf-token`, { headers: { Accept: 'application/json', ...trace }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (cause) {
        throw new ApiUnavailableError('GET forms/csrf-token failed', { cause });
      }
      const token = ((await tokenReply.json().catch(() => ({}))) as Partial<Envelope<FormCsrfToken>>).data?.csrfToken;
      const cookie = (tokenReply.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
      if (!token || cookie === '') throw new ApiUnavailableError(`GET forms/csrf-token answered ${tokenReply.status} without a token`);
      let reply: Response;
      try {
        reply = await fetch(`${base}/api/cms/forms/submit`, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            [CSRF_HEADER]: token,
            Cookie: cookie,
            ...trace,
            ...(sign ? { [signatureHeader]: sign({ form: submission.form, locale: submission.locale, pageId: submission.pageId, values: submission.values }) } : {}),
          },
          body: JSON.stringify(submission),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new ApiUnavailableError('POST forms/submit failed', { cause });
      }
      if (reply.status >= 500) throw new ApiUnavailableError(`POST forms/submit answered ${reply.status}`);
      const envelope = (await reply.json().catch(() => ({}))) as Partial<Envelope<{ submissionId: string; download?: DownloadLink }>>;
      if (reply.status === 429) return { kind: 'throttled', retryAfterSeconds: Number(reply.headers.get('Retry-After') ?? '60') || 60 };
      if (reply.ok && envelope.Success && envelope.data) {
        const { submissionId, download } = envelope.data;
        return { kind: 'accepted', submissionId, ...(isDownloadLink(download) ? { download } : {}) };
      }
      const errors = Array.isArray(envelope.Errors) ? (envelope.Errors as ErrorItem[]) : [];
      if (reply.status === 400 && errors.length > 0) return { kind: 'refused', errors };
      throw new ApiUnavailableError(`POST forms/submit answered ${reply.status}`);
    },
  };
}

/** A download link as forms/submit answers it: a page file address of this site's API, its file's name. */
function isDownloadLink(value: unknown): value is DownloadLink {
  if (typeof value !== 'object' || value === null) return false;
  const link = value as Partial<DownloadLink>;
  return typeof link.url === 'string' && link.url.startsWith('/api/cms/medialib/get-page-file/') && typeof link.fileName === 'string' && typeof link.expiresAt === 'string';
}
