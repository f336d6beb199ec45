/** A year, subdomains included: a subdomain left on http could still set cookies for the site. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Only a product whose public URL is https may pin browsers to https (Strict-Transport-Security):
 * one reached over plain http (development, an intranet host) would otherwise be refused over
 * http for a year. The API, the admin and the public site all decide by this one rule.
 */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith('https:');
}
