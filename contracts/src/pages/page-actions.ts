import type { PageView } from './page';

/**
 * What a user may do to a page in its state (decision 0004's publication workflow). The store-first
 * actions (`saveAndPublish`, `saveAndRequestPublication`) apply while the editor holds unsaved
 * changes; the others act on the page as stored.
 */
export const pageActions = [
  'save',
  'saveAndPublish',
  'publish',
  'unpublish',
  'requestPublication',
  'saveAndRequestPublication',
  'reviewRequest',
  'revokeRequest',
  'resendRequest',
  'duplicate',
  'delete',
] as const;

export type PageAction = (typeof pageActions)[number];

/** The facts the rules read: the page's publication state, and who asks with which permissions. */
export interface PageActionFacts {
  page: Pick<PageView, 'status' | 'publishedVersionID' | 'hasPublicationRequest' | 'openRequest'>;
  /** The caller's permission names. */
  permissions: readonly string[];
  userId: string;
}

/** Whether an open publication request pins the page's draft: nobody changes it until the request is decided or revoked. */
export function isPinned(page: PageActionFacts['page']): boolean {
  return page.hasPublicationRequest || page.openRequest !== null;
}

/** Four eyes: a reviewer never decides on their own request. */
export function mayDecideRequest(requestedBy: string, actorId: string): boolean {
  return requestedBy !== actorId;
}

/** The requester withdraws or resends their own request; a reviewer anyone's. */
export function mayWithdrawRequest(requestedBy: string, actorId: string, isReviewer: boolean): boolean {
  return requestedBy === actorId || isReviewer;
}

/**
 * The actions the editor offers, in toolbar order, by the caller's permissions and the page's
 * state: never one the deciders would refuse (their request rules are the functions above), and
 * sometimes fewer. While a request is open the workflow goes through its review, so publishing,
 * unpublishing and deleting are not offered then, although the API still accepts a direct publish
 * (it counts as accepting the request) and a delete (it revokes the request first), decision 0004.
 */
export function availablePageActions({ page, permissions, userId }: PageActionFacts): PageAction[] {
  const has = (name: string) => permissions.includes(name);
  const draftLive = page.status === 'published';
  const open = page.openRequest;
  const isReviewer = has('review-publication');
  const applies: Record<PageAction, boolean> = isPinned(page)
    ? {
        save: false,
        saveAndPublish: false,
        publish: false,
        unpublish: false,
        requestPublication: false,
        saveAndRequestPublication: false,
        reviewRequest: isReviewer && (open === null || mayDecideRequest(open.requestedBy, userId)),
        revokeRequest: has('request-publication') && (open === null ? isReviewer : mayWithdrawRequest(open.requestedBy, userId, isReviewer)),
        resendRequest: has('request-publication') && (open === null ? isReviewer : mayWithdrawRequest(open.requestedBy, userId, isReviewer)),
        duplicate: has('create-page'),
        delete: false,
      }
    : {
        save: has('edit-page'),
        saveAndPublish: has('edit-page') && has('publish-page'),
        // Nothing to publish or ask for while the draft is what the site shows already.
        publish: has('publish-page') && !draftLive,
        unpublish: has('publish-page') && page.publishedVersionID !== null,
        requestPublication: has('request-publication') && !draftLive,
        // Storing first makes a new draft, so the request applies even to a live page.
        saveAndRequestPublication: has('request-publication') && has('edit-page'),
        reviewRequest: false,
        revokeRequest: false,
        resendRequest: false,
        duplicate: has('create-page'),
        delete: has('delete-page'),
      };
  return pageActions.filter((action) => applies[action]);
}
