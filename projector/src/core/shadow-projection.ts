import type { Doc, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from './projection';

/**
 * Marks the name of a shadow: a projection's checkpoint or collection while a rebuild writes it
 * beside the live one. Projection and collection names never contain `~`, so a shadow cannot be
 * mistaken for something live.
 */
const SHADOW = '~rebuild';

/** The name a rebuild writes `name` under until it swaps it in. */
export function shadowName(name: string): string {
  return `${name}${SHADOW}`;
}

/**
 * The same projection, writing its collections under their shadow names with a checkpoint of its
 * own, so the runner replays into the shadow while the live read models go on serving reads.
 * Nothing queries a shadow (handlers only get, put and delete by id), so its collections need no
 * indexes: the documents take the live ones with the live names when they are swapped in.
 */
export function shadowProjection(projection: Projection): Projection {
  const declared = new Set(projection.collections.map((c) => c.name));
  const rename = (collection: string): string => {
    // A collection the projection does not declare would be written under its live name while
    // the rebuild runs, and would not be swapped in: refuse rather than corrupt it.
    if (!declared.has(collection)) {
      throw new Error(`projection "${projection.name}" uses collection "${collection}", which it does not declare; declare it in its collections`);
    }
    return shadowName(collection);
  };
  const { prefetch } = projection;
  return {
    name: shadowName(projection.name),
    version: projection.version,
    collections: projection.collections.map((c) => ({ name: shadowName(c.name), indexes: [], ...(c.temporal ? { temporal: true } : {}) })),
    handles: projection.handles,
    apply: (event, uow) => projection.apply(event, renamingUnit(uow, rename)),
    prefetch: prefetch && ((events) => prefetch.call(projection, events).map((p) => ({ collection: rename(p.collection), ids: p.ids }))),
  };
}

/** A unit of work that hands every call on to `uow` under the renamed collection. */
function renamingUnit(uow: UnitOfWork, rename: (collection: string) => string): UnitOfWork {
  return {
    get: <T extends Doc = Doc>(collection: string, id: string) => uow.get<T>(rename(collection), id),
    put: (collection, id, doc) => uow.put(rename(collection), id, doc),
    delete: (collection, id) => uow.delete(rename(collection), id),
    at: (position) => uow.at(position),
  };
}
