import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { GENESIS_HASH, type ChainedEvent } from '@pagelog/storage/event-store/event-chain';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';
import type { UserQueryDeps } from '../core/query-deps';
import { nameResolver } from '../core/names';

/** One event of the export: as stored, with who did it, and its link in the chain. */
export interface ExportedEvent {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  occurredAt: string;
  actorId: string;
  actorName: string;
  /** The event's data and metadata as the JSON text stored (what the hash covers). */
  data: string;
  metadata: string;
  /** The hash of the event before it in the whole log (64 zeros for the first), and its own; null where the store keeps no chain. */
  previousHash: string | null;
  hash: string | null;
}

/**
 * A page's history for auditors (issue 17): every event of its stream, as stored, with each
 * event's hash and the hash of the event before it in the whole log, so each link can be
 * checked outside Pagelog with SHA-256 alone: sha256_hex(previousHash "\n" id "\n" stream "\n"
 * revision "\n" type "\n" data "\n" metadata) = hash.
 */
export async function exportPageHistory(deps: Pick<UserQueryDeps, 'readModels' | 'eventStore' | 'vault'>, pageId: string, now: Date) {
  const page = await deps.readModels.get<PageDoc>(readModels.pages.collection, pageId);
  const events = await readStreamOf(deps.eventStore, pageStream(pageId));
  if (!page && !events.some((e) => e.type === 'PageCreated')) throw new NotFoundError('PM_01', 'id', 'page');
  const names = nameResolver(deps);
  const readChain = deps.eventStore.readChain?.bind(deps.eventStore);
  const exported: ExportedEvent[] = [];
  for (const event of events) {
    // The event and the one before it in the whole log, as stored.
    const links: ChainedEvent[] = readChain ? await readChain({ after: Math.max(event.position - 2, 0), limit: event.position === 1 ? 1 : 2 }) : [];
    const own = links.find((l) => l.position === event.position);
    const previous = links.find((l) => l.position === event.position - 1);
    exported.push({
      position: event.position,
      id: event.id,
      stream: event.stream,
      revision: event.revision,
      type: event.type,
      occurredAt: event.metadata.occurredAt,
      actorId: event.metadata.actorId,
      actorName: await names.name(event.metadata.actorId),
      data: own?.data ?? JSON.stringify(event.data),
      metadata: own?.metadata ?? JSON.stringify(event.metadata),
      previousHash: own ? (event.position === 1 ? GENESIS_HASH : (previous?.hash ?? null)) : null,
      hash: own?.hash ?? null,
    });
  }
  return {
    exportedAt: now.toISOString(),
    page: page ? { id: page.id, slug: page.slug, locale: page.locale, title: page.title } : { id: pageId, slug: null, locale: null, title: null },
    chain: {
      algorithm: 'sha256',
      genesis: GENESIS_HASH,
      link: 'sha256_hex(previousHash "\\n" id "\\n" stream "\\n" revision "\\n" type "\\n" data "\\n" metadata), UTF-8',
    },
    events: exported,
  };
}
