import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { FormId } from '@pagelog/contracts/forms/forms';
import { contextOf } from '../core/route-context';
import { SITE_FORM_SIGNATURE_HEADER, SiteFormSignatures } from '@pagelog/service-kit/forms/site-form-signature';
import type { FormSettingsUpdateBody } from '@pagelog/contracts/forms/form-settings';
import { updateFormSettings } from './settings/update-form-settings';
import { confirmSubscription, eraseSubmitter, markSubmissionHandled, reviewSubmissionSpam, submitForm, type FormsDeps } from './submission/commands';

/** The public forms' commands (issue 16), from the endpoint table. */
export function formRoutes(deps: FormsDeps): EndpointRoute[] {
  // Made when first needed: the routes are built before (and without) their secret.
  let signatures: SiteFormSignatures | null = null;
  const siteSigned = (header: string, submission: { form: string; locale: string; pageId?: string | null; values: unknown }) =>
    header !== '' && (signatures ??= new SiteFormSignatures(deps.secret)).verify(header, submission, deps.clock());
  return [
    command('formsSubmit', async (ctx, input) => {
      const submission = { form: input.form as FormId, locale: input.locale, pageId: input.pageId, values: input.values, website: input.website, startedAt: input.startedAt };
      // A form posted to the site process without JavaScript, which that process vouches for (distributed mode).
      const withoutScript = siteSigned(ctx.get(SITE_FORM_SIGNATURE_HEADER), submission);
      return submitForm(deps, { ...submission, ...(withoutScript ? { withoutScript } : {}) }, ctx.ip, contextOf(ctx, deps.clock));
    }),
    command('formsConfirmSubscription', async (ctx, input) => confirmSubscription(deps, input.token as string, contextOf(ctx, deps.clock))),
    command('formsSubmissionHandled', async (ctx, input) => markSubmissionHandled(deps, ctx.params.id!, input.handled as boolean, contextOf(ctx, deps.clock))),
    command('formsEraseSubmitter', async (ctx, input) => eraseSubmitter(deps, input.email, contextOf(ctx, deps.clock))),
    command('formsSubmissionSpam', async (ctx, input) => reviewSubmissionSpam(deps, ctx.params.id!, input.spam as boolean, contextOf(ctx, deps.clock))),
    // The schema only lets the six forms and the product's locales through.
    command('formsSettingsUpdate', async (ctx, input) => updateFormSettings(deps, input as FormSettingsUpdateBody, contextOf(ctx, deps.clock))),
  ];
}
