import { formLanguage } from './form-fields';

/**
 * The double opt-in of the newsletters (issue 16): the link mailed to a new subscription's
 * address opens this page of the site, which confirms it with a button (never by opening the
 * link alone: mail scanners open links). The token in the link (`<submissionId>.<mac>`) is made
 * and checked by service-kit's subscription-token.ts.
 */

/** How long the link of an opt-in mail works, from the submission. */
export const SUBSCRIPTION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The site's confirmation page for a locale: Dutch at /nieuwsbrief/bevestigen, others below their locale. */
export function newsletterConfirmPath(locale: string): string {
  return formLanguage(locale) === 'nl' ? '/nieuwsbrief/bevestigen' : `/${locale.toLowerCase()}/newsletter/confirm`;
}

/** The link of an opt-in mail, from the configured public URL. */
export function newsletterConfirmLink(publicUrl: string, locale: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${newsletterConfirmPath(locale)}?token=${encodeURIComponent(token)}`;
}
