import { randomUUID } from 'node:crypto';
import { pageStream, type PageStreamEvent, type ScheduleAction } from '@pagelog/contracts/events/page-events';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { ExpectedRevision } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import type { HandleResult } from '../../core/handle';
import { storeCommandData, storedBlocks, storedVersionId, type StoreVersionInput } from '../authoring/commands';
import { afterEvents } from '../authoring/decider';
import { pageConflictDetails, pageEvolver, type PageState } from '../page-state';
import type { PagesDeps } from '../pages-deps';
import { withBytesChecked, type MediaBytesDeps } from '../media-bytes';
import { publicationDecider, type Actor, type PublicationCommand } from './decider';

/** The system acting (seeding): not a reviewer, and nobody's requests. */
export const SYSTEM_ACTOR_FACTS: Actor = { actorId: 'system', isReviewer: false };

/**
 * Decides a publication command on the page's stream and appends its events. A version it stores
 * or publishes must not name bytes the blob store lacks (withBytesChecked); `brings` is the
 * content the command itself carries (a store-and-publish), looked up first.
 */
async function run(
  deps: CommandDeps & MediaBytesDeps,
  pageId: string,
  revision: ExpectedRevision,
  command: (state: PageState, revision: number, history: readonly PageStreamEvent[]) => PublicationCommand,
  context: CommandContext,
  brings: readonly VersionContent[] = [],
): Promise<HandleResult<PageStreamEvent> & { before: PageState }> {
  let before = pageEvolver.initialState;
  const result = await withBytesChecked(deps, brings, (check) =>
    deps.handle(
      pageStream(pageId),
      revision,
      pageEvolver,
      (state, current, history) => {
        before = state;
        const events = publicationDecider.decide(command(state, current, history), state);
        check(state, events);
        return events;
      },
      context,
      { describeConflict: pageConflictDetails },
    ),
  );
  return { ...result, before };
}

const reply = (pageId: string, result: HandleResult<PageStreamEvent> & { before: PageState }) => {
  const after = afterEvents(result.before, result.events);
  // What went live, if the command published: the draft it published (a store first stored into it).
  const publishedBlocks = result.events.some((e) => e.type === 'PagePublished') ? after.draft.blocks : null;
  return { pageID: pageId, pageVersionID: after.draftVersionId, publishedVersionID: after.publishedVersionId, publishedBlocks, revision: result.revision, position: result.position };
};

/** Makes the draft the published version (a request open on it counts as accepted). */
export async function publishPage(deps: CommandDeps & MediaBytesDeps, pageId: string, revision: ExpectedRevision, context: CommandContext, actor: Actor = SYSTEM_ACTOR_FACTS) {
  const result = await run(deps, pageId, revision, () => ({ type: 'PublishPage', data: actor }), context);
  return reply(pageId, result);
}

export async function unpublishPage(deps: CommandDeps & MediaBytesDeps, pageId: string, revision: ExpectedRevision, context: CommandContext, actor: Actor) {
  return reply(pageId, await run(deps, pageId, revision, () => ({ type: 'UnpublishPage', data: actor }), context));
}

/** Stores the draft and publishes (or unpublishes) in one append: both happen or neither. */
export async function storeAnd(
  deps: CommandDeps & MediaBytesDeps,
  then: 'publish' | 'unpublish',
  versionId: string,
  input: StoreVersionInput,
  context: CommandContext,
  actor: Actor,
) {
  const result = await run(
    deps,
    input.pageID,
    'any',
    (state, revision, history) => {
      const store = storeCommandData(versionId, input, context, state, revision, history);
      return then === 'publish' ? { type: 'StoreAndPublish', data: { ...actor, store } } : { type: 'StoreAndUnpublish', data: { ...actor, store } };
    },
    context,
    [input],
  );
  return {
    ...reply(input.pageID, result),
    pageVersionID: storedVersionId(result.events, result.before.draftVersionId || versionId),
    merged: result.events.some((e) => e.type === 'PageVersionStored' && e.data.mergedFromRevision !== undefined),
    blocks: storedBlocks(result.events, input.blocks),
  };
}

export async function requestPublication(deps: PagesDeps, pageId: string, input: { comment: string; revision?: number }, context: CommandContext, actor: Actor) {
  const requestId = context.newId();
  const result = await run(deps, pageId, input.revision ?? 'any', () => ({ type: 'RequestPublication', data: { ...actor, requestId, comment: input.comment } }), context);
  return { ...reply(pageId, result), requestId };
}

/** The page a version-addressed call is about: named in the body, or looked up. */
async function pageOf(deps: PagesDeps, versionId: string, pageId: string | undefined): Promise<string> {
  const found = pageId || (await deps.lookups.pageOfVersion(versionId));
  if (!found) throw new NotFoundError('PM_01', 'id', 'publicationRequest');
  return found;
}

export type ReviewStep =
  | { type: 'AcceptPublication'; feedback: string }
  | { type: 'RejectPublication'; feedback: string }
  | { type: 'RevokePublication' }
  | { type: 'ResendPublication'; comment?: string };

function stepCommand(step: ReviewStep, data: Actor & { versionId: string }): PublicationCommand {
  switch (step.type) {
    case 'AcceptPublication':
    case 'RejectPublication':
      return { type: step.type, data: { ...data, feedback: step.feedback } };
    case 'RevokePublication':
      return { type: step.type, data };
    case 'ResendPublication':
      return { type: step.type, data: { ...data, comment: step.comment } };
  }
}

/** Accept, reject, revoke or resend the open request of a version. */
export async function reviewStep(deps: PagesDeps, versionId: string, pageID: string | undefined, step: ReviewStep, context: CommandContext, actor: Actor) {
  const pageId = await pageOf(deps, versionId, pageID);
  let requestId = '';
  const result = await run(
    deps,
    pageId,
    'any',
    (state) => {
      requestId = state.openRequest?.requestId ?? '';
      return stepCommand(step, { ...actor, versionId });
    },
    context,
  );
  return { ...reply(pageId, result), pageVersionID: versionId, requestId };
}

/** Plans publishing the draft, or unpublishing, at a moment in the future (issue 17). */
export async function schedulePageChange(deps: CommandDeps & MediaBytesDeps, pageId: string, input: { action: ScheduleAction; at: string; revision?: number }, context: CommandContext, actor: Actor) {
  const scheduleId = randomUUID();
  const result = await run(deps, pageId, input.revision ?? 'any', () => ({ type: 'SchedulePageChange', data: { ...actor, scheduleId, action: input.action, at: input.at, now: context.now } }), context);
  return { pageID: pageId, scheduleId, revision: result.revision, position: result.position };
}

export async function cancelSchedule(deps: CommandDeps & MediaBytesDeps, pageId: string, action: ScheduleAction, context: CommandContext, actor: Actor) {
  const result = await run(deps, pageId, 'any', () => ({ type: 'CancelSchedule', data: { ...actor, action } }), context);
  return { pageID: pageId, revision: result.revision, position: result.position };
}

/** The scheduler: carries out a due schedule; answers whether anything was appended. */
export async function runSchedule(deps: CommandDeps & MediaBytesDeps, pageId: string, schedule: { scheduleId: string; action: ScheduleAction }, context: CommandContext) {
  const result = await run(deps, pageId, 'any', () => ({ type: 'RunSchedule', data: { ...schedule, now: context.now } }), context);
  return { carriedOut: result.events.some((e) => e.type === 'PageScheduleCarriedOut'), position: result.position };
}

/** The scheduler: records that a due schedule failed, and when it is tried again. */
export async function recordScheduleFailure(deps: CommandDeps & MediaBytesDeps, pageId: string, failure: { scheduleId: string; action: ScheduleAction; code: string; message: string; retryAt: string }, context: CommandContext) {
  await run(deps, pageId, 'any', () => ({ type: 'RecordScheduleFailure', data: failure }), context);
}

/** The translator marks blocks (or the whole page) up to date with the source (issue 17). */
export async function markTranslationUpToDate(deps: CommandDeps & MediaBytesDeps, pageId: string, blockKeys: string[] | null, context: CommandContext, actor: Actor) {
  const result = await run(deps, pageId, 'any', () => ({ type: 'MarkTranslationUpToDate', data: { ...actor, blockKeys } }), context);
  return { pageID: pageId, revision: result.revision, position: result.position };
}
