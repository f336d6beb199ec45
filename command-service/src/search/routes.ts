import { searchIndexStream, type SearchIndexEvent } from '@pagelog/contracts/events/search-events';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { CommandDeps } from '../core/command-deps';
import { contextOf } from '../core/route-context';

/** The search index's stream holds requests only: nothing to decide from, so its state is nothing. */
const requests = { initialState: null, evolve: (state: null) => state };

/**
 * An administrator asks for a full reindex or for every page to leave the public search. The
 * request is an event (who asked, when: the audit trail); the projector's search runners carry it
 * out from the log and record its progress, which search/status reports (issue 15).
 */
export function searchRoutes(deps: CommandDeps & { clock: () => number }): EndpointRoute[] {
  const ask = async (type: SearchIndexEvent['type'], context: ReturnType<typeof contextOf>) => {
    // From the context, so a retry with the same Idempotency-Key names the same request.
    const requestId = context.newId();
    const result = await deps.handle(searchIndexStream, 'any', requests, () => [{ type, data: { requestId } } as SearchIndexEvent], context);
    return { requestId, position: result.position };
  };
  return [
    command('searchIndexAllPages', async (ctx) => ask('SearchReindexRequested', contextOf(ctx, deps.clock))),
    command('searchRemoveAllPages', async (ctx) => ask('SearchRemovalRequested', contextOf(ctx, deps.clock))),
  ];
}
