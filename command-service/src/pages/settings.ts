import { settingsStream } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { EventStore } from '@pagelog/storage/event-store/event-store';

/** The site settings from their stream (null before they are seeded). */
export async function readSettings(store: EventStore): Promise<Settings | null> {
  const [settings] = await store.readStream(settingsStream, { direction: 'backwards', limit: 1 });
  return settings ? (settings.data as Settings) : null;
}

/** V_12 naming `property` for a locale the site does not offer. */
export async function assertOfferedLocale(store: EventStore, locale: string, property: string): Promise<Settings | null> {
  const settings = await readSettings(store);
  if (settings && !settings.availableLocales.includes(locale as Settings['defaultLocale'])) throw ValidationError.of('V_12', property, 'page');
  return settings;
}
