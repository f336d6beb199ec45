import { formLanguage } from '@pagelog/contracts/forms/form-fields';

/** The newsletter confirmation page's words (issue 16), Dutch or English like the forms. */
export interface NewsletterConfirmTexts {
  heading: string;
  intro: string;
  button: string;
  /** While the call is under way. */
  busy: string;
  confirmed: string;
  /** The link ran out (V_05). */
  expired: string;
  /** A link that is not one (V_04), or no token at all. */
  invalid: string;
  /** The server could not be reached or failed: try again. */
  failed: string;
  noScript: string;
}

const nl: NewsletterConfirmTexts = {
  heading: 'Aanmelding bevestigen',
  intro: 'Bevestig met de knop hieronder dat u onze nieuwsbrief wilt ontvangen.',
  button: 'Aanmelding bevestigen',
  busy: 'Even geduld…',
  confirmed: 'Bedankt! Uw aanmelding is bevestigd. U ontvangt voortaan onze nieuwsbrief.',
  expired: 'Deze link is verlopen: hij werkt 7 dagen. Meld u opnieuw aan, dan sturen we u een nieuwe.',
  invalid: 'Deze link is niet geldig. Controleer of u de hele link uit de e-mail hebt geopend, of meld u opnieuw aan.',
  failed: 'Het bevestigen is niet gelukt. Probeer het over een paar minuten opnieuw.',
  noScript: 'Zet JavaScript aan om uw aanmelding te bevestigen.',
};

const en: NewsletterConfirmTexts = {
  heading: 'Confirm your subscription',
  intro: 'Confirm with the button below that you would like to receive our newsletter.',
  button: 'Confirm your subscription',
  busy: 'One moment…',
  confirmed: 'Thank you! Your subscription is confirmed. You will receive our newsletter from now on.',
  expired: 'This link has expired: it works for 7 days. Subscribe again and we will send you a new one.',
  invalid: 'This link is not valid. Check that you opened the whole link from the e-mail, or subscribe again.',
  failed: 'Your subscription could not be confirmed. Please try again in a few minutes.',
  noScript: 'Turn on JavaScript to confirm your subscription.',
};

export function newsletterConfirmTexts(locale: string): NewsletterConfirmTexts {
  return formLanguage(locale) === 'nl' ? nl : en;
}
