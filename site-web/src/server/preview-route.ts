import type { Middleware } from 'koa';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { errorPage } from './error-page';

/** Where the admin posts a preview token (a form whose target is its preview frame or a new tab). */
export const PREVIEW_PATH = '/_preview';
/** A token holds the whole draft: a page of 500 blocks fits. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface PreviewRouteDependencies {
  /** The draft a token holds, or null; absent when the site cannot open previews. */
  open: ((token: string) => Promise<PublicPageView | null>) | undefined;
  render: (draft: PublicPageView, requestId: string) => Promise<string>;
}

/** The form body, or null when it is larger than a preview can be. */
async function readForm(stream: AsyncIterable<Buffer>): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The previews the admin opens (issue 14): POST /_preview (form field `token`) for the draft an
 * editor has on screen, GET /_preview/{token} for a stored version's link a reviewer was given.
 * Either is rendered by the site as it would be published, never kept by anyone (no-store) nor
 * indexed. A token the API did not seal, or one that expired, answers 400 with a page that says
 * to open the preview again.
 */
export function previewRoute({ open, render }: PreviewRouteDependencies): Middleware {
  return async (ctx, next) => {
    const isLink = ctx.path.startsWith(`${PREVIEW_PATH}/`);
    if ((ctx.path !== PREVIEW_PATH && !isLink) || !open) return next();
    const allowed = isLink ? ['GET', 'HEAD'] : ['POST'];
    if (!allowed.includes(ctx.method)) {
      ctx.status = 405;
      ctx.set('Allow', allowed.join(', '));
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // The link's token is a secret of its holder: no other site learns it from a Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
    let token: string;
    if (isLink) {
      token = ctx.path.slice(PREVIEW_PATH.length + 1);
    } else {
      if (!ctx.is('application/x-www-form-urlencoded')) {
        ctx.status = 415;
        ctx.type = 'text';
        ctx.body = 'A preview is opened by the admin.';
        return;
      }
      const form = await readForm(ctx.req);
      if (form === null) {
        ctx.status = 413;
        ctx.type = 'text';
        ctx.body = 'Too large for a preview.';
        return;
      }
      token = form.get('token') ?? '';
    }
    const draft = await open(token);
    if (draft === null) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Preview expired', 'This preview has expired or is not valid. Open it again from the page editor.');
      return;
    }
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Content-Language', draft.locale);
    ctx.body = await render(draft, String(ctx.state.requestId ?? ''));
  };
}
