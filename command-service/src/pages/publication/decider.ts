import type { PageEvent, PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { mayDecideRequest, mayWithdrawRequest } from '@pagelog/contracts/pages/page-actions';
import { assertNever, type Decider } from '../../core/decider';
import { afterEvents, authoringDecider, type StoreVersion } from '../authoring/decider';
import { isLive, pageEvolver, statusOf, type PageState, type PendingSchedule } from '../page-state';
import type { ScheduleAction } from '@pagelog/contracts/events/page-events';
import { SCHEDULE_MAX_AHEAD_MS } from '@pagelog/contracts/pages/schedules';

/** Who is acting, as far as the workflow rules care. */
export interface Actor {
  actorId: string;
  /** Holds review-publication: may revoke or resend someone else's request. */
  isReviewer: boolean;
}

export interface PublishPage {
  type: 'PublishPage';
  data: Actor;
}
export interface UnpublishPage {
  type: 'UnpublishPage';
  data: Actor;
}
export interface StoreAndPublish {
  type: 'StoreAndPublish';
  data: Actor & { store: StoreVersion['data'] };
}
export interface StoreAndUnpublish {
  type: 'StoreAndUnpublish';
  data: Actor & { store: StoreVersion['data'] };
}
export interface RequestPublication {
  type: 'RequestPublication';
  data: Actor & { requestId: string; comment: string };
}
export interface AcceptPublication {
  type: 'AcceptPublication';
  data: Actor & { versionId: string; feedback: string };
}
export interface RejectPublication {
  type: 'RejectPublication';
  data: Actor & { versionId: string; feedback: string };
}
export interface RevokePublication {
  type: 'RevokePublication';
  data: Actor & { versionId: string };
}
export interface ResendPublication {
  type: 'ResendPublication';
  data: Actor & { versionId: string; comment?: string };
}

/** Plans publishing the draft, or unpublishing, for a moment in the future (issue 17). */
export interface SchedulePageChange {
  type: 'SchedulePageChange';
  data: Actor & { scheduleId: string; action: ScheduleAction; at: string; now: string };
}
export interface CancelSchedule {
  type: 'CancelSchedule';
  data: Actor & { action: ScheduleAction };
}
/** The scheduler: carry out a due schedule (nothing when it is gone or no longer due). */
export interface RunSchedule {
  type: 'RunSchedule';
  data: { scheduleId: string; action: ScheduleAction; now: string };
}
/** The scheduler: a due schedule could not be carried out; it is tried again at `retryAt`. */
export interface RecordScheduleFailure {
  type: 'RecordScheduleFailure';
  data: { scheduleId: string; action: ScheduleAction; code: string; message: string; retryAt: string };
}

/** The translator: the named blocks (or all) follow the source again (issue 17). */
export interface MarkTranslationUpToDate {
  type: 'MarkTranslationUpToDate';
  data: Actor & { blockKeys: string[] | null };
}

export type PublicationCommand =
  | MarkTranslationUpToDate
  | SchedulePageChange
  | CancelSchedule
  | RunSchedule
  | RecordScheduleFailure
  | PublishPage
  | UnpublishPage
  | StoreAndPublish
  | StoreAndUnpublish
  | RequestPublication
  | AcceptPublication
  | RejectPublication
  | RevokePublication
  | ResendPublication;

const requestModel = 'publicationRequest';

function requireLive(state: PageState, modelName = 'page'): void {
  if (!isLive(state)) throw new NotFoundError('PM_01', 'id', modelName);
}

/** The open request of the version; V_07 when there is none (decided, revoked, or another version's). */
function openRequestOf(state: PageState, versionId: string) {
  requireLive(state, requestModel);
  if (!state.versionIds.includes(versionId)) throw new NotFoundError('PM_01', 'id', requestModel);
  if (!state.openRequest || state.openRequest.versionId !== versionId) throw ValidationError.of('V_07', 'hasPublicationRequest', requestModel);
  return state.openRequest;
}

/** The pending schedule of an action, dropped (a publication by hand makes it moot). */
function cancelled(state: PageState, action: ScheduleAction, when: (pending: PendingSchedule) => boolean): PageEvent[] {
  const pending = state.schedules[action];
  return pending && when(pending) ? [{ type: 'PageScheduleCancelled', data: { pageId: state.pageId, scheduleId: pending.scheduleId, action } }] : [];
}

/**
 * Publishes the draft; a request open on it counts as accepted by whoever published, and a
 * publication of it scheduled for later is dropped (it has happened).
 */
function publish(state: PageState): PageEvent[] {
  if (state.publishedVersionId === state.draftVersionId) return [];
  const events: PageEvent[] = [
    { type: 'PagePublished', data: { pageId: state.pageId, versionId: state.draftVersionId, slug: state.slug, locale: state.locale } },
    ...cancelled(state, 'publish', (pending) => pending.versionId === state.draftVersionId),
  ];
  const open = state.openRequest;
  if (open) {
    events.push({
      type: 'PublicationAccepted',
      data: { pageId: state.pageId, versionId: open.versionId, requestId: open.requestId, feedback: '', requestedBy: open.requestedBy },
    });
  }
  return events;
}

/** Takes the page off the site; an unpublication scheduled for later is dropped (it has happened). */
function unpublish(state: PageState): PageEvent[] {
  if (state.publishedVersionId === null) return [];
  return [
    { type: 'PageUnpublished', data: { pageId: state.pageId, versionId: state.publishedVersionId, slug: state.slug, locale: state.locale } },
    ...cancelled(state, 'unpublish', () => true),
  ];
}

/** Plans a publication or an unpublication: in the future, and only where there will be something to do. */
function schedule(state: PageState, d: SchedulePageChange['data']): PageEvent[] {
  requireLive(state);
  const at = Date.parse(d.at);
  const now = Date.parse(d.now);
  if (!(at > now) || at - now > SCHEDULE_MAX_AHEAD_MS) throw ValidationError.of('V_12', 'at', 'page');
  let versionId: string;
  if (d.action === 'publish') {
    // Nothing to publish: the draft is what the site shows.
    if (state.publishedVersionId === state.draftVersionId) throw ValidationError.of('V_07', 'status', 'page');
    versionId = state.draftVersionId;
  } else {
    const publishing = state.schedules.publish;
    // Nothing to take off: not live, and not going live before then.
    const live = state.publishedVersionId ?? (publishing && Date.parse(publishing.at) < at ? publishing.versionId : null);
    if (live === null) throw ValidationError.of('V_07', 'status', 'page');
    versionId = live;
  }
  return [{ type: 'PageChangeScheduled', data: { pageId: state.pageId, scheduleId: d.scheduleId, action: d.action, at: new Date(at).toISOString(), versionId, locale: state.locale, scheduledBy: d.actorId } }];
}

/** Carries out a due schedule: the publication (or unpublication) and the record of it, in one append. */
function runSchedule(state: PageState, d: RunSchedule['data']): PageEvent[] {
  const pending = state.schedules[d.action];
  if (!isLive(state) || !pending || pending.scheduleId !== d.scheduleId || Date.parse(pending.at) > Date.parse(d.now)) return [];
  const rest = { ...state, schedules: { ...state.schedules, [d.action]: null } };
  // A publication of a version no longer the draft: it went live by hand and a new draft began.
  const changes = d.action === 'publish' ? (pending.versionId === state.draftVersionId ? publish(rest) : []) : unpublish(rest);
  return [
    ...changes,
    { type: 'PageScheduleCarriedOut', data: { pageId: state.pageId, scheduleId: pending.scheduleId, action: d.action, versionId: pending.versionId, scheduledBy: pending.scheduledBy, changed: changes.length > 0 } },
  ];
}

/** A store followed by a second step, decided on the state the store leaves. */
function storeThen(state: PageState, store: StoreVersion['data'], next: (after: PageState) => PageEvent[]): PageEvent[] {
  const stored = authoringDecider.decide({ type: 'StoreVersion', data: store }, state);
  return [...stored, ...next(afterEvents(state, stored))];
}

function decidePublication(command: PublicationCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'MarkTranslationUpToDate': {
      requireLive(state);
      // Only a page made as a translation follows a source.
      if (state.translatedFrom === null) throw ValidationError.of('V_07', 'copiedFrom', 'page');
      return [{ type: 'TranslationMarkedUpToDate', data: { pageId: state.pageId, sourcePageId: state.translatedFrom, blockKeys: command.data.blockKeys } }];
    }
    case 'SchedulePageChange':
      return schedule(state, command.data);
    case 'CancelSchedule': {
      requireLive(state);
      const pending = state.schedules[command.data.action];
      if (!pending) throw ValidationError.of('V_07', 'schedules', 'page');
      return [{ type: 'PageScheduleCancelled', data: { pageId: state.pageId, scheduleId: pending.scheduleId, action: command.data.action } }];
    }
    case 'RunSchedule':
      return runSchedule(state, command.data);
    case 'RecordScheduleFailure': {
      const d = command.data;
      const pending = state.schedules[d.action];
      if (!pending || pending.scheduleId !== d.scheduleId) return [];
      return [{ type: 'PageScheduleFailed', data: { pageId: state.pageId, scheduleId: d.scheduleId, action: d.action, at: pending.at, scheduledBy: pending.scheduledBy, code: d.code, message: d.message, attempt: pending.attempts + 1, retryAt: d.retryAt } }];
    }
    case 'PublishPage':
      requireLive(state);
      return publish(state);
    case 'UnpublishPage':
      requireLive(state);
      return unpublish(state);
    case 'StoreAndPublish':
      return storeThen(state, command.data.store, publish);
    case 'StoreAndUnpublish':
      return storeThen(state, command.data.store, unpublish);
    case 'RequestPublication': {
      requireLive(state, requestModel);
      if (state.openRequest) throw ValidationError.of('V_07', 'hasPublicationRequest', requestModel);
      // Nothing to ask for: the draft is what the site shows already.
      if (statusOf(state) === 'published') throw ValidationError.of('V_07', 'status', requestModel);
      const d = command.data;
      return [
        {
          type: 'PublicationRequested',
          data: { pageId: state.pageId, versionId: state.draftVersionId, requestId: d.requestId, comment: d.comment, requestedBy: d.actorId },
        },
      ];
    }
    case 'AcceptPublication':
    case 'RejectPublication': {
      const d = command.data;
      const open = openRequestOf(state, d.versionId);
      // Four eyes: a reviewer does not decide on their own request.
      if (!mayDecideRequest(open.requestedBy, d.actorId)) throw new ForbiddenError('UM_01');
      const decided = { pageId: state.pageId, versionId: open.versionId, requestId: open.requestId, feedback: d.feedback, requestedBy: open.requestedBy };
      if (command.type === 'RejectPublication') return [{ type: 'PublicationRejected', data: decided }];
      const published = publish({ ...state, openRequest: null });
      return [...published, { type: 'PublicationAccepted', data: decided }];
    }
    case 'RevokePublication':
    case 'ResendPublication': {
      const d = command.data;
      const open = openRequestOf(state, d.versionId);
      if (!mayWithdrawRequest(open.requestedBy, d.actorId, d.isReviewer)) throw new ForbiddenError('UM_01');
      const ids = { pageId: state.pageId, versionId: open.versionId, requestId: open.requestId };
      if (command.type === 'RevokePublication') return [{ type: 'PublicationRequestRevoked', data: ids }];
      return [{ type: 'PublicationRequestResent', data: { ...ids, comment: command.data.comment?.trim() ?? '' } }];
    }
    default:
      return assertNever(command);
  }
}

/** A page's publication workflow, in the shape every decider has. */
export const publicationDecider: Decider<PublicationCommand, PageEvent, PageState> = { ...pageEvolver, decide: decidePublication };
