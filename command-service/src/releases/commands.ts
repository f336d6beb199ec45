import { ConflictError, StoreUnavailableError, ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { withBytesChecked, type BytesCheck, type MediaBytesDeps } from '../pages/media-bytes';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { releaseStream, type ReleaseEvent } from '@pagelog/contracts/events/release-events';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { ExpectedRevision, StreamAppend } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from '../core/command-context';
import type { KeyedWrite } from '../core/keyed-writes';
import type { CommandDeps } from '../core/command-deps';
import { newEventsOf } from '../core/handle';
import { pageEvolver } from '../pages/page-state';
import { menuStream } from '@pagelog/contracts/events/menu-events';
import { menuIdOf, type MenuKind } from '@pagelog/contracts/menus/menu';
import { menuEvolver } from '../menus/decider';
import type { Actor } from '../pages/publication/decider';
import {
  publishRelease,
  releaseEvolver,
  releaseDecider,
  rollbackRelease,
  type MenuFacts,
  type PageFacts,
  type ReleaseCommand,
  type ReleaseDecision,
  type ReleaseState,
} from './decider';

export interface ReleaseOutcome {
  releaseID: string;
  revision: number;
  position: number;
}

/** A command on the release's own stream, through the shared handle. */
async function run(deps: CommandDeps, releaseId: string, revision: ExpectedRevision, command: (state: ReleaseState) => ReleaseCommand, context: CommandContext): Promise<ReleaseOutcome & { events: ReleaseEvent[] }> {
  const result = await deps.handle(releaseStream(releaseId), revision, releaseEvolver, (state) => releaseDecider.decide(command(state), state), context);
  return { releaseID: releaseId, revision: result.revision, position: result.position, events: result.events };
}

export async function createRelease(deps: CommandDeps, input: { name: string; description: string }, context: CommandContext): Promise<ReleaseOutcome> {
  const releaseId = context.newId();
  return run(deps, releaseId, 0, () => ({ type: 'CreateRelease', data: { releaseId, name: input.name, description: input.description } }), context);
}

export async function updateRelease(deps: CommandDeps, releaseId: string, input: { name: string; description: string; revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'UpdateRelease', data: { name: input.name, description: input.description } }), context);
}

/** Adds the page's draft as it is now (read from the page's own stream), or makes its item follow the draft. */
export async function addReleasePage(deps: CommandDeps, releaseId: string, input: { pageID: string; revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  const page = await loadStream(deps.store, pageStream(input.pageID), pageEvolver);
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'AddReleasePage', data: { page: page.state, revision: page.revision } }), context);
}

export async function removeReleasePage(deps: CommandDeps, releaseId: string, input: { pageID: string; revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'RemoveReleasePage', data: { pageId: input.pageID } }), context);
}

/** Adds the menu's draft version as it is now, or makes its item follow the menu's draft. */
export async function addReleaseMenu(deps: CommandDeps, releaseId: string, input: { locale: string; kind: MenuKind; revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  const menu = await loadStream(deps.store, menuStream(menuIdOf(input.locale, input.kind)), menuEvolver);
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'AddReleaseMenu', data: { menu: menu.state } }), context);
}

export async function removeReleaseMenu(deps: CommandDeps, releaseId: string, input: { locale: string; kind: MenuKind; revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'RemoveReleaseMenu', data: { menuId: menuIdOf(input.locale, input.kind) } }), context);
}

export async function scheduleRelease(deps: CommandDeps, releaseId: string, input: { at: string; revision?: number; mayPublishMenus?: boolean }, context: CommandContext): Promise<ReleaseOutcome> {
  const { mayPublishMenus } = input;
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'ScheduleRelease', data: { at: input.at, now: context.now, actorId: context.actorId, ...(mayPublishMenus !== undefined ? { mayPublishMenus } : {}) } }), context);
}

export async function cancelReleaseSchedule(deps: CommandDeps, releaseId: string, input: { revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'CancelReleaseSchedule' }), context);
}

export async function deleteRelease(deps: CommandDeps, releaseId: string, input: { revision?: number }, context: CommandContext): Promise<ReleaseOutcome> {
  return run(deps, releaseId, input.revision ?? 'any', () => ({ type: 'DeleteRelease' }), context);
}

/** The scheduler: a due release could not be published; it is tried again at `retryAt`. */
export async function recordReleaseScheduleFailure(deps: CommandDeps, releaseId: string, failure: { at: string; code: string; message: string; retryAt: string }, context: CommandContext): Promise<void> {
  await run(deps, releaseId, 'any', () => ({ type: 'RecordReleaseScheduleFailure', data: failure }), context);
}

/** How often a publication or rollback is decided again when a page changed between reading and writing. */
const MAX_ATTEMPTS = 8;

/**
 * Decides on the release and every page it names, and writes the pages' events and the release's
 * in one append (appendMany): each stream at the revision the decision read, so a page changed
 * meanwhile turns into a fresh decision rather than a publication of something nobody checked.
 */
async function decideAcross(
  deps: CommandDeps & MediaBytesDeps,
  releaseId: string,
  expectedRevision: ExpectedRevision,
  context: CommandContext,
  decideRelease: Decide,
): Promise<ReleaseOutcome & { decided: boolean }> {
  // With an Idempotency-Key the append is a named write of each stream it touches, its event ids
  // made from the key: a retry whose earlier attempt was stored (all of it: the append is all or
  // nothing) finds the release's part and answers it instead of publishing again. Named once per
  // command: the bytes check may run the decision again.
  const writes = new Map<string, KeyedWrite>();
  const writeOf = (name: string) => {
    if (!context.writes) return undefined;
    if (!writes.has(name)) writes.set(name, context.writes.nextWrite(name));
    return writes.get(name);
  };
  return withBytesChecked(deps, [], (check) => decideAcrossChecked(deps, releaseId, expectedRevision, context, writeOf, (release, pages, menus) => checked(decideRelease(release, pages, menus), pages, check)));
}

type Decide = (release: ReleaseState, pages: ReadonlyMap<string, PageFacts>, menus: ReadonlyMap<string, MenuFacts>) => ReleaseDecision;

/**
 * No page of a release goes live naming library bytes the blob store lacks (as a publication by
 * hand is refused): V_12 on the item's property, `items[n].blocks[2].__images[0].hash`.
 */
function checked(decision: ReleaseDecision, pages: ReadonlyMap<string, PageFacts>, check: BytesCheck): ReleaseDecision {
  decision.pages.forEach((part, n) => {
    const page = pages.get(part.pageId);
    if (!page) return;
    try {
      check(page.state, part.events);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new ValidationError(error.items.map((item) => errorItem(item.code, `items[${n}].${item.property}`, 'release')));
    }
  });
  return decision;
}

async function decideAcrossChecked(
  deps: CommandDeps,
  releaseId: string,
  expectedRevision: ExpectedRevision,
  context: CommandContext,
  writeOf: (stream: string) => KeyedWrite | undefined,
  decide: Decide,
): Promise<ReleaseOutcome & { decided: boolean }> {
  const stream = releaseStream(releaseId);
  const releaseWrite = writeOf(stream);
  for (let attempt = 1; ; attempt++) {
    const release = await loadStream(deps.store, stream, releaseEvolver);
    const earlier = releaseWrite?.findIn(release.events) ?? null;
    if (earlier) {
      const last = earlier.events[earlier.events.length - 1]!;
      return { releaseID: releaseId, revision: last.revision, position: last.position, decided: true };
    }
    const pageIds = [...new Set([...release.state.items.map((i) => i.pageId), ...release.state.published.map((i) => i.pageId)])];
    const pages = new Map<string, PageFacts>(
      await Promise.all(pageIds.map(async (pageId) => {
        const loaded = await loadStream(deps.store, pageStream(pageId), pageEvolver);
        return [pageId, { state: loaded.state, revision: loaded.revision, history: loaded.events }] as const;
      })),
    );
    const menuIds = [...new Set([...release.state.menus.map((m) => m.menuId), ...release.state.publishedMenus.map((m) => m.menuId)])];
    const menus = new Map<string, MenuFacts>(
      await Promise.all(menuIds.map(async (menuId) => {
        const loaded = await loadStream(deps.store, menuStream(menuId), menuEvolver);
        return [menuId, { state: loaded.state, revision: loaded.revision }] as const;
      })),
    );
    if (expectedRevision !== 'any' && expectedRevision !== release.revision) {
      // A release that does not exist is the decider's to report (404), not a stale revision.
      if (release.revision === 0) decide(release.state, pages, menus);
      throw new ConflictError(stream, expectedRevision, release.revision);
    }
    const decision = decide(release.state, pages, menus);
    // Nothing of a failed append is stored, so each attempt's ids are the write's first round.
    const part = (name: string, events: Parameters<typeof newEventsOf>[0], expectedRevision: number): StreamAppend => {
      const write = writeOf(name);
      return { stream: name, events: newEventsOf(events, context, write ? (i) => write.eventId(0, i) : undefined), expectedRevision };
    };
    const last = release.events[release.events.length - 1];
    if (decision.release.length === 0) return { releaseID: releaseId, revision: release.revision, position: last?.position ?? 0, decided: false };
    const parts: StreamAppend[] = [
      ...decision.pages.filter((p) => p.events.length > 0).map((p) => part(pageStream(p.pageId), p.events, p.revision)),
      ...decision.menus.filter((m) => m.events.length > 0).map((m) => part(menuStream(m.menuId), m.events, m.revision)),
      // Last: the release's event is where the site changes, after every page's own record.
      part(stream, decision.release, release.revision),
    ];
    try {
      const results = await deps.store.appendMany(parts);
      const mine = results[results.length - 1]!;
      return { releaseID: releaseId, revision: mine.revision, position: mine.position, decided: true };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // The caller's own stale revision of the release is theirs to resolve; a page or menu that moved is decided again.
      if (expectedRevision !== 'any' && error.stream === stream) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new StoreUnavailableError(error);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Publishes every page of the release at once (or, for the scheduler, only when it is due as scheduled). */
export async function publishReleaseNow(deps: CommandDeps & MediaBytesDeps, releaseId: string, input: { revision?: number; scheduledAt?: string; mayPublishMenus?: boolean }, context: CommandContext, actor: Actor) {
  const { scheduledAt, mayPublishMenus } = input;
  return decideAcross(deps, releaseId, input.revision ?? 'any', context, (release, pages, menus) =>
    publishRelease(release, pages, { actor, now: context.now, ...(scheduledAt !== undefined ? { scheduledAt } : {}), ...(mayPublishMenus !== undefined ? { mayPublishMenus } : {}) }, menus),
  );
}

/** Puts every page of a published release back as it was before, at once. */
export async function rollbackReleaseNow(deps: CommandDeps & MediaBytesDeps, releaseId: string, input: { revision?: number; mayPublishMenus?: boolean }, context: CommandContext) {
  const { mayPublishMenus } = input;
  return decideAcross(deps, releaseId, input.revision ?? 'any', context, (release, pages, menus) => {
    const ids = new Map<string, string>();
    return rollbackRelease(
      release,
      pages,
      {
        newVersionId: (pageId) => {
          if (!ids.has(pageId)) ids.set(pageId, context.newId());
          return ids.get(pageId)!;
        },
        ...(mayPublishMenus !== undefined ? { mayPublishMenus } : {}),
      },
      menus,
    );
  });
}
