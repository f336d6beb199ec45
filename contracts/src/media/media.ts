/**
 * The media library's shapes (spec section 3: Media item, Directory, media kinds) and the rules
 * every part shares: limits, how names and paths are written, video links, page file groups.
 */
import type { SettingsImageGroup } from '../settings/site-settings';

/** Spec sections 5 and 9: a media file is at most 100 MB (ML_01 above it). */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** Decoded images above this many pixels are refused by their header, before decoding (a bomb). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** The id of the root folder (path `/`): it always exists and is never created or deleted. */
export const ROOT_FOLDER_ID = 'root';

/** What an uploaded file is, judged by its bytes. */
export type MediaFileKind = 'image' | 'gif' | 'svg' | 'document';
export type VideoProvider = 'youtube' | 'vimeo';
/** Spec section 3's media kinds of an item (folders are "directories"). */
export type MediaItemKind = MediaFileKind | VideoProvider;

/** A point in an image as fractions of its width and height (0..1), kept in view by automatic crops. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** A media item as the library lists it (spec: id, path, file name, defaultAltText, shared flag). */
export interface MediaItemView {
  id: string;
  /** The folder it is in (`/` for the root). */
  path: string;
  fileName: string;
  defaultAltText: string;
  shared: boolean;
  kind: MediaItemKind;
  /** Null for videos. */
  hash: string | null;
  contentType: string | null;
  /** Bytes; null for videos. */
  size: number | null;
  width: number | null;
  height: number | null;
  focalPoint: FocalPoint | null;
  /** For videos: the provider's id and the link it was added by. */
  videoId: string | null;
  link: string | null;
  createdAt: string;
  updatedAt: string;
  /** The item's own public address when it is shared (names the hash: stable across moves). */
  publicUrl: string | null;
}

/** A folder (spec: Directory, path; folderName for a folder). */
export interface DirectoryView {
  id: string;
  path: string;
  folderName: string;
}

/**
 * get-dir and search-files: the folders and items found, grouped as spec section 3 names the
 * kinds (directories, documents, images; images include gifs, SVGs and videos).
 */
export interface MediaListing {
  path: string;
  directories: DirectoryView[];
  documents: MediaItemView[];
  images: MediaItemView[];
}

/** A page that uses a media item (list-pages-by-file). */
export interface PageUsingFile {
  pageID: string;
  title: string;
  slug: string;
  locale: string;
  /** Whether its draft, its published version, or both, use the file. */
  inDraft: boolean;
  inPublished: boolean;
  status: string;
}

/**
 * The answer of list-pages-by-file: the spec's page of pages (items, totalItems) and, beside it,
 * the site settings' use of the file now (`logo`, `seo_image`: decision 0015), which no page list
 * shows. Empty when asked about a past moment (`at`).
 */
export interface PagesUsingFile {
  items: PageUsingFile[];
  totalItems: number;
  settingsUses: SettingsImageGroup[];
}

/** The answer of add-file: the new item, or the item that already holds the same bytes. */
export interface AddedFile {
  item: MediaItemView;
  /** True when the same bytes were in the library already and nothing new was stored. */
  duplicate: boolean;
}

/**
 * Characters a media name may not hold: path separators, control characters, and the invisible
 * and bidirectional formatting characters that make a name read as something else
 * ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"): zero-width spaces and joiners, LRM/RLM,
 * embeddings, overrides, isolates and the byte-order mark.
 */
const forbiddenInName = /[/\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** The longest name of a file or folder, in characters. */
export const MAX_MEDIA_NAME = 200;

/**
 * A file or folder name as the library keeps it: Unicode NFC, trimmed, inner runs of white space
 * as one space. Null when it cannot be a name: empty, `.` or `..`, too long, or holding a path
 * separator or a control character.
 */
export function normaliseMediaName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.normalize('NFC').replace(/[\t ]+/g, ' ').trim();
  if (name === '' || name === '.' || name === '..' || name.length > MAX_MEDIA_NAME) return null;
  if (forbiddenInName.test(name)) return null;
  // A name of dots only, or ending in a dot or space, means something else on some file systems.
  if (/^\.+$/.test(name) || /[. ]$/.test(name)) return null;
  return name;
}

/** How names are compared for uniqueness in a folder: "Foto.JPG" and "foto.jpg" are one name. */
export function mediaNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * The file name extensions of each type the library takes (by the type without parameters), the
 * usual one first. Plain text may be called .csv as well: the sniffer cannot tell them apart and
 * neither runs anything when opened.
 */
const extensionsByType: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/svg+xml': ['svg'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'text/plain': ['txt', 'csv'],
};

/** The extensions a file of `contentType` may have (lower case, usual first); null for a type the library does not take. */
export function extensionsOf(contentType: string): readonly string[] | null {
  return extensionsByType[contentType.split(';')[0]!.trim().toLowerCase()] ?? null;
}

/** What counts as a name's extension: a dot, then a letter and at most seven letters or digits ("v1.2" has none). */
const extensionPattern = /\.([A-Za-z][A-Za-z0-9]{0,7})$/;

/**
 * A (normalised) file name whose extension says what the bytes are, so a download is never
 * opened as something else ("invoice.js" holding text is kept as "invoice.txt"): the name as it
 * is when its extension fits `contentType`, else with its extension replaced by the type's usual
 * one, or that one appended when it has none. The name stays within MAX_MEDIA_NAME. Unchanged for
 * a type the library does not know and for videos (no type).
 */
export function nameForType(name: string, contentType: string | null): string {
  const allowed = contentType === null ? null : extensionsOf(contentType);
  if (!allowed) return name;
  const m = extensionPattern.exec(name);
  if (m && allowed.includes(m[1]!.toLowerCase())) return name;
  const suffix = `.${allowed[0]}`;
  // A name that is only an extension (".exe") keeps nothing of it.
  const stem = (m ? name.slice(0, m.index) : name) || 'file';
  return stem.slice(0, MAX_MEDIA_NAME - suffix.length).trimEnd() + suffix;
}

/**
 * A folder path as the library keeps it: `/` for the root, else `/a/b` with every segment a
 * normalised name. Accepts `''` and `/` for the root, and a trailing slash. Null when any
 * segment cannot be a name (`..` included: no path leaves the library).
 */
export function normaliseMediaPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const segments = splitMediaPath(raw);
  return segments === null ? null : joinMediaPath(segments);
}

/** The names of a path's folders from the root down; null when a segment is not a name. */
export function splitMediaPath(raw: string): string[] | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === '/') return [];
  if (trimmed.length > 2000) return null;
  const parts = trimmed.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  const names: string[] = [];
  for (const part of parts) {
    const name = normaliseMediaName(part);
    if (name === null) return null;
    names.push(name);
  }
  return names;
}

export function joinMediaPath(names: readonly string[]): string {
  return '/' + names.join('/');
}

/** The path of a name inside a folder. */
export function childPath(folderPath: string, name: string): string {
  return folderPath === '/' ? `/${name}` : `${folderPath}/${name}`;
}

/** Whether `path` is `ancestor` or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '/' || path === ancestor || path.startsWith(ancestor + '/');
}

/**
 * A YouTube or Vimeo link as the library accepts it (https, the providers' own hosts), with the
 * video's id; null for anything else (the media message "video link is not valid", ML_10).
 */
export function parseVideoLink(raw: unknown): { provider: VideoProvider; videoId: string } | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  // Scheme, host (no user info, no port other than the default), path, query; nothing else.
  const m = /^https?:\/\/(?:www\.|m\.)?([a-z0-9.-]+)(?::(?:443|80))?(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/i.exec(raw.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  const segments = (m[2] ?? '').split('/').filter(Boolean);
  const query = (m[3] ?? '').slice(1);
  const param = (name: string) => query.split('&').map((pair) => pair.split('=')).find(([key]) => key === name)?.[1] ?? null;
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = segments[0] === 'watch' ? param('v') : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '') ? segments[1] : null;
    return id && youtubeId.test(id) ? { provider: 'youtube', videoId: id } : null;
  }
  if (host === 'youtu.be') {
    const id = segments[0];
    return id && youtubeId.test(id) ? { provider: 'youtube', videoId: id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'player.vimeo.com' ? (segments[0] === 'video' ? segments[1] : undefined) : segments.find((s) => /^\d+$/.test(s));
    return id && /^\d{1,12}$/.test(id) ? { provider: 'vimeo', videoId: id } : null;
  }
  return null;
}

/** The privacy-friendly player address of a video (no request to the provider before a click). */
export function videoEmbedUrl(provider: VideoProvider, videoId: string): string {
  return provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}` : `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?dnt=1`;
}

/**
 * How where-used names a video: a video block holds the provider and the id, not bytes, so its
 * uses are indexed under this key where a file's are indexed under its hash.
 */
export function videoReferenceKey(provider: VideoProvider, videoId: string): string {
  return `video:${provider}:${videoId}`;
}

/**
 * The groups of get-page-file (spec section 7): `block_images_{blockId}`, `block_files_{blockId}`,
 * `seo_image` for a page version's SEO image, and `type_image_{field}` / `type_file_{field}` for
 * an image or file its page type's data holds (a team member's photo, a publication's main
 * download: pages/type-data-fields.ts).
 */
export type PageFileGroup =
  | { kind: 'block_images' | 'block_files'; blockId: string }
  | { kind: 'seo_image' }
  | { kind: 'type_image'; field: string }
  | { kind: 'type_file'; field: string };

export function pageFileGroup(group: PageFileGroup): string {
  switch (group.kind) {
    case 'seo_image':
      return 'seo_image';
    case 'type_image':
    case 'type_file':
      return `${group.kind}_${group.field}`;
    default:
      return `${group.kind}_${group.blockId}`;
  }
}

export function parsePageFileGroup(raw: string): PageFileGroup | null {
  if (raw === 'seo_image') return { kind: 'seo_image' };
  const typed = /^(type_image|type_file)_([A-Za-z][A-Za-z0-9]{0,63})$/.exec(raw);
  if (typed) return { kind: typed[1] as 'type_image' | 'type_file', field: typed[2]! };
  const m = /^(block_images|block_files)_([A-Za-z0-9][A-Za-z0-9._-]{0,63})$/.exec(raw);
  return m ? { kind: m[1] as 'block_images' | 'block_files', blockId: m[2]! } : null;
}

/** Widths the library makes renditions of, in pixels (never wider than the original). */
export const RENDITION_WIDTHS = [320, 640, 1024, 1600, 2560] as const;
export type RenditionFormat = 'avif' | 'webp' | 'jpeg' | 'png';
