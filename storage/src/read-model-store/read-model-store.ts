/**
 * The read-model store port: documents by collection and id, written by projections through a
 * unit of work whose changes commit in one transaction with the projection's checkpoint.
 */
export type Doc = Record<string, unknown>;

/** Why a projection is stopped: the event it could not handle, visible from every process. */
export interface ProjectionError {
  /** Position of the event whose handler threw. */
  position: number;
  eventType: string;
  message: string;
  attempts: number;
  /** ISO date of the next retry. */
  nextRetryAt: string;
}

export interface Checkpoint {
  name: string;
  /** Global position of the last event the projection has handled (0 = none). */
  position: number;
  updatedAt: string | null;
  error: ProjectionError | null;
}

/**
 * Bounds on one top-level field, all of them applying. A bound compares within its own type:
 * numbers as numbers, text as find() orders it (code points on SQLite and MongoDB, the
 * database's collation on PostgreSQL: meant for ISO times and codes, which order the same
 * everywhere). A document whose field is missing, null or of another type is left out.
 */
export interface Range {
  gt?: number | string;
  gte?: number | string;
  lt?: number | string;
  lte?: number | string;
}

/**
 * An index: one top-level field, or several in order (compound). A compound index serves
 * equality on its first fields followed by a range or an order on the next, so a filtered list
 * read in the order of a later field reads only its own page.
 */
export type IndexSpec = string | readonly string[];

export interface FindOptions {
  /** Equality on top-level fields. */
  where?: Record<string, string | number | boolean | null>;
  /** Bounds on top-level fields (see Range), with `where` and `search`. */
  range?: Record<string, Range>;
  /** Case-insensitive substring match on any of the given top-level text fields. */
  search?: { term: string; fields: string[] };
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

/** A live collection and the shadow collection a rebuild wrote beside it. */
export interface SwapPair {
  live: string;
  shadow: string;
}

/** Documents to read ahead of a unit of work, by collection. */
export type Prefetch = { collection: string; ids: string[] }[];

export interface CommitOptions {
  /** Documents the work will read: fetched with one getMany per collection instead of one get each. */
  prefetch?: Prefetch;
  /**
   * The checkpoint the work started from. If another writer (a second projector, a rebuild) has
   * moved it since, nothing is written and CheckpointMovedError is thrown.
   */
  expectedPosition?: number;
  /**
   * Collections whose every change is also kept as history (decision 0005): a put or delete is
   * recorded as "this document's state from the position of `uow.at()` on", so findAt and getAt
   * answer as of any position. Changes made before any `at()` are recorded at the commit's position.
   */
  temporal?: readonly string[];
}

/** A commit found its projection's checkpoint moved by someone else; nothing was written. */
export class CheckpointMovedError extends Error {
  constructor(
    readonly projection: string,
    readonly expectedPosition: number,
    readonly actualPosition: number,
  ) {
    super(`checkpoint of ${projection} is at ${actualPosition}, expected ${expectedPosition}`);
    this.name = 'CheckpointMovedError';
  }
}

/**
 * What a projection handler may do. Reads see the unit's own earlier writes. `put` takes the
 * document over: the unit keeps that object until it commits, so a handler builds a new object
 * for every put (as the projections do, by spreading) and never changes one it has put or got.
 */
export interface UnitOfWork {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  put(collection: string, id: string, doc: Doc): void;
  delete(collection: string, id: string): void;
  /**
   * The position of the event whose changes follow: the projector calls it before each event, so
   * a temporal collection's history says which event changed what. Several changes of one
   * document at one position leave one state (the last).
   */
  at(position: number): void;
}

/** Options of ensureCollection. */
export interface CollectionOptions {
  /**
   * The collection keeps its history (decision 0005): its indexes are also made on the history
   * rows, each ending in the position a state starts at, so a look-up as of a position reads an
   * index.
   */
  temporal?: boolean;
}

export interface ReadModelStore {
  /** Declares a collection and its indexes (fields, or compound lists of fields); safe to call again. */
  ensureCollection(collection: string, indexes?: readonly IndexSpec[], options?: CollectionOptions): Promise<void>;
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  /** Several documents of one collection in one read; ids without a document are absent. */
  getMany<T extends Doc = Doc>(collection: string, ids: string[]): Promise<Map<string, T>>;
  find<T extends Doc = Doc>(collection: string, options?: FindOptions): Promise<T[]>;
  count(collection: string, options?: Pick<FindOptions, 'where' | 'search' | 'range'>): Promise<number>;
  /**
   * A temporal collection's document as it was after the event at `position` (decision 0005):
   * the state whose interval [validFrom, validTo) holds it; null where there was none. A
   * collection that keeps no history has none at any position.
   */
  getAt<T extends Doc = Doc>(collection: string, id: string, position: number): Promise<T | null>;
  getManyAt<T extends Doc = Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>>;
  /** find() over the documents as they were after the event at `position`. */
  findAt<T extends Doc = Doc>(collection: string, position: number, options?: FindOptions): Promise<T[]>;
  countAt(collection: string, position: number, options?: Pick<FindOptions, 'where' | 'search' | 'range'>): Promise<number>;
  /**
   * Runs `work` and commits its writes and the checkpoint `name → position` in one transaction.
   * If `work` throws, nothing is written and the error propagates.
   */
  commit(name: string, position: number, work: (uow: UnitOfWork) => Promise<void>, options?: CommitOptions): Promise<void>;
  /** A checkpoint row; an unknown name reads as position 0 with no error. */
  getCheckpoint(name: string): Promise<Checkpoint>;
  /** Records (or, with null, clears) a projection's error; a successful commit also clears it. */
  recordError(name: string, error: ProjectionError | null): Promise<void>;
  getCheckpoints(): Promise<Checkpoint[]>;
  /** Deletes the collections' documents (and their history) and resets the checkpoint to 0, in one transaction. */
  reset(name: string, collections: string[]): Promise<void>;
  /**
   * Puts a rebuild in place of projection `name`'s read models, in one transaction: when the
   * checkpoint `shadowName` is at or past `name`'s, each live collection's documents are replaced
   * by its shadow's (which then holds none), and its history by the shadow's history, `name`'s checkpoint moves to the shadow's position
   * with its error cleared, the shadow checkpoint is deleted, waiters are woken, and the answer is
   * true. Otherwise nothing changes and the answer is false: the caller catches the shadow up and
   * tries again. Readers see the old documents until the commit and the new ones after, never a
   * mix or an empty collection (MongoDB: see its adapter for a long query across the commit); a
   * commit that started from the old checkpoint finds it moved.
   * Shadow collections need no ensureCollection: nothing queries them, and their documents take
   * the live collections' indexes with their names.
   */
  swap(name: string, shadowName: string, pairs: SwapPair[]): Promise<boolean>;
  /**
   * Resolves true once every named checkpoint is at or past `position`, false after `timeoutMs`.
   * Wakes on local commits, and on other processes' commits where the adapter can tell.
   */
  waitForCheckpoints(names: string[], position: number, timeoutMs: number): Promise<boolean>;
  /**
   * Takes or renews the lease `name` for `holder` for `ttlMs`: true when `holder` has it now (it
   * was free, expired, or already this holder's), false while another holder's lease runs. Keeps
   * one active instance of something that must not run twice (a reactor) among processes.
   */
  acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up, if `holder` has it. */
  releaseLease(name: string, holder: string): Promise<void>;
  close(): Promise<void>;
}
