/**
 * Names shared by the projector (which writes read models) and the query service (which reads
 * them): each collection with the projection that owns it.
 */
export const readModels = {
  settings: { projection: 'settings', collection: 'settings' },
  pages: { projection: 'pages', collection: 'pages' },
  pageVersions: { projection: 'pages', collection: 'page_versions' },
  publicPages: { projection: 'public-pages', collection: 'public_pages' },
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
