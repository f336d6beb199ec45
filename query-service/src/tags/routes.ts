import type { Context } from 'koa';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { readModels } from '@pagelog/contracts/read-models';
import { checkTagName, MAX_TAG_SUGGESTIONS, tagKey, type TagValidation, type TagView, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { tagAddressId, type TagAddressDoc, type TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';

const tags = readModels.tags.collection;
/** How many merges a tag's old address is followed through (merges chain: A into B, B into C). */
const MAX_MERGE_HOPS = 20;

/**
 * Who reads a tag list: a visitor without a session sees only the public tags on at least one
 * published page, and counts of published pages only (drafts stay unseen); anyone signed in sees
 * every tag of the visibility with all its pages.
 */
type Reader = 'visitor' | 'signed-in';

const readerOf = (ctx: Context): Reader => (ctx.state.user ? 'signed-in' : 'visitor');

function tagView(doc: TagDoc, reader: Reader): TagView {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    locale: doc.locale,
    visibility: doc.visibility,
    pageCount: reader === 'visitor' ? doc.publishedPageCount : doc.pageCount,
    publishedPageCount: doc.publishedPageCount,
  };
}

/** The tags of a visibility that exist (not merged away), in a locale or in all, as `reader` may see them. */
async function tagsOf(deps: QueryDeps, visibility: TagVisibility, locale: string | undefined, reader: Reader): Promise<TagView[]> {
  const docs = await deps.readModels.find<TagDoc>(tags, { where: { visibility, merged: false, ...(locale ? { locale } : {}) } });
  return docs.filter((doc) => reader === 'signed-in' || doc.publishedPageCount > 0).map((doc) => tagView(doc, reader));
}

const byName = (a: TagView, b: TagView) => a.name.localeCompare(b.name, a.locale) || a.locale.localeCompare(b.locale);

/** The tags of a locale (or of all) by name: what tags/fetch and tags/fetch-private answer, and the site reads in-process. */
export async function listTags(deps: QueryDeps, visibility: TagVisibility, locale: string | undefined, reader: Reader): Promise<TagView[]> {
  return (await tagsOf(deps, visibility, locale, reader)).sort(byName);
}

/**
 * The found-by-search list (spec section 3, tag caches): tags whose name starts with the term, has
 * a word that does, or (for a term of three or more letters) holds it inside a word, as Dutch
 * compounds do ("energie" finds "Windenergie"); compared as keys (no case, no accents); the most
 * used first (then a name that starts with the term, then one with a word that does, then the
 * rest), at most MAX_TAG_SUGGESTIONS. An empty term lists the most used.
 */
export async function searchTags(deps: QueryDeps, visibility: TagVisibility, input: { term: string; locale?: string }, reader: Reader): Promise<TagView[]> {
  const term = tagKey(input.term);
  const docs = await deps.readModels.find<TagDoc>(tags, { where: { visibility, merged: false, ...(input.locale ? { locale: input.locale } : {}) } });
  const found: { view: TagView; rank: number }[] = [];
  for (const doc of docs) {
    if (reader === 'visitor' && doc.publishedPageCount === 0) continue;
    const rank = doc.key.startsWith(term)
      ? 2
      : doc.key.split(/[^\p{L}\p{Nd}]+/u).some((word) => word.startsWith(term))
        ? 1
        : term.length >= 3 && doc.key.includes(term)
          ? 0
          : -1;
    if (rank >= 0) found.push({ view: tagView(doc, reader), rank });
  }
  return found
    .sort((a, b) => b.view.pageCount - a.view.pageCount || b.rank - a.rank || byName(a.view, b.view))
    .slice(0, MAX_TAG_SUGGESTIONS)
    .map((f) => f.view);
}

/**
 * A public tag by the address of its tag page; a private tag or (for a visitor) one on no
 * published page is not found. An old address (a slug the tag had before a rename, or the slug
 * of a tag merged into it) answers the tag as it is now, with its own slug.
 */
export async function readPublicTag(deps: QueryDeps, locale: string, slug: string, reader: Reader = 'visitor'): Promise<TagView> {
  const notFound = () => new NotFoundError('TG_07', 'slug', 'tag');
  // The tag that has the slug now, of either visibility: the address is its own.
  const [holder] = await deps.readModels.find<TagDoc>(tags, { where: { locale, slug, merged: false }, limit: 1 });
  const doc = holder ?? (await formerHolder(deps, locale, slug));
  if (!doc || doc.visibility !== 'public' || (reader === 'visitor' && doc.publishedPageCount === 0)) throw notFound();
  return tagView(doc, reader);
}

/**
 * The live tag an old address leads to: the tag that had the slug before a rename, or through
 * the merges of a tag merged away, to the tag its pages went to. Its own slug is another: the
 * site answers the old address with a permanent redirect to it.
 */
async function formerHolder(deps: QueryDeps, locale: string, slug: string): Promise<TagDoc | null> {
  const address = await deps.readModels.get<TagAddressDoc>(readModels.tagAddresses.collection, tagAddressId(locale, slug));
  let doc = address ? await deps.readModels.get<TagDoc>(tags, address.tagId) : null;
  for (let hop = 0; doc?.merged && doc.mergedInto && hop < MAX_MERGE_HOPS; hop++) doc = await deps.readModels.get<TagDoc>(tags, doc.mergedInto);
  return doc && !doc.merged ? doc : null;
}

/**
 * Whether a new tag of this name could be made in the locale now (the name rules, checkTagName,
 * and rule 6: no tag of the locale with the same slug), and the tag that has the name already,
 * for the field to offer (of either visibility: both share the name). Advice only: the tag's
 * creation decides, under its name claim.
 */
export async function validateTag(deps: QueryDeps, input: { tag: string; locale?: string; visibility: TagVisibility }): Promise<TagValidation> {
  const locale = input.locale ?? (await readSettings(deps)).defaultLocale;
  const check = checkTagName(input.tag);
  const errors = check.errors.map((code) => errorItem(code, 'tag', 'tag'));
  const [doc] = check.slug === '' ? [] : await deps.readModels.find<TagDoc>(tags, { where: { locale, slug: check.slug, merged: false }, limit: 1 });
  if (doc) errors.push(errorItem('TG_04', 'tag', 'tag'));
  return { valid: errors.length === 0, errors, existing: doc ? tagView(doc, 'signed-in') : null };
}

/** The tag reads of the endpoint table: public and private lists and searches, the public tag of a tag page, validate. */
export function tagRoutes(deps: QueryDeps): EndpointRoute[] {
  const fresh = readYourWrites(deps, [readModels.tags.projection, readModels.settings.projection]);
  return [
    query('tagsSearch', fresh, async (ctx, input) => searchTags(deps, 'public', input, readerOf(ctx))),
    query('tagsSearchPrivate', fresh, async (_ctx, input) => searchTags(deps, 'private', input, 'signed-in')),
    query('tagsFetch', fresh, async (ctx, input) => listTags(deps, 'public', input.locale, readerOf(ctx))),
    query('tagsFetchPrivate', fresh, async (_ctx, input) => listTags(deps, 'private', input.locale, 'signed-in')),
    query('tagsValidate', fresh, async (_ctx, input) => validateTag(deps, { tag: input.tag, locale: input.locale, visibility: input.visibility as TagVisibility })),
    query('tagsPublic', fresh, async (ctx, input) => readPublicTag(deps, input.locale, input.slug, readerOf(ctx))),
  ];
}
