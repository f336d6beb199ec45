import { array, number, object, string } from 'yup';
import { locales } from '../locales';
import { MAX_PAGE_TAGS, tagVisibilities } from './tag';

/**
 * Request schemas of the tag calls. Codes are catalogue codes. A name's own rules (length,
 * characters) are checkTagName's, so that tags/validate and the commands answer the same TG_
 * codes; the schemas only bound what a request may send.
 */

/** Far above MAX_TAG_LENGTH: a longer name is refused as too long (TG_02) without reading it through. */
const MAX_NAME_INPUT = 200;
/** The longest search term worth matching against names of at most 40 characters. */
const MAX_TERM_LENGTH = 100;

const locale = () => string().trim().required('V_01').oneOf(locales as readonly string[] as string[], 'V_12');
/** An optional locale: absent or empty means every locale. */
const anyLocale = () =>
  string()
    .trim()
    .transform((v: unknown) => (v === '' ? undefined : v))
    .oneOf(locales as readonly string[] as string[], 'V_12')
    .optional();
const visibility = () => string().trim().oneOf(tagVisibilities as readonly string[] as string[], 'V_12').default('public');
const tagId = () => string().trim().required('V_01').max(64, 'V_12');
const name = () => string().required('V_01').max(MAX_NAME_INPUT, 'TG_02');

/** POST tags/search and tags/search-private {term, locale?}: an empty term lists the most used. */
export const searchTagsSchema = object({
  term: string().trim().default('').max(MAX_TERM_LENGTH, 'V_14'),
  locale: anyLocale(),
});

/** GET tags/fetch and tags/fetch-private {locale?}. */
export const fetchTagsSchema = object({ locale: anyLocale() });

/** POST tags/validate {tag, locale?, visibility?}: the site's default locale when none is named. */
export const validateTagSchema = object({
  tag: string().required('V_01').max(MAX_NAME_INPUT, 'TG_02'),
  locale: anyLocale(),
  visibility: visibility(),
});

/** GET tags/public {locale, slug}: a public tag by the address of its tag page. */
export const publicTagSchema = object({
  locale: locale(),
  slug: string().trim().required('V_01').max(MAX_NAME_INPUT, 'V_12'),
});

/** One tag of a page: an existing tag by id, or a tag by name, made when the locale has none of that name. */
const pageTagSchema = object({
  id: string().trim().max(64, 'V_12').optional(),
  name: string().max(MAX_NAME_INPUT, 'TG_02').optional(),
  visibility: visibility(),
}).test('id-or-name', 'V_12', (tag) => !tag || (tag.id ? 1 : 0) + (tag.name !== undefined && tag.name.trim() !== '' ? 1 : 0) === 1);

/**
 * POST page/:id/tags {tags, basedOnTags?, revision?}: the page's whole list of tags. `basedOnTags`
 * is the list of tag ids the editor's field started from: when the page's tags are no longer
 * those (another editor saved meanwhile), the call is refused with 409 and the tags as they
 * are, rather than one editor's list silently replacing the other's. `revision` refuses any
 * change of the page since (a draft's autosave included).
 */
export const pageTagsSchema = object({
  tags: array().of(pageTagSchema).required('V_01').max(MAX_PAGE_TAGS, 'TG_09'),
  basedOnTags: array().of(string().trim().required('V_12').max(64, 'V_12')).max(MAX_PAGE_TAGS * 2, 'V_12').optional(),
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
});

/** POST tags/rename {tagId, name}. */
export const renameTagSchema = object({ tagId: tagId(), name: name() });

/** POST tags/merge {tagId, intoTagId}: tagId goes, its pages take intoTagId. */
export const mergeTagSchema = object({ tagId: tagId(), intoTagId: tagId() });
