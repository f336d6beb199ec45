import { settingsStream } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { settingsDecider, settingsEvolver } from './decider';

/**
 * Seeds the site settings from configuration on first start (the locales and the site name); a
 * no-op afterwards, except that a store seeded before the site settings existed gets its name.
 */
export async function initializeSettings(deps: CommandDeps, seeded: { locales: Settings; siteName: string }, context: CommandContext) {
  const result = await deps.handle(settingsStream, 'any', settingsEvolver, (state) => settingsDecider.decide({ type: 'InitializeSettings', data: seeded }, state), context);
  return { initialized: result.events.some((e) => e.type === 'SettingsInitialized'), position: result.position };
}
