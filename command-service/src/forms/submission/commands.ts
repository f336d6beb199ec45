import { NotFoundError, TooManyRequestsError, ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { submissionOwner, submissionStream, type SpamReason } from '@pagelog/contracts/events/form-events';
import { checkValues, normalizeValues } from '@pagelog/contracts/forms/form-schema';
import { forms, MIN_FILL_MS, type FormId } from '@pagelog/contracts/forms/forms';
import type { FormSubmissionAccepted, SubscriptionConfirmed } from '@pagelog/contracts/forms/submission';
import { SubscriptionTokens } from '@pagelog/service-kit/forms/subscription-token';
import { DownloadTokens } from '@pagelog/service-kit/forms/download-token';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import type { DownloadLink } from '@pagelog/contracts/forms/gated-download';
import { submitterIndex } from '@pagelog/storage/key-store/submitter-index';
import type { CommandContext } from '../../core/command-context';
import type { UsersDeps } from '../../users/users-deps';
import { clientAddressKey } from '../../users/client-address';
import type { SubmitterLookups } from '../submitter-lookups';
import { submissionDecider } from './decider';

/** What forms/submit takes: the endpoint's body. */
export interface SubmitFormInput {
  form: FormId;
  locale: string;
  pageId?: string | null;
  values: unknown;
  website?: string;
  startedAt?: number;
  /**
   * Sent by the site's own server for a form posted without JavaScript (never settable over
   * HTTP): such a form cannot say when it was shown unless the page answered an earlier post, so
   * a missing startedAt is no sign of a bot there; the honeypot and the limits still apply.
   */
  withoutScript?: boolean;
}

export type FormsDeps = Pick<UsersDeps, 'store' | 'handle' | 'vault' | 'secret' | 'sessions' | 'clock' | 'logger'> & { submitterLookups: SubmitterLookups };

/**
 * How many submissions are taken in a window of ten minutes: from one address (of any form, and
 * of one form), and of one form from everywhere (a flood from many addresses). Counted before any
 * work, in one atomic step (decision 0006): a refused submission is counted nowhere.
 */
export const SUBMISSION_LIMITS = { windowMs: 10 * 60_000, perAddress: 20, perAddressAndForm: 8, perForm: 500 };

/** The keyed hash an e-mail address is found by, among submitters (never the user's e-mail index). */
export function submitterIndexOf(deps: Pick<UsersDeps, 'secret'>, email: string): string {
  return submitterIndex(deps.secret, email);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes a visitor's form (issue 16): checked against the form's own schema (the one the site
 * checked it with in the browser), every value sealed with a key of the submission's own (the
 * submitter found by the keyed hash of their e-mail address), recorded as FormSubmitted. A
 * submission that fills in the hidden field, or comes faster than a person fills a form in, is
 * kept and flagged as suspected spam for an administrator to review: never silently dropped,
 * and answered like any other, so a bot learns nothing from the answer.
 */
export async function submitForm(deps: FormsDeps, input: SubmitFormInput, ip: string, context: CommandContext): Promise<FormSubmissionAccepted & { position: number }> {
  const form = forms[input.form];
  const address = clientAddressKey(ip);
  const admission = await deps.sessions.store.admit(
    {
      windowMs: SUBMISSION_LIMITS.windowMs,
      limits: [
        { key: `form-address:${address}`, limit: SUBMISSION_LIMITS.perAddress },
        { key: `form-address:${address}:${form.id}`, limit: SUBMISSION_LIMITS.perAddressAndForm },
        { key: `form:${form.id}`, limit: SUBMISSION_LIMITS.perForm },
      ],
    },
    deps.clock(),
  );
  if (!admission.admitted) {
    deps.logger.warn({ security: 'form-throttled', form: form.id, ip: address }, 'form submission refused: too many in a short time');
    throw new TooManyRequestsError(Math.ceil(admission.retryAfterMs / 1000), 'FM_01');
  }

  if (!isPlainObject(input.values)) throw new ValidationError([errorItem('V_12', 'values', 'form')]);
  const checked = checkValues(form, normalizeValues(form, input.values));
  if (checked.values === null) throw new ValidationError(checked.errors.map((e) => errorItem(e.code, `values.${e.field}`, 'form')));

  const reasons: SpamReason[] = [];
  if ((input.website ?? '').trim() !== '') reasons.push('honeypot');
  const tooFast = input.startedAt === undefined ? !input.withoutScript : deps.clock() - input.startedAt < MIN_FILL_MS;
  if (tooFast) reasons.push('too-fast');

  const submitterIndex = submitterIndexOf(deps, String(checked.values.email));
  const submissionId = context.newId();
  const owner = submissionOwner(submissionId);
  await deps.vault.createKey(owner);
  const sealed = await deps.vault.seal(owner, checked.values);
  const result = await deps.handle(
    submissionStream(submissionId),
    0,
    submissionDecider,
    (state) =>
      submissionDecider.decide(
        {
          type: 'SubmitForm',
          data: {
            submissionId,
            form: form.id,
            locale: input.locale,
            pageId: input.pageId ?? null,
            submitterIndex,
            values: sealed,
            spam: { suspected: reasons.length > 0, reasons },
          },
        },
        state,
      ),
    context,
  );
  if (reasons.length > 0) deps.logger.info({ form: form.id, submissionId, reasons }, 'form submission kept as suspected spam');
  // Answered like any other, suspected or not: a bot learns nothing from the answer.
  const download = form.id === 'download' && input.pageId ? await downloadLinkFor(deps, input.pageId) : null;
  return { submissionId, form: form.id, position: result.position, ...(download ? { download } : {}) };
}

/**
 * The link to the file a page offers behind its download form (gated-download.ts): its page file
 * address with a token good for a day. Null when the page (as published) gates none.
 */
async function downloadLinkFor(deps: FormsDeps, pageId: string): Promise<DownloadLink | null> {
  const gated = await deps.submitterLookups.gatedDownload(pageId);
  if (!gated) return null;
  const { token, expiresAt } = new DownloadTokens(deps.secret).issue(pageId, gated.group, gated.file.hash, deps.clock());
  return { url: pageFileUrl(pageId, gated.group, gated.file.hash, gated.file.fileName, { download: true, token }), fileName: gated.file.fileName, expiresAt: new Date(expiresAt).toISOString() };
}

/** A submission's id as the server makes them (UUIDv7); anything else names no submission. */
const submissionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function knownShape(submissionId: string): void {
  if (!submissionIdPattern.test(submissionId)) throw new NotFoundError('V_12', 'id', 'form');
}

/** Marks a submission handled, or open again (forms/submission/:id/handled). */
export async function markSubmissionHandled(deps: FormsDeps, submissionId: string, handled: boolean, context: CommandContext) {
  knownShape(submissionId);
  const result = await deps.handle(submissionStream(submissionId), 'any', submissionDecider, (state) => submissionDecider.decide({ type: 'MarkHandled', data: { handled } }, state), context);
  return { submissionId, position: result.position };
}

/** Settles whether a submission is spam (forms/submission/:id/spam). */
export async function reviewSubmissionSpam(deps: FormsDeps, submissionId: string, spam: boolean, context: CommandContext) {
  knownShape(submissionId);
  const result = await deps.handle(submissionStream(submissionId), 'any', submissionDecider, (state) => submissionDecider.decide({ type: 'ReviewSpam', data: { spam } }, state), context);
  return { submissionId, position: result.position };
}

/**
 * Confirms a newsletter subscription by the token of its opt-in mail (forms/confirm-subscription):
 * the token must be this server's for the submission and not expired (7 days from the
 * submission); a confirmed one answers the same again, so a second click is no error. A token
 * naming no submission, or one changed by a single character, is "not valid" (V_04); one that ran
 * out is "not valid or expired" (V_05): the visitor subscribes again.
 */
export async function confirmSubscription(deps: FormsDeps, token: string, context: CommandContext): Promise<SubscriptionConfirmed & { position: number }> {
  const tokens = new SubscriptionTokens(deps.secret);
  const submissionId = tokens.submissionOf(token);
  if (!submissionId) throw new ValidationError([errorItem('V_04', 'token', 'form')]);
  const [submitted] = await deps.store.readStream(submissionStream(submissionId), { limit: 1 });
  const check = submitted?.type === 'FormSubmitted' ? tokens.check(token, Date.parse(submitted.metadata.occurredAt), deps.clock()) : 'invalid';
  if (check !== 'valid') throw new ValidationError([errorItem(check === 'expired' ? 'V_05' : 'V_04', 'token', 'form')]);
  const result = await deps.handle(submissionStream(submissionId), 'any', submissionDecider, (state) => submissionDecider.decide({ type: 'ConfirmSubscription' }, state), context);
  const form = (submitted!.data as { form: FormId }).form;
  return { submissionId, form, position: result.position };
}

/**
 * Erases a submitter (forms/erase-submitter): every submission sent with their e-mail address,
 * a newsletter subscription among them. For each, the submission's key is destroyed first, then
 * FormSubmissionErased recorded: a crash between leaves the values unreadable already, and
 * running it again records what is missing (an erased one records nothing). Answers how many it
 * erased now.
 */
export async function eraseSubmitter(deps: FormsDeps, email: string, context: CommandContext): Promise<{ erased: number; position: number }> {
  const ids = await deps.submitterLookups.submissionsOf(submitterIndexOf(deps, email));
  let erased = 0;
  let position = 0;
  for (const submissionId of ids) {
    await deps.vault.forget(submissionOwner(submissionId));
    const result = await deps.handle(submissionStream(submissionId), 'any', submissionDecider, (state) => submissionDecider.decide({ type: 'RecordErasure', data: { reason: 'request' } }, state), context);
    if (result.events.length > 0) erased++;
    position = Math.max(position, result.position);
  }
  if (erased > 0) deps.logger.info({ erased, actorId: context.actorId }, 'form submitter erased by request');
  return { erased, position: position || (await deps.store.headPosition()) };
}
