import { searchIndexStatus } from '@pagelog/contracts/search/index-meta';
import type { SearchIndexStatus } from '@pagelog/contracts/search/search';
import type { QueryDeps } from '../core/query-deps';

/** search/status: the public target's jobs and progress (recorded by the projector's search runner), its size and how far it has read the log. */
export async function searchIndexStatusOf(deps: QueryDeps): Promise<SearchIndexStatus> {
  const [state, documents, headPosition] = await Promise.all([deps.searchIndex.state('public'), deps.searchIndex.count('public'), deps.eventStore.headPosition()]);
  return searchIndexStatus(state.meta, { documents, position: state.checkpoint, headPosition, engine: deps.searchIndex.engine }, Date.now());
}
