import { array, boolean, lazy, mixed, number, object, string } from 'yup';
import { anchorPattern } from '../blocks/anchors';
import { blockFileSchema, blockImageSchema } from '../blocks/block-media';
import { locales } from '../locales';
import { slugPattern } from '../slugs';
import { pageTypeIds } from './page-type-ids';
import { publicationStatuses } from './page';

/** Request schemas of the page calls (spec section 7, Pages). Codes are catalogue codes. */

const text = (max = 254) => string().default('').max(max, max > 254 ? 'V_14' : 'V_11');
const requiredText = () => string().trim().required('V_01').max(254, 'V_11');
const id = () => string().trim().required('V_01').max(64, 'V_12');
const locale = () => string().trim().required('V_01').oneOf(locales as readonly string[] as string[], 'V_12');
const revision = () => number().typeError('V_12').integer('V_12').min(0, 'V_12');

const plainObject = () =>
  mixed<Record<string, unknown>>()
    .default({})
    .test('object', 'V_12', (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)));

/** A slug as pages store it: trimmed, lower-cased, without leading or trailing slashes. */
export const slugField = () =>
  string()
    .trim()
    .lowercase()
    .transform((v: string) => (typeof v === 'string' ? v.replace(/^\/+|\/+$/g, '') : v))
    .required('V_01')
    .max(254, 'V_11')
    .matches(slugPattern, 'V_12');

// Props are checked against the block type's own schema by the command side; here they only need
// the right shape (an object schema without fields would strip them). Images and files have one
// schema for every block type.
export const blockSchema = object({
  type: string().required('V_01'),
  key: string().required('V_01').max(64, 'V_14'),
  props: plainObject(),
  anchorPoint: string().trim().default('').max(254, 'V_11').matches(new RegExp(`^$|${anchorPattern.source}`), 'V_12'),
  __images: array().of(blockImageSchema).default([]).max(100, 'V_14'),
  __files: array().of(blockFileSchema).default([]).max(100, 'V_14'),
});

/**
 * One SEO image by what it is: a library image, an address, or neither (V_12). A property a block
 * image does not have is refused (V_12), as everywhere else in a body; the shape check that does
 * that elsewhere does not look inside a schema chosen per value.
 */
function seoImageSchema(value: unknown) {
  if (typeof value === 'string') return string().trim().required('V_01').max(2048, 'V_14');
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const known = new Set(Object.keys(blockImageSchema.fields));
    return blockImageSchema.test('known-keys', 'V_12', function () {
      return Object.keys(this.originalValue as object).every((key) => known.has(key));
    });
  }
  return mixed().test('seo-image', 'V_12', () => false);
}

export const seoSchemaFields = {
  seoTitle: text(),
  seoDescription: text(1000),
  seoKeywords: array().of(string().trim().max(254, 'V_11').required('V_01')).default([]).max(50, 'V_14'),
  // Spec section 5: null, empty, or exactly one element: an image of the media library, or the
  // address of an image (versions stored before the library).
  seoImage: array()
    .of(lazy(seoImageSchema))
    .nullable()
    .default([])
    .max(1, 'V_12')
    .transform((v: unknown) => (v === null ? [] : v)),
};

/** POST /page/create {title, slug, type, locale, content, typeData}. */
export const createPageSchema = object({
  title: requiredText(),
  slug: slugField(),
  type: string().required('V_01').oneOf(pageTypeIds as readonly string[], 'V_12'),
  locale: locale(),
  content: string().default('').max(100_000, 'V_14'),
  typeData: plainObject(),
});

/** The version content of a store (and of store-and-publish / store-and-unpublish). */
const versionFields = {
  /** The page the version belongs to (the command side routes by it). */
  pageID: id(),
  /** The page revision the editor started from; a stale one is merged or answers 409. */
  revision: revision().required('V_01'),
  title: requiredText(),
  blocks: array().of(blockSchema).default([]).max(500, 'V_14'),
  ...seoSchemaFields,
};

/**
 * POST /page/{id}/preview: the page as the editor has it on screen, saved or not. Only its shape
 * is checked (a draft being typed may miss a required field); the site renders what it can.
 */
export const previewPageSchema = object({
  title: string().trim().default('').max(254, 'V_11'),
  blocks: array().of(blockSchema).default([]).max(500, 'V_14'),
  ...seoSchemaFields,
  typeData: plainObject().optional(),
});

/** POST /page/preview/open {token}: the public site asks what a preview token holds. */
export const openPreviewSchema = object({
  token: string().required('V_01').max(4 * 1024 * 1024, 'V_14'),
});

/**
 * POST /page/version/{id}/store. `auto` marks a store the editor made by itself a moment after
 * typing stopped (decision 0019): stored like any other, told apart in the history.
 */
export const storeVersionSchema = object({
  ...versionFields,
  auto: boolean().typeError('V_12').default(false),
});

/** POST /page/version/{id}/store-and-publish and store-and-unpublish: always someone's deliberate act. */
export const storeAndPublishSchema = object(versionFields);

/** PUT /page/{id}/save: the page's own settings {slug, shouldUpdateLinks}, plus anchor and typeData. */
export const savePageSchema = object({
  slug: slugField(),
  /** Whether internal links to the page in other pages' drafts follow a slug change. */
  shouldUpdateLinks: boolean().typeError('V_12').default(false),
  /** Whether the pages below it (by path, same locale) move along, keeping their places under it. */
  withSubpages: boolean().typeError('V_12').default(false),
  anchor: string().trim().max(254, 'V_11').matches(new RegExp(`^$|${anchorPattern.source}`), 'V_12').optional(),
  typeData: plainObject().optional(),
  revision: revision().optional(),
});

/** Commands that only need the page's revision (optional: without it, the latest state counts). */
export const publishSchema = object({
  revision: revision().optional(),
});

/** POST /page/{id}/request-publication {comment}. */
export const requestPublicationSchema = object({
  comment: text(2000),
  revision: revision().optional(),
});

/**
 * The calls addressed by version id may name the page as well (`pageID`); without it the command
 * side looks the version up.
 */
const versionOwner = () => string().trim().max(64, 'V_12').optional();

/** POST /page/version/{id}/resend-publication: a reminder to the reviewers, with a new comment if given. */
export const resendPublicationSchema = object({
  comment: string().max(2000, 'V_14').optional(),
  pageID: versionOwner(),
});

/** POST /page/version/{id}/revoke-publication. */
export const revokePublicationSchema = object({
  pageID: versionOwner(),
});

/** POST /page/version/{id}/accept-publication {feedback}. */
export const acceptPublicationSchema = object({
  feedback: text(2000),
  pageID: versionOwner(),
});

/** POST /page/version/{id}/reject-publication {feedback}: the requester is told why, so feedback is required. */
export const rejectPublicationSchema = object({
  feedback: string().trim().required('V_01').max(2000, 'V_14'),
  pageID: versionOwner(),
});

/** POST /page/slug-available {slug, locale}. */
export const slugAvailableSchema = object({
  slug: slugField(),
  locale: locale(),
  /** The page asking (a slug it holds itself counts as available to it). */
  pageID: string().max(64, 'V_12').optional(),
});

/** POST /page/anchor-available {anchorName, blockKey, pageVersionBlocks}. */
export const anchorAvailableSchema = object({
  anchorName: string().trim().required('V_01').max(254, 'V_11'),
  blockKey: string().required('V_01').max(64, 'V_14'),
  /** The version's blocks as the editor holds them (only their keys and anchors are read). */
  pageVersionBlocks: array()
    .of(blockSchema.shape({ type: string().max(64, 'V_14').optional(), anchorPoint: string().default('').max(254, 'V_11') }))
    .default([])
    .max(500, 'V_14'),
});

/** POST /page/create-translation {pageID, newLocale, title, slug}. */
export const createTranslationSchema = object({
  pageID: id(),
  newLocale: locale(),
  title: requiredText(),
  slug: slugField(),
});

/** POST /page/duplicate {pageID, locale, title, slug}. */
export const duplicatePageSchema = object({
  pageID: id(),
  locale: locale(),
  title: requiredText(),
  slug: slugField(),
});

/** POST /page/search {locale, searchTerm}: pages by title or slug (links, menus). */
export const searchPagesSchema = object({
  locale: string().trim().oneOf(['', ...(locales as readonly string[])], 'V_12').optional(),
  searchTerm: string().trim().default('').max(254, 'V_11'),
});

/** The columns the page overview sorts by. */
export const pageListColumns = ['title', 'slug', 'locale', 'type', 'status', 'updatedAt', 'createdAt'] as const;
export type PageListColumn = (typeof pageListColumns)[number];

/** POST /page/list {type, locale, pageIndex, pageSize, searchTerm, columnToSort, sortOrder}. */
export const pageListSchema = object({
  type: string().trim().oneOf(['', ...pageTypeIds], 'V_12').optional(),
  locale: string().trim().oneOf(['', ...(locales as readonly string[])], 'V_12').optional(),
  status: string().oneOf(['', ...publicationStatuses], 'V_12').optional(),
  /** `me`: only the pages whose last change was the signed-in user's (the dashboard's own drafts). */
  changedBy: string().oneOf(['', 'me'], 'V_12').optional(),
  pageIndex: number().typeError('V_12').integer('V_12').min(0, 'V_12').max(1_000_000, 'V_12').default(0),
  pageSize: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(100, 'V_12').default(25),
  searchTerm: string().trim().default('').max(254, 'V_11'),
  columnToSort: string().oneOf(['', ...pageListColumns], 'V_12').default(''),
  sortOrder: string().oneOf(['', 'asc', 'desc'], 'V_12').default('asc'),
});

/** POST /page/get-multiple {locale, pageIDs}. */
export const getMultipleSchema = object({
  locale: string().trim().oneOf(['', ...(locales as readonly string[])], 'V_12').optional(),
  pageIDs: array().of(string().required('V_01').max(64, 'V_12')).required('V_01').max(200, 'V_14'),
});

/** POST /page/get-pages {type, locale}. */
export const getPagesSchema = object({
  type: string().trim().oneOf(['', ...pageTypeIds], 'V_12').optional(),
  locale: string().trim().oneOf(['', ...(locales as readonly string[])], 'V_12').optional(),
});

/** POST /page/site-structure {locale}: the pages of a locale as a tree (empty: the site's default locale). */
export const siteStructureSchema = object({
  locale: string().trim().oneOf(['', ...(locales as readonly string[])], 'V_12').default(''),
});

/** POST /page/get-by-slug {slug} and GET /page/get-by-slug-query?slug=. */
export const slugLookupSchema = object({
  slug: string().required('V_01').max(2048, 'V_14'),
});

/** POST /page/public-cards {pageIDs}: the published pages among them, as cards, in the order asked. */
export const publicCardsSchema = object({
  pageIDs: array().of(string().required('V_01').max(64, 'V_12')).required('V_01').max(100, 'V_14'),
});

/**
 * POST /page/public-list {locale, type, count, offset, tag}: a locale's published pages (of a type,
 * or of any type when empty; carrying a tag, or with or without tags when empty), newest first.
 */
export const publicListSchema = object({
  locale: string().trim().required('V_01').oneOf(locales as readonly string[], 'V_12'),
  type: string().trim().oneOf(['', ...pageTypeIds], 'V_12').default(''),
  count: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(50, 'V_12').default(10),
  offset: number().typeError('V_12').integer('V_12').min(0, 'V_12').max(100_000, 'V_12').default(0),
  /** A page to leave out (an overview or a "latest" block does not list the page it is on). */
  excludePageID: string().trim().max(64, 'V_12').default(''),
  /** A public tag's id: only the pages carrying it (a cards block's or an overview's tag, a tag page). */
  tag: string().trim().max(64, 'V_12').default(''),
});

/** GET /page/:id/compare?from&to: two versions of the page by id; `to` may be `live` (the published one) or `draft`. */
export const compareVersionsSchema = object({
  from: string().trim().required('V_01').max(64, 'V_12'),
  to: string().trim().required('V_01').max(64, 'V_12'),
});
