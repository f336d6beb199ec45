import { formSettingsStream } from '@pagelog/contracts/events/form-settings-events';
import type { FormSettingsUpdateBody, UpdatedFormSettings } from '@pagelog/contracts/forms/form-settings';
import type { Locale } from '@pagelog/contracts/locales';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { formSettingsDecider } from './decider';

/** forms/settings/update: decided on the form's own stream, at the revision the screen read when it names one (409 when stale); only what changed is recorded. */
export async function updateFormSettings(deps: CommandDeps, input: FormSettingsUpdateBody, context: CommandContext): Promise<UpdatedFormSettings & { position: number }> {
  const result = await deps.handle(
    formSettingsStream(input.form),
    input.revision ?? 'any',
    formSettingsDecider,
    (state) => formSettingsDecider.decide({ type: 'UpdateFormSettings', data: { form: input.form, retentionMonths: input.retentionMonths, locales: input.locales } }, state),
    context,
    { describeConflict: (current, revision) => ({ conflicts: ['revision'], current: { revision, retentionMonths: current.retentionMonths, locales: current.locales } }) },
  );
  const changed = result.events.map((event) => (event.type === 'FormSettingsChanged' ? event.data.locale : 'retention')) as (Locale | 'retention')[];
  return { form: input.form, revision: result.revision, changed, position: result.position };
}
