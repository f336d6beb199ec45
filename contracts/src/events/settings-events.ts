import { streamOf } from './event';

import type { Settings } from '../locales';

export const settingsStream = streamOf<SettingsEvent>('settings');

/** The site settings were set for the first time (seeded from configuration). */
export interface SettingsInitialized {
  type: 'SettingsInitialized';
  data: Settings;
}

export type SettingsEvent = SettingsInitialized;
