import type { Doc, Prefetch, UnitOfWork } from './read-model-store';

/** One pending change: the document as JSON text, or null for a delete. */
export interface BufferedWrite {
  collection: string;
  id: string;
  json: string | null;
}

/** One change of a temporal collection's document at a position, in the order they were made (the last per position wins). */
export interface HistoryWrite extends BufferedWrite {
  position: number;
}

/** What a unit of work leaves: the documents' last states, and the temporal collections' changes position by position. */
export interface SealedWrites {
  writes: BufferedWrite[];
  history: HistoryWrite[];
}

/**
 * A unit of work that keeps its writes in memory until the adapter commits them, so no database
 * transaction stays open while a projection handler awaits. Reads see the unit's own writes first.
 */
export class BufferedUnitOfWork implements UnitOfWork {
  // Documents are kept as objects and serialised once, at seal: a rebuild reads and rewrites the
  // same documents event after event, and parsing/stringifying each time cost half its CPU.
  private readonly writes = new Map<string, { collection: string; id: string; doc: Doc | null }>();
  /** Temporal changes by (collection, id, position): one state per event, the last. */
  private readonly history = new Map<string, { collection: string; id: string; position: number; doc: Doc | null }>();
  private sealed = false;
  private position: number;

  constructor(
    private readonly read: (collection: string, id: string) => Promise<Doc | null>,
    private readonly temporal: ReadonlySet<string> = new Set(),
    position = 0,
  ) {
    this.position = position;
  }

  at(position: number): void {
    this.position = position;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const write = this.writes.get(key(collection, id));
    if (write) return write.doc as T | null;
    return (await this.read(collection, id)) as T | null;
  }

  put(collection: string, id: string, doc: Doc): void {
    this.assertOpen();
    this.writes.set(key(collection, id), { collection, id, doc });
    this.record(collection, id, doc);
  }

  delete(collection: string, id: string): void {
    this.assertOpen();
    this.writes.set(key(collection, id), { collection, id, doc: null });
    this.record(collection, id, null);
  }

  /** Ends the unit (a late put from an un-awaited promise then throws) and returns its writes. */
  seal(): SealedWrites {
    this.sealed = true;
    const json = (doc: Doc | null) => (doc === null ? null : JSON.stringify(doc));
    return {
      writes: [...this.writes.values()].map((w) => ({ collection: w.collection, id: w.id, json: json(w.doc) })),
      history: [...this.history.values()].map((h) => ({ collection: h.collection, id: h.id, position: h.position, json: json(h.doc) })),
    };
  }

  private record(collection: string, id: string, doc: Doc | null): void {
    if (!this.temporal.has(collection)) return;
    const k = `${key(collection, id)}\u0000${this.position}`;
    // Deleted first so the entry moves to the end: the list stays in the order changes were made.
    this.history.delete(k);
    this.history.set(k, { collection, id, position: this.position, doc });
  }

  private assertOpen(): void {
    if (this.sealed) throw new Error('unit of work is already committed; await every write inside work()');
  }
}

function key(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}

/**
 * Runs a projection's work on a fresh unit and returns its buffered writes. The unit is sealed
 * either way, so a handler that kept a reference cannot write after the fact.
 */
export async function collectWrites(
  store: { get(collection: string, id: string): Promise<Doc | null>; getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> },
  work: (uow: UnitOfWork) => Promise<void>,
  prefetch: Prefetch = [],
  temporal: { collections?: readonly string[]; position: number } = { position: 0 },
): Promise<SealedWrites> {
  // Prefetched documents (and the absence of the others asked for) answer reads without a query.
  const known = new Map<string, Doc | null>();
  for (const { collection, ids } of prefetch) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) continue;
    const found = await store.getMany(collection, unique);
    for (const id of unique) known.set(key(collection, id), found.get(id) ?? null);
  }
  const read = (collection: string, id: string) => {
    const k = key(collection, id);
    return known.has(k) ? Promise.resolve(known.get(k) ?? null) : store.get(collection, id);
  };
  const uow = new BufferedUnitOfWork(read, new Set(temporal.collections ?? []), temporal.position);
  try {
    await work(uow);
  } catch (error) {
    uow.seal();
    throw error;
  }
  return uow.seal();
}
