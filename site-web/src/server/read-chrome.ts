import type { PublicSettings } from '@pagelog/contracts/settings/site-settings';
import type { SiteChrome } from '../app/page-state';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';

/**
 * What a page shows around its content: the organisation (from the settings) and the locale's
 * menus. When the menus cannot be read the page is shown with the site name alone (`chrome`
 * undefined) and `read` says it must not be kept.
 */
export async function readChrome({
  reads,
  settings,
  locale,
  requestId,
  logger,
}: {
  reads: TracedSiteReads;
  settings: PublicSettings;
  locale: string;
  requestId: string;
  logger: SiteLogger;
}): Promise<{ chrome: SiteChrome | undefined; read: boolean }> {
  const { name, logo, contact, social } = settings.site;
  try {
    const menus = await reads.menus(locale, requestId);
    return { chrome: { site: { name, logo, contact, social }, menus }, read: true };
  } catch (err) {
    logger.warn({ err, requestId, locale }, 'the menus could not be read; the page is shown without them');
    return { chrome: undefined, read: false };
  }
}
