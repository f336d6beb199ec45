import type { PageView } from '@pagelog/contracts/pages/page';

/** The editor's page actions (the toolbar). */
export type EditorActionName =
  | 'save'
  | 'saveAndPublish'
  | 'publish'
  | 'unpublish'
  | 'requestPublication'
  | 'reviewRequest'
  | 'revokeRequest'
  | 'resendRequest'
  | 'duplicate'
  | 'delete';

export interface ActionContext {
  page: Pick<PageView, 'status' | 'publishedVersionID' | 'hasPublicationRequest' | 'openRequest'>;
  /** The signed-in user's permission names. */
  permissions: readonly string[];
  userId: string;
  unsaved: boolean;
}

/** Whether the page's draft is pinned by an open publication request (decision 0004). */
export function isPinned(page: ActionContext['page']): boolean {
  return page.hasPublicationRequest || page.openRequest !== null;
}

/** Whether the editor may change the draft: it needs edit-page, and no open request may pin it. */
export function canEdit(context: Pick<ActionContext, 'page' | 'permissions'>): boolean {
  return context.permissions.includes('edit-page') && !isPinned(context.page);
}

/**
 * The actions that apply, by permission and by the page's state. Save stays listed while nothing
 * is unsaved (the toolbar disables it); Publish and Save and publish take turns: publishing the
 * stored draft needs nothing unsaved, publishing edits stores them first.
 */
export function availableActions({ page, permissions, userId, unsaved }: ActionContext): Set<EditorActionName> {
  const has = (name: string) => permissions.includes(name);
  const pinned = isPinned(page);
  const draftLive = page.status === 'published';
  const isRequester = page.openRequest !== null && page.openRequest.requestedBy === userId;
  const actions = new Set<EditorActionName>();

  if (!pinned) {
    if (has('edit-page')) actions.add('save');
    if (has('edit-page') && has('publish-page') && unsaved) actions.add('saveAndPublish');
    if (has('publish-page') && !unsaved && !draftLive) actions.add('publish');
    if (has('publish-page') && page.publishedVersionID !== null) actions.add('unpublish');
    // With unsaved changes the request stores them first, which needs edit-page.
    if (has('request-publication') && (unsaved ? has('edit-page') : !draftLive)) actions.add('requestPublication');
    if (has('delete-page')) actions.add('delete');
  } else {
    // A reviewer never decides on their own request (UM_01).
    if (has('review-publication') && !isRequester) actions.add('reviewRequest');
    if (has('request-publication') && (isRequester || has('review-publication'))) {
      actions.add('revokeRequest');
      actions.add('resendRequest');
    }
  }
  if (has('create-page')) actions.add('duplicate');
  return actions;
}
