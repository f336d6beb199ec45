import type { PublicationStatus } from '@pagelog/contracts/pages/page';
import type { PageListColumn } from '@pagelog/contracts/pages/schemas';
import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';
import type { SortOrder } from '../../../components/paginated-list/paginated-list';

/** POST /page/list (decision 0004). Empty strings mean "any". */
export interface PageListQuery {
  type: string;
  locale: string;
  status: PublicationStatus | '';
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  columnToSort: PageListColumn | '';
  sortOrder: SortOrder;
}

/** The page reads of decision 0004, as queries keyed by their endpoint. */
export const pageQueries = {
  list: (api: ApiClient, query: PageListQuery) => endpointQuery(api, 'pageList', { body: query }),
  get: (api: ApiClient, id: string) => endpointQuery(api, 'pageGet', { params: { id } }),
  version: (api: ApiClient, versionId: string) => endpointQuery(api, 'pageVersionFetch', { params: { versionId } }),
  /** The page's steps, and the page right after one of them (issue 17). */
  replay: (api: ApiClient, id: string) => endpointQuery(api, 'pageReplay', { params: { id } }),
  replayState: (api: ApiClient, id: string, revision: number) => endpointQuery(api, 'pageReplayState', { params: { id, revision: String(revision) } }),
  /** Every version of the page, newest first (issue 17). */
  versions: (api: ApiClient, id: string) => endpointQuery(api, 'pageVersions', { params: { id } }),
  /** Two versions compared; `from` and `to` are version ids, `live` or `draft`. */
  compare: (api: ApiClient, id: string, from: string, to: string) => endpointQuery(api, 'pageCompare', { params: { id }, query: { from, to } }),
  history: (api: ApiClient, id: string) => endpointQuery(api, 'pageHistory', { params: { id } }),
  /** The publication request of a version, with the requester's comment. */
  requestComment: (api: ApiClient, versionId: string) => endpointQuery(api, 'pageFetchRequestComment', { params: { id: versionId } }),
  /**
   * Every release (issue 17): the editor's release panel finds the page's by their pageIDs. The
   * same query as the Releases screen's, so both share one answer.
   */
  releases: (api: ApiClient) => endpointQuery(api, 'releaseList'),
};
