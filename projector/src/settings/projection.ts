import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { alreadyApplied, defineProjection } from '../core/projection';

const { collection } = readModels.settings;

/** The site settings document read by GET /settings/get. */
export const settingsProjection = defineProjection<'SettingsInitialized'>({
  name: readModels.settings.projection,
  version: 1,
  collections: [{ name: collection, indexes: [] }],
  handlers: {
    async SettingsInitialized(event, uow) {
      const current = await uow.get(collection, SETTINGS_DOC_ID);
      if (alreadyApplied(current, event)) return;
      uow.put(collection, SETTINGS_DOC_ID, { ...event.data, revision: event.revision });
    },
  },
});
