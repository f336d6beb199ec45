import { API_BASE } from '../endpoints';
import type { CropParams } from '../blocks/block';
import { RENDITION_WIDTHS, type FocalPoint, type RenditionFormat } from './media';

/**
 * The addresses of media files, as the public site and the admin write them. Pure (browser-safe):
 * the query service's file routes answer exactly these.
 */

/** What a file address may ask for besides the file: a rendition width and format, an automatic crop, and the use's version tag. */
export interface FileUrlOptions {
  w?: number;
  fm?: RenditionFormat;
  /**
   * An automatic crop to this aspect ratio (width / height) around the focal point, for an image
   * whose use has no crop of its own (the use's crop wins). See parseAspectRatio.
   */
  ar?: number;
  /** The use's version tag (cropTag of its crop, or of the automatic crop): with it the answer may be cached for good. */
  v?: string;
  /** Ask for an attachment (a download) rather than inline. */
  download?: boolean;
  /** The token of a download link handed out after the download form (gated-download.ts). */
  token?: string;
}

const segment = (text: string) => encodeURIComponent(text);

function queryOf(options: FileUrlOptions): string {
  const pairs: string[] = [];
  if (options.w !== undefined) pairs.push(`w=${options.w}`);
  if (options.fm !== undefined) pairs.push(`fm=${options.fm}`);
  if (options.ar !== undefined) pairs.push(`ar=${cropNumber(options.ar)}`);
  if (options.v !== undefined) pairs.push(`v=${segment(options.v)}`);
  if (options.download) pairs.push('download=1');
  if (options.token !== undefined) pairs.push(`token=${segment(options.token)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * A file a page uses: get-page-file/{pageID}/{group}/{hash}/{fileName} (spec section 7), with
 * the group from pageFileGroup (`block_images_{blockId}`, `block_files_{blockId}`, `seo_image`).
 */
export function pageFileUrl(pageId: string, group: string, hash: string, fileName: string, options: FileUrlOptions = {}): string {
  return `${API_BASE}/medialib/get-page-file/${segment(pageId)}/${segment(group)}/${segment(hash)}/${segment(fileName)}${queryOf(options)}`;
}

/** A shared media item's own address (file/{hash}/{fileName}): stable across moves and renames. */
export function sharedFileUrl(hash: string, fileName: string, options: Omit<FileUrlOptions, 'v'> = {}): string {
  return `${API_BASE}/medialib/file/${segment(hash)}/${segment(fileName)}${queryOf(options)}`;
}

/** The admin's preview of a library image, at most `w` wide. */
/** A width the previews answer (the declared rendition widths; any other is refused with 400). */
export type PreviewWidth = (typeof RENDITION_WIDTHS)[number];

export function previewImageUrl(imageId: string, w?: PreviewWidth): string {
  return `${API_BASE}/medialib/preview-image?imageID=${segment(imageId)}${w !== undefined ? `&w=${w}` : ''}`;
}

/** The admin's preview of a crop (cropperjs' data, in source pixels) of a library image. */
export function previewCropUrl(imageId: string, crop: CropParams, w?: PreviewWidth): string {
  const names = ['x', 'y', 'width', 'height', 'rotate', 'scaleX', 'scaleY'] as const;
  const pairs = names.map((name) => `${name}=${cropNumber(crop[name])}`).join('&');
  return `${API_BASE}/medialib/preview-crop?imageID=${segment(imageId)}&${pairs}${w !== undefined ? `&w=${w}` : ''}`;
}

/** A crop coordinate as the query schemas take it: at most six decimals, no exponent. */
export function cropNumber(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? '0' : String(Number(rounded.toFixed(6)));
}

/** The tag of an image without a crop. */
export const UNCROPPED_TAG = '0';

/** The narrowest and the widest aspect ratio (width / height) an automatic crop may be asked for. */
export const MIN_ASPECT_RATIO = 0.2;
export const MAX_ASPECT_RATIO = 5;

const ratioPart = '(\\d{1,5}(?:\\.\\d{1,6})?)';
const ratioPattern = new RegExp(`^${ratioPart}(?::${ratioPart})?$`);

/**
 * An aspect ratio as an address writes it (`1.91`, or `16:9` as width:height), rounded to
 * hundredths; null when it is not one or lies outside MIN_ASPECT_RATIO..MAX_ASPECT_RATIO. Anyone
 * may ask for one and each distinct ratio is another cached rendition of an image, so there are
 * only so many: hundredths are finer than a crop of a few thousand pixels can show (16:9 is 1.78,
 * a pixel or two off on a photo's height).
 */
export function parseAspectRatio(text: string): number | null {
  const match = ratioPattern.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = match[2] === undefined ? 1 : Number(match[2]);
  if (!(height > 0)) return null;
  const ratio = Math.round((width / height) * 100) / 100;
  return ratio >= MIN_ASPECT_RATIO && ratio <= MAX_ASPECT_RATIO ? ratio : null;
}

/** What an automatic crop is made of: the aspect ratio asked, and the focal point it keeps in view (the centre when null). */
export interface AutoCrop {
  ar: number;
  focalPoint: FocalPoint | null | undefined;
}

/** FNV-1a (32 bits) of a text, base 36: short, stable, and the same in the browser and on the server. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The version tag of a use of an image: a short hash of what decides its pixels besides the
 * bytes (which the address names by their hash). That is its crop when it has one; without one,
 * for an address that asks for an automatic crop (`auto`: its aspect ratio and the focal point
 * it is made around), those. A request whose tag is the use's current one may be cached for
 * good, so a moved focal point must give another tag. An explicit crop wins over an automatic
 * one, as the file routes apply it, so `auto` does not change a cropped use's tag.
 */
export function cropTag(crop: CropParams | null | undefined, auto?: AutoCrop | null): string {
  if (crop) return `c${shortHash([crop.x, crop.y, crop.width, crop.height, crop.rotate, crop.scaleX, crop.scaleY].map((n) => cropNumber(Number(n))).join(','))}`;
  if (!auto) return UNCROPPED_TAG;
  const point = auto.focalPoint ?? { x: 0.5, y: 0.5 };
  return `a${shortHash([auto.ar, point.x, point.y].map((n) => cropNumber(Number(n))).join(','))}`;
}

/**
 * The widths an image has renditions at: the declared widths narrower than the original, and
 * the original's own width when it is not wider than the widest declared one. A srcset lists
 * these; the file routes make exactly these (and the original width) on demand.
 */
export function renditionWidths(originalWidth: number): number[] {
  const widest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]!;
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < originalWidth);
  if (originalWidth > 0 && originalWidth <= widest) widths.push(originalWidth);
  return widths;
}

/** The formats of an image's renditions, best first: AVIF, WebP, and JPEG (PNG when it has transparency). */
export function renditionFormats(hasAlpha: boolean): RenditionFormat[] {
  return ['avif', 'webp', hasAlpha ? 'png' : 'jpeg'];
}
