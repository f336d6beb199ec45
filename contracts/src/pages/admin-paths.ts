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

/** The admin route of a release (issue 17). */
export function releasePath(releaseId: string): string {
  return `/cmsadmin/releases/${encodeURIComponent(releaseId)}`;
}
