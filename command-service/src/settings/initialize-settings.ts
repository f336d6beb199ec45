import { settingsStream } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { settingsDecider, settingsEvolver } from './decider';

/** Seeds the site settings from configuration on first start; a no-op afterwards. */
export async function initializeSettings(deps: CommandDeps, settings: Settings, context: CommandContext) {
  const result = await deps.handle(
    settingsStream,
    'any',
    settingsEvolver,
    (state) => settingsDecider.decide({ type: 'InitializeSettings', data: settings }, state),
    context,
  );
  return { initialized: result.events.length > 0, position: result.position };
}
