import type { EventData } from '@pagelog/contracts/events/registry';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';

const { collection } = readModels.settings;

/** The site settings document read by GET /settings/get. */
export const settingsProjection: Projection = {
  name: readModels.settings.projection,
  version: 1,
  collections: [{ name: collection, indexes: [] }],
  handles: ['SettingsInitialized'],
  async apply(event, uow) {
    const current = await uow.get(collection, SETTINGS_DOC_ID);
    if (alreadyApplied(current, event)) return;
    const data = event.data as EventData<'SettingsInitialized'>;
    uow.put(collection, SETTINGS_DOC_ID, { ...data, revision: event.revision });
  },
};
