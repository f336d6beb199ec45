import type { FormId } from '@pagelog/contracts/forms/forms';
import type { PublicPageCard, PublicPageList } from '@pagelog/contracts/pages/page';
import { formSettingsTag, pageListTag, pageTag, taggedPagesTag, type CacheTag } from '@pagelog/contracts/site/cache-tags';
import type { PageListQuery } from '@pagelog/contracts/site/site-reads';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';

/**
 * What a block's preparer may read about other pages while a page is prepared for rendering (a
 * cards block's pages, an overview's list, where a link by page id points now). Each read records
 * the cache tags of what it read, so the rendered page is dropped when one of those pages changes;
 * a read that fails answers null, and the page is shown without that part and not kept.
 */
export interface PrepareContext {
  /** The page being prepared. */
  readonly page: { pageID: string; locale: string };
  /** The published pages among the ids, as cards, in the order asked (one read for all of a render's asks). */
  cards(pageIDs: readonly string[]): Promise<PublicPageCard[] | null>;
  /** Published pages of the page's locale (unless another is named), newest first; of a tag, when one is named. */
  list(query: Omit<PageListQuery, 'locale'> & { locale?: string }): Promise<PublicPageList | null>;
  /** A form's intro and thank-you text in the page's locale, as its settings say; null when they could not be read. */
  formTexts?(form: string): Promise<{ intro: string; thankYou: string } | null>;
}

/** A prepare context and what it found out: the tags of what it read, and whether every read succeeded. */
export interface PrepareSession {
  context: PrepareContext;
  readonly tags: CacheTag[];
  /** False when a read failed: the page is incomplete and must not be kept. */
  readonly complete: boolean;
}

export function prepareSession(
  page: { pageID: string; locale: string },
  { reads, requestId, logger }: { reads: TracedSiteReads; requestId: string; logger: SiteLogger },
): PrepareSession {
  const tags: CacheTag[] = [];
  let complete = true;
  const known = new Map<string, PublicPageCard | null>();
  let batch: { ids: Set<string>; done: Promise<boolean> } | null = null;

  function failed(err: unknown, what: string): null {
    complete = false;
    logger.warn({ err, requestId, pageID: page.pageID }, `${what} could not be read; the page is shown without them`);
    return null;
  }

  /** Asks for the ids not known yet, together with every other ask of the same turn. */
  function fetchCards(ids: string[]): Promise<boolean> {
    if (batch === null) {
      const current: { ids: Set<string>; done: Promise<boolean> } = { ids: new Set(), done: Promise.resolve(true) };
      current.done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        batch = null;
        const asked = [...current.ids];
        try {
          const cards = await reads.pageCards(asked, requestId);
          for (const id of asked) known.set(id, null);
          for (const card of cards) known.set(card.pageID, card);
          return true;
        } catch (err) {
          failed(err, 'the pages a block shows');
          return false;
        }
      });
      batch = current;
    }
    for (const id of ids) batch.ids.add(id);
    return batch.done;
  }

  const context: PrepareContext = {
    page,
    async cards(pageIDs) {
      // A page not live now may go live: the page showing it depends on it either way.
      tags.push(...pageIDs.map(pageTag));
      const missing = pageIDs.filter((id) => !known.has(id));
      if (missing.length > 0 && !(await fetchCards(missing))) return null;
      return pageIDs.flatMap((id) => known.get(id) ?? []);
    },
    async list(query) {
      const locale = query.locale ?? page.locale;
      const tag = query.tag ?? '';
      // A list of a tag changes with that tag's pages (and after a merge, with the pages of the tag
      // it went into); any other list with every page of its locale.
      tags.push(tag === '' ? pageListTag(locale) : taggedPagesTag(tag));
      try {
        const list = await reads.pageList({ ...query, locale }, requestId);
        if (tag !== '' && typeof list.listedTag === 'string' && list.listedTag !== tag) tags.push(taggedPagesTag(list.listedTag));
        tags.push(...list.items.map((item) => pageTag(item.pageID)));
        return list;
      } catch (err) {
        return failed(err, 'the pages a list shows');
      }
    },
    async formTexts(form) {
      if (!reads.formTexts) return null;
      tags.push(formSettingsTag(form as FormId));
      try {
        return await reads.formTexts(form, page.locale, requestId);
      } catch (err) {
        return failed(err, "a form's texts");
      }
    },
  };
  return {
    context,
    tags,
    get complete() {
      return complete;
    },
  };
}
