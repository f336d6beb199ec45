import { LRUCache } from 'lru-cache';
import { readModels } from '@pagelog/contracts/read-models';
import type { Doc, FindOptions, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { withReads, type StoreReads } from '@pagelog/storage/read-model-store/with-reads';

/** How many read answers (a document by id, or the documents of a find) the embedded site keeps. */
export const SITE_DOC_CACHE_ENTRIES = 4_000;

/**
 * What the view of the site as it will be (and a release's preview) reads besides the site's own
 * read models: the pages' schedules and drafts, the releases, and the editors' pages, versions and
 * menus (whether a release's items are ready) change without a site change (no invalidation
 * comes), so they are never kept.
 */
const NEVER_KEPT: ReadonlySet<string> = new Set([
  readModels.pageSchedules.collection,
  readModels.publicPageDrafts.collection,
  readModels.releases.collection,
  readModels.pages.collection,
  readModels.pageVersions.collection,
  readModels.menus.collection,
]);

/**
 * The read-model answers the public site's renders read, kept between renders in the embedded
 * mode (decision 0016): a render after a change reads from the store only what the change
 * touched (after a menu change, every page renders again, but reads the menus once, not each its
 * page, settings and translations again). Dropped whole by every cache invalidation the site
 * hears (`followInvalidations`), the same messages that keep the render cache fresh, which come
 * once the projections have taken the change in. A read that began before a drop is not kept (it
 * may have read the state before the change), as the render cache does with renders.
 *
 * Answers are shared between renders: the site's reads build new objects from them and never
 * change them.
 */
export class SiteDocCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private epoch = 0;

  constructor(maxEntries = SITE_DOC_CACHE_ENTRIES) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** Drops everything: something the site reads changed. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** `load`'s answer for `key`: kept from an earlier read, or read now and kept unless a clear came meanwhile. */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept.value as T;
    const epoch = this.epoch;
    const value = await load();
    if (epoch === this.epoch) this.entries.set(key, { value });
    return value;
  }

  /** The store with its get, getMany and find answered through this cache; everything else as it is. */
  over(store: ReadModelStore): ReadModelStore {
    const get = (collection: string, id: string) => (NEVER_KEPT.has(collection) ? store.get(collection, id) : this.read(`get\u0000${collection}\u0000${id}`, () => store.get(collection, id)));
    return withReads(store, {
      get,
      find: (collection: string, options: FindOptions = {}) => (NEVER_KEPT.has(collection) ? store.find(collection, options) : this.read(`find\u0000${collection}\u0000${JSON.stringify(options)}`, () => store.find(collection, options))),
      getMany: async (collection: string, ids: string[]) => {
        if (NEVER_KEPT.has(collection)) return store.getMany(collection, ids);
        const docs = new Map<string, Doc>();
        const found = await Promise.all(ids.map((id) => get(collection, id)));
        ids.forEach((id, i) => found[i] && docs.set(id, found[i]));
        return docs;
      },
    } as StoreReads);
  }
}
