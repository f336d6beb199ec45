import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { fieldMessage, summaryMessage, throttledMessage } from '@pagelog/contracts/forms/form-fields';
import { fieldsOf, forms, HONEYPOT_FIELD, isFormId, STARTED_FIELD } from '@pagelog/contracts/forms/forms';
import type { SiteFormOutcome, SiteForms } from '@pagelog/contracts/site/site-forms';
import { FORM_POST_FIELDS } from '../app/blocks/form-embed-block';
import type { FormPostState } from '../app/forms/form-post';
import { errorPage } from './error-page';
import { renderKey } from './list-page';
import type { Rendered } from './render-cache';
import type { SiteLogger } from './site-logger';

/** A form's post is a few kilobytes at most (the longest field takes 5,000 characters). */
export const FORM_POST_LIMIT_BYTES = 64 * 1024;

export interface FormPostRouteDependencies {
  forms: SiteForms;
  render: (key: string, requestId: string, formPost?: FormPostState) => Promise<Rendered>;
  publicUrl: string | undefined;
  logger: SiteLogger;
  clock?: () => number;
}

class TooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether a post comes from a page of this site (the OWASP check of standard headers, for a form
 * that cannot carry the visitor token in a header): Sec-Fetch-Site, where the browser sends it,
 * says same-origin; the Origin (or, without one, the Referer) is the site's own, as the
 * configured public address or the address the request came to.
 */
export function fromThisSite(ctx: Context, publicUrl: string | undefined): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite !== '' && fetchSite !== 'same-origin') return false;
  let origin = ctx.get('Origin');
  if (origin === '' || origin === 'null') {
    const referer = ctx.get('Referer');
    if (referer === '') return false;
    try {
      origin = new URL(referer).origin;
    } catch {
      return false;
    }
  }
  const own = new Set([`${ctx.protocol}://${ctx.host}`]);
  if (publicUrl) own.add(new URL(publicUrl).origin);
  return own.has(origin);
}

function plain(ctx: Context, status: number, title: string, message: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = errorPage(title, message);
}

/**
 * A public form sent without JavaScript (issue 16): the plain POST of the page it is on, checked
 * to come from this site, handed to the forms (the same checks, limits and events as the
 * script's call), and answered with the page again, made for this answer alone and never kept:
 * the refusals under their fields, linked to them, with a summary above and the input kept
 * (422), too many in a short time (429), or the thank-you text in the form's place (200).
 */
export function formPostRoute({ forms: siteForms, render, publicUrl, logger, clock = Date.now }: FormPostRouteDependencies): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    ctx.set('Cache-Control', 'no-store');
    if (!fromThisSite(ctx, publicUrl)) {
      logger.warn({ security: 'form-post-cross-site', origin: ctx.get('Origin'), path: ctx.path }, 'a form post from another site was refused');
      return plain(ctx, 403, 'Forbidden', 'This form can only be sent from its own page.');
    }
    if (!ctx.is('application/x-www-form-urlencoded')) return plain(ctx, 415, 'Unsupported Media Type', 'A form is sent as application/x-www-form-urlencoded.');
    let body: string;
    try {
      body = await readBody(ctx.req, FORM_POST_LIMIT_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) return plain(ctx, 413, 'Payload Too Large', 'The form is larger than any of ours.');
      throw error;
    }
    const posted = new URLSearchParams(body);
    const formId = posted.get(FORM_POST_FIELDS.form);
    const blockKey = posted.get(FORM_POST_FIELDS.block) ?? '';
    if (!isFormId(formId) || formId === 'newsletterPopup' || blockKey === '') return plain(ctx, 400, 'Bad Request', 'This is not a form of this site.');
    const form = forms[formId];
    const values: Record<string, string | string[]> = {};
    for (const field of fieldsOf(form)) {
      if (field.kind === 'choices') values[field.name] = posted.getAll(field.name);
      else if (posted.has(field.name)) values[field.name] = posted.get(field.name)!;
    }
    const pageId = posted.get(FORM_POST_FIELDS.page) || null;
    const locale = localeOf(posted.get(FORM_POST_FIELDS.locale));
    const startedAt = Number(posted.get(STARTED_FIELD) ?? '');
    const requestId = String(ctx.state.requestId);
    const outcome = await siteForms.submit(
      { form: form.id, locale, pageId, values, website: posted.get(HONEYPOT_FIELD) ?? '', ...(Number.isSafeInteger(startedAt) && startedAt > 0 ? { startedAt } : {}) },
      ctx.ip,
      requestId,
    );
    const state = postState(outcome, form.id, blockKey, values, locale, clock());
    const rendered = await render(renderKey(ctx.path, 1), requestId, state);
    if (rendered.status === 301 || rendered.html === undefined) {
      ctx.status = 303;
      ctx.redirect(rendered.location ?? ctx.path);
      return;
    }
    ctx.status = rendered.status !== 200 ? rendered.status : outcome.kind === 'accepted' ? 200 : outcome.kind === 'throttled' ? 429 : 422;
    if (outcome.kind === 'throttled') ctx.set('Retry-After', String(outcome.retryAfterSeconds));
    ctx.type = 'html';
    if (rendered.contentLanguage) ctx.set('Content-Language', rendered.contentLanguage);
    ctx.body = rendered.html;
  };
}

/** The page's locale as the form said it (a code such as nl-nl), else Dutch. */
function localeOf(raw: string | null): string {
  return raw !== null && /^[a-z]{2}(-[a-z]{2})?$/.test(raw) ? raw : 'nl-nl';
}

function postState(outcome: SiteFormOutcome, formId: keyof typeof forms, blockKey: string, values: Record<string, string | string[]>, locale: string, now: number): FormPostState {
  const base = { blockKey, values, shownAt: now };
  if (outcome.kind === 'accepted') return { ...base, outcome: 'accepted', fieldErrors: {}, summary: '', ...(outcome.download ? { download: outcome.download } : {}) };
  if (outcome.kind === 'throttled') return { ...base, outcome: 'throttled', fieldErrors: {}, summary: throttledMessage(locale) };
  const fields = fieldsOf(forms[formId]);
  const fieldErrors: Record<string, string> = {};
  for (const error of outcome.errors) {
    const name = error.property.startsWith('values.') ? error.property.slice('values.'.length) : error.property;
    const field = fields.find((f) => f.name === name);
    if (field && fieldErrors[name] === undefined) fieldErrors[name] = fieldMessage(error.code, field, locale);
  }
  const count = Object.keys(fieldErrors).length;
  return { ...base, outcome: 'refused', fieldErrors, summary: count > 0 ? summaryMessage(count, locale) : summaryMessage(1, locale) };
}
