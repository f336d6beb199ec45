import type { FormValues } from '@pagelog/contracts/forms/form-schema';
import { formLanguage, textIn } from '@pagelog/contracts/forms/form-fields';
import { fieldsOf, type FormDefinition } from '@pagelog/contracts/forms/forms';
import { shownValue } from '@pagelog/contracts/forms/shown-value';
import type { MailMessage } from '@pagelog/storage/mail/mailer';

/** Every field of the form in its order, labelled, with its value (— for one left empty). */
function fieldLines(form: FormDefinition, values: FormValues, language: 'nl' | 'en'): string {
  return fieldsOf(form)
    .map((field) => {
      const value = shownValue(field, values[field.name], language).trim();
      const shown = value === '' ? '—' : value.includes('\n') ? `\n${value.replace(/^/gm, '  ')}` : value;
      return `${field.label[language]}: ${shown}`;
    })
    .join('\n');
}

/** To a recipient the form's settings name: everything the visitor sent, in English (admin texts are English). */
export function notificationMail(to: string, form: FormDefinition, values: FormValues, locale: string, adminLink: string): MailMessage {
  return {
    to,
    subject: `New submission: ${form.adminLabel}`,
    text: `A visitor sent the form "${form.adminLabel}" (${locale}):\n\n${fieldLines(form, values, 'en')}\n\nSee it in the Forms area:\n${adminLink}\n`,
  };
}

/** To the visitor, in the submission's language: the form's thank-you text and a copy of what they sent. */
export function confirmationMail(to: string, form: FormDefinition, values: FormValues, locale: string, thankYou: string): MailMessage {
  const language = formLanguage(locale);
  const nl = language === 'nl';
  const title = textIn(form.title, locale);
  return {
    to,
    subject: nl ? `Ontvangen: ${title}` : `Received: ${title}`,
    text: nl
      ? `${thankYou}\n\nDit is wat u ons stuurde:\n\n${fieldLines(form, values, language)}\n\nHebt u dit formulier niet ingevuld? Dan kunt u deze e-mail negeren.\n`
      : `${thankYou}\n\nThis is what you sent us:\n\n${fieldLines(form, values, language)}\n\nIf you did not fill in this form, you can ignore this e-mail.\n`,
  };
}

/** The double opt-in: the link that confirms a newsletter subscription, in the submission's language. */
export function optInMail(to: string, locale: string, link: string): MailMessage {
  const nl = formLanguage(locale) === 'nl';
  return {
    to,
    subject: nl ? 'Bevestig uw aanmelding voor de nieuwsbrief' : 'Confirm your newsletter subscription',
    text: nl
      ? `Bedankt voor uw aanmelding voor onze nieuwsbrief.\n\nBevestig uw aanmelding via deze link:\n\n${link}\n\nDe link werkt 7 dagen. Hebt u zich niet aangemeld? Dan kunt u deze e-mail negeren: zonder bevestiging sturen we u niets.\n`
      : `Thank you for subscribing to our newsletter.\n\nConfirm your subscription with this link:\n\n${link}\n\nThe link works for 7 days. If you did not subscribe, you can ignore this e-mail: without a confirmation we send you nothing.\n`,
  };
}
