import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageStream, type PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { ReplayState, ReplayStep } from '@pagelog/contracts/pages/version-diff';
import { readStreamOf, type StoredEvent } from '@pagelog/storage/event-store/load-stream';
import type { UserQueryDeps } from '../core/query-deps';
import { nameResolver, type NameResolver } from '../core/names';
import { pageEventSummary } from '@pagelog/contracts/audit/event-words';

type Content = VersionContent & { versionId: string };

async function stepOf(event: StoredEvent<PageStreamEvent>, names: NameResolver): Promise<ReplayStep> {
  const data = event.data as { comment?: string; feedback?: string };
  return {
    position: event.position,
    revision: event.revision,
    type: event.type,
    occurredAt: event.metadata.occurredAt,
    actorName: await names.name(event.metadata.actorId),
    summary: pageEventSummary(event),
    text: data.comment ?? data.feedback ?? '',
  };
}

async function pageEvents(deps: Pick<UserQueryDeps, 'eventStore'>, pageId: string): Promise<StoredEvent<PageStreamEvent>[]> {
  const events = await readStreamOf(deps.eventStore, pageStream(pageId));
  if (!events.some((e) => e.type === 'PageCreated')) throw new NotFoundError('PM_01', 'id', 'page');
  return events;
}

/** GET page/:id/replay: the page's steps, oldest first (the state after each is asked for one at a time). */
export async function replaySteps(deps: Pick<UserQueryDeps, 'eventStore' | 'readModels' | 'vault'>, pageId: string): Promise<ReplayStep[]> {
  const names = nameResolver(deps);
  return Promise.all((await pageEvents(deps, pageId)).map((event) => stepOf(event, names)));
}

/**
 * GET page/:id/replay/:revision: the page as it was right after that step of its stream, folded
 * from its own events up to it (no read model: what the log says): its address, its draft as
 * last stored and the version live on the site then, with their content.
 */
export async function replayState(deps: Pick<UserQueryDeps, 'eventStore' | 'readModels' | 'vault'>, pageId: string, revision: number): Promise<ReplayState> {
  const events = await pageEvents(deps, pageId);
  const upTo = events.filter((event) => event.revision <= revision);
  const last = upTo[upTo.length - 1];
  if (!last || last.revision !== revision) throw new NotFoundError('PM_01', 'revision', 'page');
  const versions = new Map<string, Content>();
  let draftId: string | null = null;
  let liveId: string | null = null;
  let slug = '';
  for (const event of upTo) {
    switch (event.type) {
      case 'PageCreated':
        slug = event.data.slug;
        draftId = event.data.versionId;
        versions.set(draftId, { versionId: draftId, title: event.data.title, blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] } as unknown as Content);
        break;
      case 'PageVersionStored': {
        const { pageId: _p, versionId, mergedFromRevision: _m, auto: _a, ...content } = event.data;
        versions.set(versionId, { ...(content as unknown as VersionContent), versionId });
        draftId = versionId;
        break;
      }
      case 'PageDraftStarted': {
        const based = versions.get(event.data.basedOnVersionId);
        if (based) versions.set(event.data.versionId, { ...based, versionId: event.data.versionId });
        draftId = event.data.versionId;
        break;
      }
      case 'PagePublished':
        liveId = event.data.versionId;
        slug = event.data.slug;
        break;
      case 'PageUnpublished':
        liveId = null;
        break;
      case 'PageSlugChanged':
        slug = event.data.slug;
        break;
      case 'PageDeleted':
        liveId = null;
        draftId = null;
        break;
      default:
        break;
    }
  }
  return {
    step: await stepOf(last, nameResolver(deps)),
    slug,
    draft: draftId ? (versions.get(draftId) ?? null) : null,
    live: liveId ? (versions.get(liveId) ?? null) : null,
  };
}
