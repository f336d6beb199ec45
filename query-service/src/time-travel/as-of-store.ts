import { temporalCollections } from '@pagelog/contracts/read-models';
import type { Doc, FindOptions, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** A read as of a moment of a collection that keeps no history: refused rather than answered with the present. */
export class NoHistoryError extends Error {
  constructor(readonly collection: string) {
    super(`the read model "${collection}" keeps no history, so it cannot be read as of a past moment`);
    this.name = 'NoHistoryError';
  }
}

/**
 * The read models as they were after the event at `position` (decision 0005): get, getMany, find
 * and count of a temporal collection answer from its history; any other read, and every write,
 * is refused, so nothing of the present slips into a view of the past. The public site's reads
 * run unchanged on it.
 */
export function readModelsAsOf(store: ReadModelStore, position: number, temporal: ReadonlySet<string> = temporalCollections): ReadModelStore {
  const check = (collection: string) => {
    if (!temporal.has(collection)) throw new NoHistoryError(collection);
  };
  const reads = {
    get: async <T extends Doc = Doc>(collection: string, id: string) => (check(collection), store.getAt<T>(collection, id, position)),
    getMany: async <T extends Doc = Doc>(collection: string, ids: string[]) => (check(collection), store.getManyAt<T>(collection, ids, position)),
    find: async <T extends Doc = Doc>(collection: string, options?: FindOptions) => (check(collection), store.findAt<T>(collection, position, options)),
    count: async (collection: string, options?: Pick<FindOptions, 'where' | 'search' | 'range'>) => (check(collection), store.countAt(collection, position, options)),
    // Already as of a moment: a later one is the store's, not this view's.
    getAt: async <T extends Doc = Doc>(collection: string, id: string, at: number) => (check(collection), store.getAt<T>(collection, id, Math.min(at, position))),
    getManyAt: async <T extends Doc = Doc>(collection: string, ids: string[], at: number) => (check(collection), store.getManyAt<T>(collection, ids, Math.min(at, position))),
    findAt: async <T extends Doc = Doc>(collection: string, at: number, options?: FindOptions) => (check(collection), store.findAt<T>(collection, Math.min(at, position), options)),
    countAt: async (collection: string, at: number, options?: Pick<FindOptions, 'where' | 'search' | 'range'>) => (check(collection), store.countAt(collection, Math.min(at, position), options)),
    waitForCheckpoints: store.waitForCheckpoints.bind(store),
    getCheckpoint: store.getCheckpoint.bind(store),
    getCheckpoints: store.getCheckpoints.bind(store),
  } as Record<string, unknown>;
  return new Proxy(store, {
    get(_target, property) {
      if (typeof property === 'string' && Object.hasOwn(reads, property)) return reads[property];
      // Not a promise, and no symbol of the store's (an await or an inspection must not call a refusal).
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return () => Promise.reject(new Error(`the read models as of position ${position} are read-only (${String(property)})`));
    },
  });
}
