import { projectionState, type ProjectionStatus } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../core/query-deps';

/**
 * Each projection's and reactor's position, lag behind the log's head, and the error that stopped
 * it, if any (a reactor's: the effect that keeps failing, the mail server away, say).
 */
export async function projectionStatus(deps: QueryDeps, names: readonly string[], reactors: readonly string[] = []): Promise<ProjectionStatus[]> {
  const [head, checkpoints] = await Promise.all([deps.eventStore.headPosition(), deps.readModels.getCheckpoints()]);
  // When each projection fell behind: the time of the first event it has not taken in (a
  // projection idle for an hour that is one event behind has not been stalled for an hour).
  const behindSince = new Map<number, string | null>();
  for (const c of checkpoints) {
    if (c.position < head && !behindSince.has(c.position)) {
      const [next] = await deps.eventStore.readAll({ after: c.position, limit: 1 });
      behindSince.set(c.position, next?.metadata.occurredAt ?? null);
    }
  }
  const all = [...names.map((name) => ({ name, kind: 'projection' as const })), ...reactors.map((name) => ({ name, kind: 'reactor' as const }))];
  return all.map(({ name, kind }) => {
    const c = checkpoints.find((x) => x.name === name);
    const position = c?.position ?? 0;
    const status = { name, kind, position, headPosition: head, lag: Math.max(0, head - position), updatedAt: c?.updatedAt ?? null, error: c?.error ?? null };
    return { ...status, state: projectionState({ ...status, behindSince: behindSince.get(position) ?? null }, Date.now()) };
  });
}

export function systemRoutes(deps: QueryDeps, projectionNames: readonly string[], reactorNames: readonly string[]): EndpointRoute[] {
  return [
    query('projectionsStatus', async (ctx) => {
      return projectionStatus(deps, projectionNames, reactorNames);
    }),
  ];
}
