/**
 * Names shared by the projector (which writes read models) and the query service (which reads
 * them): each collection with the projection that owns it.
 */
export const readModels = {
  settings: { projection: 'settings', collection: 'settings' },
  pages: { projection: 'pages', collection: 'pages' },
  pageVersions: { projection: 'pages', collection: 'page_versions' },
  /** Every publication request, open or decided, by request id. */
  publicationRequests: { projection: 'pages', collection: 'publication_requests' },
  /** One document per (page, internal path its draft links to): which pages link where. */
  pageLinks: { projection: 'pages', collection: 'page_links' },
  publicPages: { projection: 'public-pages', collection: 'public_pages' },
  /** Old public paths of pages that moved, by `${locale}:${slug}`, pointing at the page. */
  publicRedirects: { projection: 'public-pages', collection: 'public_redirects' },
  users: { projection: 'users', collection: 'users' },
  roles: { projection: 'users', collection: 'roles' },
} as const;

export type ReadModelName = keyof typeof readModels;

/** The id of the single settings document. */
export const SETTINGS_DOC_ID = 'current';

export interface ProjectionStatus {
  name: string;
  position: number;
  headPosition: number;
  lag: number;
  updatedAt: string | null;
  error: { position: number; eventType: string; message: string; attempts: number; nextRetryAt: string } | null;
}
