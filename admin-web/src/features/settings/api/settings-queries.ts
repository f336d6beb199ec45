import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** The site settings screen's read: the settings as saved, with the revision a save names and each locale's pages. */
export const settingsQueries = {
  edit: (api: ApiClient) => endpointQuery(api, 'settingsEdit'),
};
