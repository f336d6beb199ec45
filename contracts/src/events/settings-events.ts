import type { Settings } from '../locales';

export const settingsStream = 'settings';

/** The site settings were set for the first time (seeded from configuration). */
export interface SettingsInitialized {
  type: 'SettingsInitialized';
  data: Settings;
}

export type SettingsEvent = SettingsInitialized;
