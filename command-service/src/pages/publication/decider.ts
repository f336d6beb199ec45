import type { PageEvent, PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { mayDecideRequest, mayWithdrawRequest } from '@pagelog/contracts/pages/page-actions';
import { assertNever, type Decider } from '../../core/decider';
import { afterEvents, authoringDecider, type StoreVersion } from '../authoring/decider';
import { isLive, pageEvolver, statusOf, type PageState } from '../page-state';

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

export type PublicationCommand =
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

/** Publishes the draft; a request open on it counts as accepted by whoever published. */
function publish(state: PageState): PageEvent[] {
  if (state.publishedVersionId === state.draftVersionId) return [];
  const events: PageEvent[] = [
    { type: 'PagePublished', data: { pageId: state.pageId, versionId: state.draftVersionId, slug: state.slug, locale: state.locale } },
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

function unpublish(state: PageState): PageEvent[] {
  if (state.publishedVersionId === null) return [];
  return [{ type: 'PageUnpublished', data: { pageId: state.pageId, versionId: state.publishedVersionId, slug: state.slug, locale: state.locale } }];
}

/** A store followed by a second step, decided on the state the store leaves. */
function storeThen(state: PageState, store: StoreVersion['data'], next: (after: PageState) => PageEvent[]): PageEvent[] {
  const stored = authoringDecider.decide({ type: 'StoreVersion', data: store }, state);
  return [...stored, ...next(afterEvents(state, stored))];
}

function decidePublication(command: PublicationCommand, state: PageState): PageEvent[] {
  switch (command.type) {
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
