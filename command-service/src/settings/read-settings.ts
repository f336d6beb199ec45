import { settingsStream } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import { settingsEvolver, type SettingsState } from './decider';

/** The settings as their stream holds them now, with its revision. */
export async function loadSettings(store: EventStore): Promise<{ state: SettingsState; revision: number }> {
  const { state, revision } = await loadStream(store, settingsStream, settingsEvolver);
  return { state, revision };
}

/** The locales the site offers now (null before the settings are seeded), from the stream: other commands decide on them. */
export async function currentLocales(store: EventStore): Promise<Settings | null> {
  return (await loadSettings(store)).state.locales;
}
