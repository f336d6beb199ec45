import { boolean, number, object, string } from 'yup';
import { normaliseMediaName, normaliseMediaPath } from './media';
import { parseAspectRatio } from './media-urls';

/** Request schemas of the media library calls (spec section 7, Media library). Codes are catalogue codes. */

/** A folder path: normalised (`/a/b`); `''` and `/` are the root. V_12 for `..`, control characters and the like. */
export const mediaPathField = () =>
  string()
    .default('/')
    .transform((v: unknown) => (typeof v === 'string' ? (normaliseMediaPath(v) ?? `\u0000${v}`) : v))
    .test('path', 'V_12', (v) => v === undefined || !v.startsWith('\u0000'));

/** A file or folder name: normalised (NFC, trimmed); V_12 when it cannot be a name. */
export const mediaNameField = () =>
  string()
    .transform((v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? '' : (normaliseMediaName(v) ?? `\u0000${v}`)) : v))
    .required('V_01')
    .test('name', 'V_12', (v) => v === undefined || !v.startsWith('\u0000'));

const mediaId = () => string().trim().required('V_01').max(64, 'V_12').matches(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'V_12');
const altText = () => string().default('').max(1000, 'V_14');
const fraction = () => number().typeError('V_12').min(0, 'V_12').max(1, 'V_12');

/** POST get-dir {path}. */
export const getDirSchema = object({ path: mediaPathField() });

/** POST search-files {searchTerm, directory}: below `directory` (the root when empty). */
export const searchFilesSchema = object({
  searchTerm: string().trim().default('').max(254, 'V_11'),
  directory: mediaPathField(),
  /** Only images that have no default alternative text (and are not marked decorative). */
  withoutAltText: boolean().typeError('V_12').default(false),
});

/** The fields of add-file's multipart body besides the file `f`. */
export const addFileFieldsSchema = object({
  path: mediaPathField(),
  defaultAltText: altText(),
  /** Store a second item for bytes already in the library (the admin asked the user first). */
  allowDuplicate: boolean().default(false),
});

/** POST add-video {path, link, fileName, defaultAltText}: a YouTube or Vimeo video by its link. */
export const addVideoSchema = object({
  path: mediaPathField(),
  link: string().trim().required('V_01').max(2048, 'V_14'),
  fileName: mediaNameField(),
  defaultAltText: altText(),
});

/** POST create-dir {path, folderName}. */
export const createDirSchema = object({ path: mediaPathField(), folderName: mediaNameField() });

/** POST move-file {id, newPath, newFileName}. */
export const moveFileSchema = object({ id: mediaId(), newPath: mediaPathField(), newFileName: mediaNameField() });

/**
 * POST edit-file {id, newPath, newFileName, defaultAltText, shared} (and a focal point, Pagelog's
 * own). The alt text, the shared flag and the focal point stay as they are when left out: a
 * client that only renames must not unshare the file or clear its alt text.
 */
export const editFileSchema = object({
  id: mediaId(),
  newPath: mediaPathField(),
  newFileName: mediaNameField(),
  defaultAltText: string().max(1000, 'V_14').optional(),
  shared: boolean().typeError('V_12').optional(),
  focalPoint: object({ x: fraction().required('V_01'), y: fraction().required('V_01') }).nullable().default(undefined).optional(),
});

/** POST move-directory {oldPath, newPath}: newPath is the folder's whole new path (a move, a rename or both). */
export const moveDirectorySchema = object({
  oldPath: mediaPathField().required('V_01'),
  newPath: mediaPathField().required('V_01'),
});

/** POST delete-file {id}. */
export const deleteFileSchema = object({ id: mediaId() });

/** POST delete-directory {path}. */
export const deleteDirectorySchema = object({ path: mediaPathField().required('V_01') });

export const pagesByFileColumns = ['title', 'slug', 'locale', 'status'] as const;

const isoDateTime = string().datetime({ allowOffset: true });

/**
 * A moment as ISO 8601 writes it: a whole date-time with its offset (`2026-03-01T12:00:00Z`,
 * `…+01:00`), or a date (`2026-03-01`, its midnight UTC), never whatever else Date.parse takes
 * ("1", "March 1").
 */
function isoMoment(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value);
  return isoDateTime.isValidSync(value) && !Number.isNaN(Date.parse(value));
}

/** POST list-pages-by-file {fileID, pageIndex, pageSize, searchTerm, columnToSort, sortOrder}, and `at` (ISO) for a past moment. */
export const listPagesByFileSchema = object({
  fileID: mediaId(),
  pageIndex: number().typeError('V_12').integer('V_12').min(0, 'V_12').max(1_000_000, 'V_12').default(0),
  pageSize: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(100, 'V_12').default(25),
  searchTerm: string().trim().default('').max(254, 'V_11'),
  columnToSort: string().oneOf(['', ...pagesByFileColumns], 'V_12').default(''),
  sortOrder: string().oneOf(['', 'asc', 'desc'], 'V_12').default('asc'),
  at: string()
    .trim()
    .default('')
    .test('date', 'V_12', (v) => v === undefined || v === '' || isoMoment(v)),
});

const queryNumber = () => string().matches(/^-?\d{1,6}(\.\d{1,6})?$/, 'V_12');

/** `ar`: an automatic crop's aspect ratio (`1.91`, `16:9`), within MIN_ASPECT_RATIO..MAX_ASPECT_RATIO (parseAspectRatio). */
const aspectRatio = () =>
  string()
    .max(32, 'V_12')
    .test('ar', 'V_12', (v) => v === undefined || parseAspectRatio(v) !== null)
    .optional();

/** GET get-page-file's query: an image's width and format (a rendition), an automatic crop's aspect ratio, and the use's version tag. */
export const pageFileQuerySchema = object({
  w: string().matches(/^\d{1,4}$/, 'V_12').optional(),
  fm: string().oneOf(['avif', 'webp', 'jpeg', 'png'], 'V_12').optional(),
  ar: aspectRatio(),
  v: string().max(64, 'V_12').optional(),
  download: string().oneOf(['0', '1'], 'V_12').optional(),
  /** A download link's token (the page's download behind its download form). */
  token: string().max(80, 'V_04').optional(),
});

/** GET preview-image?imageID (and w, a width). */
export const previewImageSchema = object({
  imageID: mediaId(),
  w: string().matches(/^\d{1,4}$/, 'V_12').optional(),
});

/** GET preview-crop?imageID,x,y,width,height,rotate,scaleX,scaleY (cropperjs' data, in source pixels). */
export const previewCropSchema = object({
  imageID: mediaId(),
  x: queryNumber().required('V_01'),
  y: queryNumber().required('V_01'),
  width: queryNumber().required('V_01'),
  height: queryNumber().required('V_01'),
  rotate: queryNumber().default('0'),
  scaleX: queryNumber().default('1'),
  scaleY: queryNumber().default('1'),
  w: string().matches(/^\d{1,4}$/, 'V_12').optional(),
});

/** GET file/{hash}/{fileName}'s query: a rendition, an automatic crop around the item's focal point, `download=1` for an attachment. */
export const sharedFileQuerySchema = object({
  w: string().matches(/^\d{1,4}$/, 'V_12').optional(),
  fm: string().oneOf(['avif', 'webp', 'jpeg', 'png'], 'V_12').optional(),
  ar: aspectRatio(),
  download: string().oneOf(['0', '1'], 'V_12').optional(),
});
