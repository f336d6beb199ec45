import type { Settings } from '@pagelog/contracts/locales';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { currentLocales } from '../settings/read-settings';

/** The site's locales from the settings stream (null before they are seeded): folded, as other events than the first change them. */
export async function readSettings(store: EventStore): Promise<Settings | null> {
  return currentLocales(store);
}

/** V_12 naming `property` for a locale the site does not offer. */
export async function assertOfferedLocale(store: EventStore, locale: string, property: string): Promise<Settings | null> {
  const settings = await readSettings(store);
  if (settings && !settings.availableLocales.includes(locale as Settings['defaultLocale'])) throw ValidationError.of('V_12', property, 'page');
  return settings;
}
