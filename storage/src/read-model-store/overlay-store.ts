import { boundsOf } from './range-bounds';
import type { Doc, FindOptions, ReadModelStore } from './read-model-store';

/**
 * Changes laid over the read models: by collection, by id, the document it would have (null: it
 * would be gone). Nothing is written; the view of the site as it will be (issue 17) reads the
 * present through them.
 */
export type Overlay = Map<string, OverlaidCollection>;

export interface OverlaidCollection {
  docs: Map<string, Doc | null>;
  /** A document's id, for the documents find answers (they need not hold their id). */
  idOf: (doc: Doc) => string;
}

type Where = NonNullable<FindOptions['where']>;

function equals(value: unknown, wanted: Where[string]): boolean {
  if (wanted === null) return value === null || value === undefined;
  return value === wanted;
}

/** Whether a document passes find's `where`, `range` and `search`, as the adapters decide it. */
export function matchesFind(doc: Doc, options: Pick<FindOptions, 'where' | 'range' | 'search'> = {}): boolean {
  for (const [field, wanted] of Object.entries(options.where ?? {})) if (!equals(doc[field], wanted)) return false;
  const range = boundsOf(options.range);
  if (range === null) return false;
  for (const [field, type] of range.typed) if (typeof doc[field] !== (type === 'number' ? 'number' : 'string')) return false;
  for (const bound of range.bounds) {
    const value = doc[bound.field] as number | string;
    const ok = bound.op === 'gt' ? value > bound.value : bound.op === 'gte' ? value >= bound.value : bound.op === 'lt' ? value < bound.value : value <= bound.value;
    if (!ok) return false;
  }
  const search = options.search;
  if (search && search.term !== '') {
    const term = search.term.toLowerCase();
    if (!search.fields.some((field) => typeof doc[field] === 'string' && (doc[field] as string).toLowerCase().includes(term))) return false;
  }
  return true;
}

/** Nothing first, then numbers, then text (as the stores sort JSON values). */
function rank(value: unknown): number {
  return value === null || value === undefined ? 0 : typeof value === 'number' || typeof value === 'boolean' ? 1 : 2;
}

/** find's order: by the field (ties by id, in the same direction), or by id. */
export function findOrder(options: Pick<FindOptions, 'orderBy'>): (a: { id: string; doc: Doc }, b: { id: string; doc: Doc }) => number {
  const sign = options.orderBy?.direction === 'desc' ? -1 : 1;
  const field = options.orderBy?.field;
  return (a, b) => {
    if (field !== undefined) {
      const x = a.doc[field];
      const y = b.doc[field];
      const byRank = rank(x) - rank(y);
      if (byRank !== 0) return sign * byRank;
      if (x !== y && x !== null && x !== undefined) return sign * ((x as number | string) < (y as number | string) ? -1 : 1);
    }
    return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

/**
 * The read models with `overlay` laid over them, read-only: get, getMany, find and count answer
 * the present with the overlay's documents in place (and its deletions gone); every other read
 * passes through, and every write is refused.
 */
export function readModelsOverlaid(store: ReadModelStore, overlay: Overlay): ReadModelStore {
  const changesOf = (collection: string) => overlay.get(collection)?.docs;
  async function getMany<T extends Doc = Doc>(collection: string, ids: string[]): Promise<Map<string, T>> {
    const changes = changesOf(collection);
    const found = await store.getMany<T>(collection, changes ? ids.filter((id) => !changes.has(id)) : ids);
    if (!changes) return found;
    const answer = new Map<string, T>();
    for (const id of ids) {
      const doc = changes.has(id) ? (changes.get(id) as T | null) : (found.get(id) ?? null);
      if (doc) answer.set(id, structuredClone(doc));
    }
    return answer;
  }
  /** The documents of a collection that pass the filters, ids and all, in find's order, with the window applied. */
  async function findWithIds<T extends Doc = Doc>(collection: string, options: FindOptions = {}): Promise<{ id: string; doc: T }[]> {
    const changes = changesOf(collection);
    const window = (options.offset ?? 0) + (options.limit ?? Number.POSITIVE_INFINITY);
    const headOptions: FindOptions = { ...options, offset: 0, limit: Number.isFinite(window) ? window + (changes?.size ?? 0) : undefined };
    if (!changes) return (await store.find<T>(collection, options)).map((doc) => ({ id: '', doc }));
    const idOf = overlay.get(collection)!.idOf;
    const head = await store.find<T>(collection, headOptions);
    const merged: { id: string; doc: T }[] = [];
    for (const doc of head) {
      const id = idOf(doc);
      if (!changes.has(id)) merged.push({ id, doc });
    }
    for (const [id, doc] of changes) if (doc && matchesFind(doc, options)) merged.push({ id, doc: structuredClone(doc) as T });
    merged.sort(findOrder(options) as (a: { id: string; doc: T }, b: { id: string; doc: T }) => number);
    return merged.slice(options.offset ?? 0, Number.isFinite(window) ? window : undefined);
  }
  const reads = {
    get: async <T extends Doc = Doc>(collection: string, id: string) => (await getMany<T>(collection, [id])).get(id) ?? null,
    getMany,
    find: async <T extends Doc = Doc>(collection: string, options?: FindOptions) => (await findWithIds<T>(collection, options)).map((entry) => entry.doc),
    count: async (collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}) => {
      const changes = changesOf(collection);
      const count = await store.count(collection, options);
      if (!changes) return count;
      const before = await store.getMany(collection, [...changes.keys()]);
      let delta = 0;
      for (const [id, doc] of changes) delta += (doc && matchesFind(doc, options) ? 1 : 0) - (before.has(id) && matchesFind(before.get(id)!, options) ? 1 : 0);
      return count + delta;
    },
    waitForCheckpoints: store.waitForCheckpoints.bind(store),
    getCheckpoint: store.getCheckpoint.bind(store),
    getCheckpoints: store.getCheckpoints.bind(store),
  } as Record<string, unknown>;
  return new Proxy(store, {
    get(_target, property) {
      if (typeof property === 'string' && Object.hasOwn(reads, property)) return reads[property];
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return () => Promise.reject(new Error(`the read models with planned changes laid over them are read-only (${String(property)})`));
    },
  });
}
