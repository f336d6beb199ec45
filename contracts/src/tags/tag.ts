import type { ErrorItem } from '../envelope';

/**
 * Tags (issue 15): public and private, per locale. Pages name them by id, so a rename needs no
 * change to any page; a merge gives each page the tag it was merged into. Public tags show on the
 * site, on its tag pages (`/tag/<slug>`, `/<locale>/tag/<slug>`) and in its search; private ones
 * only in the admin.
 *
 * The rules of a tag's name (tags/validate answers them, the tag decider enforces them, both
 * through checkTagName):
 *
 * 1. The name is taken as typed with its ends trimmed and every run of white space inside it
 *    made one space (and in Unicode's composed form, NFC).
 * 2. It is 2 to 40 characters long (TG_01, TG_02).
 * 3. It holds letters of any script, digits, spaces, hyphens, apostrophes (' or ’), ampersands
 *    and dots only, and starts with a letter or a digit (TG_03).
 * 4. Its **key** is the name in lower case, without accents (é → e, ø → o, ß → ss, œ → oe) and
 *    with the typographic apostrophe as a plain one: "Café Brûlé" and "cafe brule" have one key.
 * 5. Its **slug** is the key with apostrophes dropped and every other run of characters that are
 *    not letters or digits made one hyphen: "Rock & Roll" → `rock-roll`, "Children’s rights" →
 *    `childrens-rights`. Tag pages are found by it.
 * 6. A tag is unique in its locale by its slug, public and private tags together (TG_04): so no
 *    tag differs from another only by capitals or accents (the same key), nor only by spaces or
 *    punctuation (the same slug, which would give two tags one tag page). Uniqueness holds under
 *    concurrent creation: the slug is claimed on a stream of its own (decision 0023).
 */
export type TagVisibility = 'public' | 'private';
export const tagVisibilities: readonly TagVisibility[] = ['public', 'private'];

export const MIN_TAG_LENGTH = 2;
export const MAX_TAG_LENGTH = 40;
/** The most tags one page carries. */
export const MAX_PAGE_TAGS = 30;
/** The most tags a search answers. */
export const MAX_TAG_SUGGESTIONS = 20;

/** The codes the name rules answer (see the catalogue): too short, too long, characters not allowed. */
export type TagNameCode = 'TG_01' | 'TG_02' | 'TG_03';

/** Rule 3: a letter or digit first, then letters (with their marks), digits, spaces, - ' ’ & and dots. */
const allowed = /^[\p{L}\p{Nd}][\p{L}\p{M}\p{Nd} '’&.-]*$/u;

/** Letters a decomposition leaves whole that people still read as an accented or joined letter. */
const folded: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };
const foldedPattern = new RegExp(`[${Object.keys(folded).join('')}]`, 'gu');

/** Rule 1: the name as a tag keeps it. */
export function cleanTagName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Rule 4: the name compared without case, accents or the kind of apostrophe. */
export function tagKey(name: string): string {
  return cleanTagName(name)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(foldedPattern, (letter) => folded[letter] ?? letter)
    .replace(/[’‘ʼ]/gu, "'")
    .normalize('NFC');
}

/** Rule 5: the part of a tag page's address that names the tag. */
export function tagSlug(name: string): string {
  return tagKey(name)
    .replace(/'/g, '')
    .replace(/[^\p{L}\p{Nd}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export interface TagNameCheck {
  /** The name as the tag would keep it (rule 1). */
  name: string;
  key: string;
  slug: string;
  /** The rules it breaks; empty when it may be a tag's name (uniqueness is the claim's to decide). */
  errors: TagNameCode[];
}

/** Rules 1 to 5 for a name as typed: the one check tags/validate and the tag decider share. */
export function checkTagName(raw: string): TagNameCheck {
  const name = cleanTagName(raw);
  const length = [...name].length;
  const errors: TagNameCode[] = [];
  if (length < MIN_TAG_LENGTH) errors.push('TG_01');
  if (length > MAX_TAG_LENGTH) errors.push('TG_02');
  if (name !== '' && !allowed.test(name)) errors.push('TG_03');
  return { name, key: tagKey(name), slug: tagSlug(name), errors };
}

/** The tag itself, as a page and the tag field show it. */
export interface TagSummary {
  id: string;
  name: string;
  slug: string;
  locale: string;
  visibility: TagVisibility;
}

/**
 * A public tag as the public site shows it on a page (a link to its tag page): the query service
 * resolves a page's tag ids to these, leaving out private and merged tags, so a private tag's id or
 * name never reaches the site.
 */
export type PublicTag = Pick<TagSummary, 'id' | 'name' | 'slug'>;

/** A tag as the tag calls list it: with how many pages carry it, and how many of those are live. */
export interface TagView extends TagSummary {
  /** Pages carrying it (for a visitor without a session: only the published ones). */
  pageCount: number;
  publishedPageCount: number;
}

/** The answer of tags/validate. */
export interface TagValidation {
  /** Whether a new tag of this name could be made in the locale now. */
  valid: boolean;
  /** Why not: the name rules (TG_01–TG_03), or TG_04 with `existing`. */
  errors: ErrorItem[];
  /** The tag that has this name already (by slug, so also one that differs only in case or accents), for the field to offer; null when none. */
  existing: TagView | null;
}

/** The answer of page/:id/tags: the page's tags after the change. */
export interface PageTags {
  pageID: string;
  /** The page stream's revision afterwards. */
  revision: number;
  tags: TagSummary[];
  /** The ids of the tags this call made (named by name in the request, new to the locale). */
  created: string[];
}

/** The answer of tags/rename. */
export interface RenamedTag {
  tag: TagSummary;
  revision: number;
}

/** The answer of tags/merge: the tag that remains. Its pages follow from the log (decision 0023). */
export interface MergedTag {
  mergedTagId: string;
  into: TagSummary;
}

/** A tag page's address: `/tag/<slug>` in the default locale, `/<locale>/tag/<slug>` otherwise. */
export function tagPagePath(locale: string, slug: string, defaultLocale: string): string {
  return locale === defaultLocale ? `/tag/${slug}` : `/${locale}/tag/${slug}`;
}
