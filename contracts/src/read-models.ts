/**
 * Names shared by the projector (which writes read models) and the query service (which reads
 * them): each collection with the projection that owns it.
 */
export const readModels = {
  settings: { projection: 'settings', collection: 'settings', temporal: true },
  pages: { projection: 'pages', collection: 'pages' },
  pageVersions: { projection: 'pages', collection: 'page_versions' },
  /** Every publication request, open or decided, by request id. */
  publicationRequests: { projection: 'pages', collection: 'publication_requests' },
  /** One document per (page, internal path its draft links to): which pages link where. */
  pageLinks: { projection: 'pages', collection: 'page_links' },
  /** Each translation's blocks whose source changed since it was last brought up to date (issue 17), by page id. */
  translationStatus: { projection: 'translation-sync', collection: 'translation_status' },
  /** The translation-sync projection's own memory of every page: its blocks, its source, and what of the source it last followed. */
  translationSyncPages: { projection: 'translation-sync', collection: 'translation_sync_pages' },
  /** Every pending scheduled publication or unpublication (issue 17), by schedule id, found by when it is due. */
  pageSchedules: { projection: 'pages', collection: 'page_schedules' },
  /** Releases (issue 17), by id, found by status and by when they are due. */
  releases: { projection: 'releases', collection: 'releases' },
  publicPages: { projection: 'public-pages', collection: 'public_pages', temporal: true },
  /** Old public paths of pages that moved, by `${locale}:${slug}`, pointing at the page. */
  publicRedirects: { projection: 'public-pages', collection: 'public_redirects', temporal: true },
  /**
   * Which live page carries which tag (any tag: visibility is the tags' to say), one document per
   * (tag, page) with the page's locale, type and list date: a tag's published pages, newest first.
   */
  publicPageTags: { projection: 'public-pages', collection: 'public_page_tags', temporal: true },
  /** The public-pages projection's own memory of every page (its draft, tags, whether deleted): what a page's tags were once it is off the site. */
  publicPageDrafts: { projection: 'public-pages', collection: 'public_page_drafts' },
  users: { projection: 'users', collection: 'users' },
  roles: { projection: 'users', collection: 'roles' },
  /** The media library's folders, by id, with their paths (see media/media-read-models). */
  mediaFolders: { projection: 'media', collection: 'media_folders' },
  /** The media library's files and videos, by id (deleted ones are removed). */
  mediaItems: { projection: 'media', collection: 'media_items', temporal: true },
  /** Which pages use which media (by content hash) now, one document per (page, hash). */
  mediaUsage: { projection: 'media-usage', collection: 'media_usage' },
  /** When each page used each hash: one document per period of use, for "used at a date". */
  mediaUsagePeriods: { projection: 'media-usage', collection: 'media_usage_periods' },
  /** The media-usage projection's own memory of each page: its title, slug, draft and published version. */
  mediaUsagePages: { projection: 'media-usage', collection: 'media_usage_pages' },
  /** The library media (content hashes) each page version refers to, by version id. */
  mediaUsageVersions: { projection: 'media-usage', collection: 'media_usage_versions' },
  /** The menus as the editor reads them, by menu id (`<locale>-<kind>`): draft and published tree. */
  menus: { projection: 'menus', collection: 'menus' },
  /** The menus projection's own memory of every page: locale, slug, titles, whether it is live. */
  menuPages: { projection: 'menus', collection: 'menu_pages' },
  /** The published menus with the live pages they name, by menu id: what the public site reads. */
  publicMenus: { projection: 'menus', collection: 'public_menus', temporal: true },
  /** Every tag by id, with its locale, visibility, name, key, slug, merged flag and page counts (issue 15). */
  tags: { projection: 'tags', collection: 'tags', temporal: true },
  /** The tags projection's own memory of every page: its locale, tags, whether it is live. */
  tagPages: { projection: 'tags', collection: 'tag_pages' },
  /** Which pages carry which tag now, one document per (tag, page), found by tag. */
  tagPageLinks: { projection: 'tags', collection: 'tag_page_links' },
  /** Every slug a tag has had, by locale and slug: where a tag page's old address leads. */
  tagAddresses: { projection: 'tags', collection: 'tag_addresses', temporal: true },
  /** The public forms' submissions (issue 16), their values sealed. */
  formSubmissions: { projection: 'form-submissions', collection: 'form_submissions' },
  /** Each public form's settings (issue 16), by form id: intro, thank-you text, recipients, confirmation mail per locale; retention. */
  formSettings: { projection: 'form-settings', collection: 'form_settings', temporal: true },
  /** The newsletter popup module's settings (issue 16): one document, its settings per locale. */
  newsletterPopup: { projection: 'newsletter-popup', collection: 'newsletter_popup', temporal: true },
  /** The site-wide audit log (issue 17): one document per event, by zero-padded position (audit/audit-log). */
  auditLog: { projection: 'audit-log', collection: 'audit_log' },
  /** The audit-log projection's own memory: each page's title, address and last stored content (to say what a version changed), and its clock. */
  auditSubjects: { projection: 'audit-log', collection: 'audit_subjects' },
} as const;

export type ReadModelName = keyof typeof readModels;

/**
 * The collections that keep their history (decision 0005): everything the public site reads, so
 * the site as of any moment reads them as they were then. Their projections declare them
 * temporal (a projector spec checks that the two agree).
 */
export const temporalCollections: ReadonlySet<string> = new Set(
  Object.values(readModels).flatMap((m) => ('temporal' in m && m.temporal ? [m.collection] : [])),
);

/**
 * The reactors (side effects from the log, beside the projections): their checkpoints are read
 * by the status like the projections'. A reactor is never rebuilt.
 */
export const reactorNames = { mails: 'mails', renditions: 'renditions', mediaCleanup: 'media-cleanup', siteCache: 'site-cache', tagMerges: 'tag-merges', formMails: 'form-mails', formRetention: 'form-retention' } as const;
export const allReactorNames: readonly string[] = Object.values(reactorNames);

/** The id of the single settings document. */
export const SETTINGS_DOC_ID = 'current';

/**
 * How a projection is doing, as any process can tell from the store: `ok` (caught up),
 * `catching-up` (behind, and moving), `stalled` (behind and not moving for a while: its projector
 * cannot reach the store, or is not running) or `failing` (a handler throws; see `error`).
 */
export type ProjectionState = 'ok' | 'catching-up' | 'stalled' | 'failing';

/** A projection behind the log with no commit for this long counts as stalled. */
export const STALLED_AFTER_MS = 15_000;

export interface ProjectionStatus {
  name: string;
  /** A projection (read models) or a reactor (side effects: mail). */
  kind: 'projection' | 'reactor';
  position: number;
  headPosition: number;
  lag: number;
  updatedAt: string | null;
  state: ProjectionState;
  error: { position: number; eventType: string; message: string; attempts: number; nextRetryAt: string } | null;
}

/**
 * The state of a projection from its checkpoint, the log's head and the time. `behindSince` is
 * the time of the first event it has not taken in: stalled counts from the later of that and its
 * last commit.
 */
export function projectionState(status: Pick<ProjectionStatus, 'lag' | 'updatedAt' | 'error'> & { behindSince?: string | null }, now: number): ProjectionState {
  if (status.error) return 'failing';
  if (status.lag === 0) return 'ok';
  const since = Math.max(status.updatedAt ? Date.parse(status.updatedAt) : 0, status.behindSince ? Date.parse(status.behindSince) : 0);
  return now - since > STALLED_AFTER_MS ? 'stalled' : 'catching-up';
}
