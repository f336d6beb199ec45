import type { Settings } from '@pagelog/contracts/locales';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';

export async function readSettings(deps: QueryDeps): Promise<Settings> {
  const doc = await deps.readModels.get<Settings & { revision: number } & Record<string, unknown>>(readModels.settings.collection, SETTINGS_DOC_ID);
  if (!doc) throw new NotFoundError('G_01', '', 'settings');
  return { availableLocales: doc.availableLocales, defaultLocale: doc.defaultLocale, customSlugLocales: doc.customSlugLocales };
}

export function settingsRoutes(deps: QueryDeps): EndpointRoute[] {
  return [
    query('settingsGet', readYourWrites(deps, [readModels.settings.projection]), async (ctx) => {
      return readSettings(deps);
    }),
  ];
}
