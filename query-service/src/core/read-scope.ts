import type { Doc, FindOptions, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { withReads, type StoreReads } from '@pagelog/storage/read-model-store/with-reads';

/**
 * The read models as one answer sees them: a document asked for twice by id (or found by a find,
 * then asked for by id) is read once, and the same find twice is run once. The public site takes
 * one for each page it renders (`SiteReads.scoped`): a render asks for the settings four times and
 * for its page three times, through reads that each stand alone. Kept only as long as that
 * answer, so it never hands an old document to a later one; within it, every read sees the same
 * documents. Answers are shared, so callers must not change them (none does).
 */
export function readScope(store: ReadModelStore): ReadModelStore {
  const byId = new Map<string, Promise<Doc | null>>();
  const finds = new Map<string, Promise<Doc[]>>();
  const idKey = (collection: string, id: string) => `${collection}\u0000${id}`;

  function get(collection: string, id: string): Promise<Doc | null> {
    const key = idKey(collection, id);
    let doc = byId.get(key);
    if (!doc) byId.set(key, (doc = store.get(collection, id)));
    return doc;
  }

  function find(collection: string, options: FindOptions = {}): Promise<Doc[]> {
    const key = `${collection}\u0000${JSON.stringify(options)}`;
    let docs = finds.get(key);
    if (!docs) {
      docs = store.find(collection, options).then((found) => {
        for (const doc of found) {
          if (typeof doc.id === 'string' && !byId.has(idKey(collection, doc.id))) byId.set(idKey(collection, doc.id), Promise.resolve(doc));
        }
        return found;
      });
      finds.set(key, docs);
    }
    return docs;
  }

  async function getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const missing = [...new Set(ids)].filter((id) => !byId.has(idKey(collection, id)));
    if (missing.length > 0) {
      const fetched = store.getMany(collection, missing);
      for (const id of missing) byId.set(idKey(collection, id), fetched.then((docs) => docs.get(id) ?? null));
    }
    const docs = new Map<string, Doc>();
    for (const id of ids) {
      const doc = await byId.get(idKey(collection, id));
      if (doc) docs.set(id, doc);
    }
    return docs;
  }

  return withReads(store, { get, find, getMany } as StoreReads);
}
