import { TooManyRequestsError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { SiteForms } from '@pagelog/contracts/site/site-forms';
import { commandContext } from '@pagelog/command-service/core/command-context';
import { submitForm, type FormsDeps } from '@pagelog/command-service/forms/submission/commands';

/**
 * The embedded site's forms (issue 16): a form posted without JavaScript goes to the same
 * command as the script's call (schema, limits per address and form, sealing, spam flags), in
 * this process, under the visitor's address; a refusal comes back as its catalogue errors.
 */
export function embeddedSiteForms(deps: FormsDeps): SiteForms {
  return {
    async submit(submission, clientIp, requestId) {
      try {
        const accepted = await submitForm(deps, { ...submission, withoutScript: true }, clientIp, commandContext('anonymous', requestId, new Date(deps.clock())));
        return { kind: 'accepted', submissionId: accepted.submissionId, ...(accepted.download ? { download: accepted.download } : {}) };
      } catch (error) {
        if (error instanceof TooManyRequestsError) return { kind: 'throttled', retryAfterSeconds: error.retryAfterSeconds };
        if (error instanceof ValidationError) return { kind: 'refused', errors: error.items };
        throw error;
      }
    },
  };
}
