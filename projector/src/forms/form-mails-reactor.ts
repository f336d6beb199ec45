import { formSettingsFor, type FormSettingsDoc } from '@pagelog/contracts/forms/form-settings';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { submissionOwner } from '@pagelog/contracts/events/form-events';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { FormValues } from '@pagelog/contracts/forms/form-schema';
import { textIn } from '@pagelog/contracts/forms/form-fields';
import { forms, type FormId } from '@pagelog/contracts/forms/forms';
import { newsletterConfirmLink } from '@pagelog/contracts/forms/newsletter-confirmation';
import type { Locale } from '@pagelog/contracts/locales';
import { reactorNames, readModels } from '@pagelog/contracts/read-models';
import { SubscriptionTokens } from '@pagelog/service-kit/forms/subscription-token';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { Mailer, MailMessage } from '@pagelog/storage/mail/mailer';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';
import { confirmationMail, notificationMail, optInMail } from './form-mail-texts';

export interface FormMailsReactorDeps {
  mailer: Mailer;
  vault: PersonalDataVault;
  readModels: ReadModelStore;
  /** Links to the admin and the site start with this, never with a request's Host. */
  publicUrl: string;
  /** Keys the newsletter confirmation links (the command that checks them has the same). */
  secret: string;
}

/** The admin's page of one submission. */
export const submissionAdminLink = (publicUrl: string, submissionId: string) => `${publicUrl}/cmsadmin/forms/submission/${encodeURIComponent(submissionId)}`;

/**
 * The public forms' mails (issue 16), from FormSubmitted: a notification with every field to each
 * recipient the form's settings name for the submission's locale, a confirmation to the submitter
 * where those settings ask for one, and for a newsletter the double opt-in mail with its link
 * (always: without it nobody could ever subscribe). Suspected spam is mailed nothing (an
 * administrator reviews it in the Forms area); a submission whose key is gone (erased before the
 * mail went) neither. Each mail is an effect of its own, keyed by the event, its purpose and the
 * recipient: a mail server that is away delays them, and each is sent once when it is back.
 */
export function formMailsReactor(deps: FormMailsReactorDeps): Reactor {
  const tokens = new SubscriptionTokens(deps.secret);

  return {
    name: reactorNames.formMails,
    handles: ['FormSubmitted'],
    // The recipients and the confirmation setting as they were when the form came in.
    reads: [readModels.formSettings.projection],
    async react(event: RecordedEvent, effects) {
      if (event.type !== 'FormSubmitted') return;
      const data = event.data as EventData<'FormSubmitted'>;
      if (data.spam.suspected) return;
      const form = forms[data.form];
      if (!form) return;
      const values = await deps.vault.open<FormValues>(submissionOwner(data.submissionId), data.values);
      if (!values) return;
      const send = async (purpose: string, index: number, mail: MailMessage) => {
        const key = `${event.id}:${purpose}:${index}`;
        await effects.once(key, () => deps.mailer.send({ ...mail, id: key }));
      };
      const submitter = typeof values.email === 'string' ? values.email : '';

      if (form.doubleOptIn && submitter) {
        const token = tokens.issue(data.submissionId, Date.parse(event.metadata.occurredAt));
        await send('opt-in', 0, optInMail(submitter, data.locale, newsletterConfirmLink(deps.publicUrl, data.locale, token)));
      }

      const settings = formSettingsFor(await deps.readModels.get<FormSettingsDoc>(readModels.formSettings.collection, form.id), form.id, data.locale);
      const link = submissionAdminLink(deps.publicUrl, data.submissionId);
      const recipients = settings.recipients.map((r) => r.trim()).filter((r) => r !== '');
      for (const [index, to] of recipients.entries()) await send('notification', index, notificationMail(to, form, values, data.locale, link));
      if (settings.confirmationMail && !form.doubleOptIn && submitter) {
        await send('confirmation', 0, confirmationMail(submitter, form, values, data.locale, settings.thankYou));
      }
    },
  };
}
