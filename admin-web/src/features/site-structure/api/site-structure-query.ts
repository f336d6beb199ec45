import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** POST /page/site-structure {locale}: every page of the locale, depth first, with its parent. */
export function siteStructureQuery(api: ApiClient, locale: string) {
  return endpointQuery(api, 'pageSiteStructure', { body: { locale } });
}
