/**
 * Paths of admin screens that other parts link to (navigation, mails, lists), without the page
 * type definitions and their block registry.
 */

/** The admin route of a page type's overview: id lower-cased and URL-encoded. */
export function pageTypeOverviewPath(id: string): string {
  return `/cmsadmin/page-overview/${encodeURIComponent(id.toLowerCase())}`;
}

/** The admin route of a page's editor. */
export function pageEditorPath(pageId: string): string {
  return `/cmsadmin/pages/${encodeURIComponent(pageId)}`;
}

/** A page's editor with its replay open at the step of the event at `position` (the audit log's "Replay from here"). */
export function pageReplayPath(pageId: string, position: number): string {
  return `${pageEditorPath(pageId)}?replay=${position}`;
}

/** The admin route of a release (issue 17). */
export function releasePath(releaseId: string): string {
  return `/cmsadmin/releases/${encodeURIComponent(releaseId)}`;
}
