/** The releases screens' routes inside the admin (below the /cmsadmin basename). */
export const RELEASES_PATH = '/releases';

/** A release's own screen. */
export function releasePath(releaseId: string): string {
  return `${RELEASES_PATH}/${encodeURIComponent(releaseId)}`;
}
