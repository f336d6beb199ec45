import { string } from 'yup';
import { blockFileSchema, blockImageSchema } from '../blocks/block-media';
import type { BlockFile, BlockImage } from '../blocks/block';
import type { PropMeta } from '../blocks/block-definition';

/**
 * Fields that several page types' typeData share. Every field has a default and none is
 * required: a page is created with empty type data (the new-page form sends `{}`), and a page
 * stored before a field existed must stay savable.
 */

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value is a calendar date as a date field stores it (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * A date as the date widget writes it (YYYY-MM-DD), or empty (V_12 otherwise). As lenient as the
 * article's date always was (Date.parse), so no stored page becomes unsavable; the site shows a
 * date only when it is a calendar date (formatPublicationDate).
 */
export const dateField = (label: string) =>
  string()
    .label(label)
    .default('')
    .matches(/^$|^\d{4}-\d{2}-\d{2}$/, 'V_12')
    .test('date', 'V_12', (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
    .meta({ widget: 'date' } satisfies PropMeta);

/** A short summary: shown under the title and on the page's cards and overview entries. */
export const summaryField = () =>
  string().label('Summary').trim().default('').max(1000, 'V_14').meta({ widget: 'textarea', hint: 'Also shown on the cards and overviews that list the page' } satisfies PropMeta);

/**
 * A file of the media library, chosen with the library picker and stored as a block file is
 * (hash, name, size, type), or null. The site serves it as the page's file in the group
 * `type_file_{field}` (pageFileGroup), so it shows the file's type and size like the downloads
 * block, and where-used and the byte checks find it like any block file.
 */
export const libraryFileField = (label: string, hint?: string) =>
  blockFileSchema
    .clone()
    .label(label)
    .nullable()
    .default(null)
    .meta({ widget: 'library-file', ...(hint ? { hint } : {}) } satisfies PropMeta);

/** An image of the media library (its use: alternative text, crop), chosen with the library picker, or null; served in the group `type_image_{field}`. */
export const libraryImageField = (label: string, hint?: string) =>
  blockImageSchema
    .clone()
    .label(label)
    .nullable()
    .default(null)
    .meta({ widget: 'library-image', ...(hint ? { hint } : {}) } satisfies PropMeta);

const isSha256 = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** A library file a typeData field holds (a block file's shape), or null. */
export function typeDataFile(typeData: Record<string, unknown> | null | undefined, field: string): BlockFile | null {
  const value = typeData?.[field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const file = value as Partial<BlockFile>;
  return isSha256(file.hash) && typeof file.fileName === 'string' && file.fileName !== '' ? (file as BlockFile) : null;
}

/** A library image a typeData field holds (a block image's shape), or null. */
export function typeDataImage(typeData: Record<string, unknown> | null | undefined, field: string): BlockImage | null {
  const file = typeDataFile(typeData, field);
  return file !== null && typeof (file as Partial<BlockImage>).fileID === 'string' ? (file as unknown as BlockImage) : null;
}

/**
 * Every library file and image a typeData holds, by field: what where-used, the byte checks and
 * the site's cache tags look for. Found by shape, so the readers need not know the page type.
 */
export function typeDataMedia(typeData: Record<string, unknown> | null | undefined): { field: string; hash: string }[] {
  if (typeof typeData !== 'object' || typeData === null) return [];
  return Object.keys(typeData).flatMap((field) => {
    const file = typeDataFile(typeData, field);
    return file === null ? [] : [{ field, hash: file.hash }];
  });
}
