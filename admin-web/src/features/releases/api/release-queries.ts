import type { ReleaseCommitted } from '@pagelog/contracts/releases/release';
import type { CommandResult } from '@pagelog/contracts/envelope';
import type { TimeTravelLink } from '@pagelog/contracts/time-travel/time-travel';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** How many pages the page search of a release offers at once. */
export const PAGE_SEARCH_SIZE = 10;

/** How long a release's preview link works (hours): a day, as the time travel screen's default. */
export const PREVIEW_HOURS = 24;

/** The releases screens' reads (issue 17), as queries keyed by their endpoint. */
export const releaseQueries = {
  list: (api: ApiClient) => endpointQuery(api, 'releaseList'),
  get: (api: ApiClient, id: string) => endpointQuery(api, 'releaseGet', { params: { id } }),
  /**
   * Pages whose title or slug holds the term, by title: the page overview's own list (POST
   * /page/list), asked here rather than through the pages feature, which this one does not import.
   */
  pages: (api: ApiClient, searchTerm: string) =>
    endpointQuery(api, 'pageList', { body: { searchTerm, pageIndex: 0, pageSize: PAGE_SEARCH_SIZE, columnToSort: 'title', sortOrder: 'asc' } }),
};

/** What every release command answers. */
export type ReleaseReply = ApiReply<ReleaseCommitted & CommandResult>;

/** The release commands, by what the screens call them; each answers the release's id, revision and the position of its event. */
export const releaseCommands = {
  create: (api: ApiClient, body: { name: string; description: string }): Promise<ReleaseReply> => api.call('releaseCreate', { body }),
  update: (api: ApiClient, id: string, body: { name: string; description: string; revision: number }): Promise<ReleaseReply> => api.call('releaseUpdate', { params: { id }, body }),
  addPage: (api: ApiClient, id: string, pageID: string): Promise<ReleaseReply> => api.call('releaseAddPage', { params: { id }, body: { pageID } }),
  removePage: (api: ApiClient, id: string, pageID: string): Promise<ReleaseReply> => api.call('releaseRemovePage', { params: { id }, body: { pageID } }),
  addMenu: (api: ApiClient, id: string, locale: string, kind: string): Promise<ReleaseReply> => api.call('releaseAddMenu', { params: { id }, body: { locale, kind } }),
  removeMenu: (api: ApiClient, id: string, locale: string, kind: string): Promise<ReleaseReply> => api.call('releaseRemoveMenu', { params: { id }, body: { locale, kind } }),
  schedule: (api: ApiClient, id: string, at: string, revision: number): Promise<ReleaseReply> => api.call('releaseSchedule', { params: { id }, body: { at, revision } }),
  cancelSchedule: (api: ApiClient, id: string, revision: number): Promise<ReleaseReply> => api.call('releaseScheduleCancel', { params: { id }, body: { revision } }),
  publish: (api: ApiClient, id: string, revision: number): Promise<ReleaseReply> => api.call('releasePublish', { params: { id }, body: { revision } }),
  rollback: (api: ApiClient, id: string, revision: number): Promise<ReleaseReply> => api.call('releaseRollback', { params: { id }, body: { revision } }),
  delete: (api: ApiClient, id: string, revision: number): Promise<ReleaseReply> => api.call('releaseDelete', { params: { id }, body: { revision } }),
};

/** POST /time-travel/link for a release: a signed, expiring link to the site as it is now with the release's pages published. */
export function makePreviewLink(api: ApiClient, releaseId: string, via: 'release' | 'timeTravel' = 'release'): Promise<ApiReply<TimeTravelLink>> {
  // Those who put releases together (publish-page) ask the release; an auditor, time travel.
  return via === 'release' ? api.call('releasePreviewLink', { params: { id: releaseId }, body: { hours: PREVIEW_HOURS } }) : api.call('timeTravelLink', { body: { releaseId, hours: PREVIEW_HOURS } });
}
