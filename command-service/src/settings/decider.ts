import type { Settings } from '@pagelog/contracts/locales';
import type { SettingsEvent } from '@pagelog/contracts/events/settings-events';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { Decider } from '../core/decider';

export interface SettingsState {
  initialized: boolean;
}

export const settingsEvolver: Evolver<SettingsState, SettingsEvent> = {
  initialState: { initialized: false },
  evolve() {
    return { initialized: true };
  },
};

export interface InitializeSettings {
  type: 'InitializeSettings';
  data: Settings;
}

/** Seeds the settings once; later starts with other configuration leave them as they are. */
function decideSettings(command: InitializeSettings, state: SettingsState): SettingsEvent[] {
  if (state.initialized) return [];
  const d = command.data;
  if (!d.availableLocales.includes(d.defaultLocale)) throw ValidationError.of('V_12', 'defaultLocale', 'settings');
  return [{ type: 'SettingsInitialized', data: d }];
}

/** The site settings' rules, in the shape every decider has. */
export const settingsDecider: Decider<InitializeSettings, SettingsEvent, SettingsState> = { ...settingsEvolver, decide: decideSettings };
