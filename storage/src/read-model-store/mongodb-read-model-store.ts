import {
  MongoNetworkError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type ChangeStream,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type MongoClient,
  type Sort,
} from 'mongodb';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { collectWrites, type HistoryWrite } from './buffered-unit-of-work';
import { historyKey, planHistory, type OpenRow } from './history-plan';
import { CheckpointWaiters } from './checkpoint-waiters';
import { boundsOf, indexFields } from './range-bounds';
import {
  CheckpointMovedError,
  type CollectionOptions,
  type CommitOptions,
  type Checkpoint,
  type Doc,
  type FindOptions,
  type IndexSpec,
  type ProjectionError,
  type ReadModelStore,
  type SwapPair,
  type UnitOfWork,
} from './read-model-store';

export interface MongoReadModelStoreOptions {
  /** Owned by the caller: close() leaves it connected. */
  client: MongoClient;
  /** Database holding the `rm_docs` and `rm_checkpoints` collections. */
  dbName: string;
  /** Fallback re-check while a read-your-writes wait is pending; default 250. */
  pollIntervalMs?: number;
}

/** One read-model document: which collection, its id there, and the document itself. */
export interface DocRecord {
  c: string;
  i: string;
  doc: Doc;
}

/** One state of a temporal collection's document (decision 0005): valid from position `from` until `to` (null: still). */
export interface HistoryRecord {
  c: string;
  i: string;
  from: number;
  to: number | null;
  doc: Doc;
}

interface CheckpointRecord {
  _id: string;
  position: number;
  error: ProjectionError | null;
  updatedAt: Date | null;
}

interface LeaseRecord {
  _id: string;
  holder: string;
  expiresAt: Date;
}

/** Back-off before a lost change stream is opened again. */
const watchRetryMs = 1000;

/**
 * Read models in MongoDB. All read-model collections share one MongoDB collection, `rm_docs`, of
 * `{ c: collection, i: id, doc }` with a unique index on `{ c, i }` (like the SQL adapters'
 * one table); a declared field gets an index on `{ c, doc.<field> }`, shared by every read-model
 * collection that declares that field, so the 64-indexes-per-collection limit counts field names,
 * not collection × field.
 *
 * A commit applies the unit of work's buffered writes and the checkpoint in one multi-document
 * transaction. MongoDB only has transactions on a replica set (or a sharded cluster): a single
 * server must run as a one-member replica set, and init() refuses a standalone server. Waiters wake
 * on this store's own commits, on a change stream over `rm_checkpoints` (other processes; also
 * replica-set only), and on a poll in case the change stream is down.
 */
export class MongoReadModelStore implements ReadModelStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly docs: Collection<DocRecord>;
  private readonly history: Collection<HistoryRecord>;
  private readonly checkpoints: Collection<CheckpointRecord>;
  private readonly leases: Collection<LeaseRecord>;
  private readonly waiters: CheckpointWaiters;
  private changes: ChangeStream<CheckpointRecord> | undefined;
  private watchRetryAt = 0;
  private closed = false;

  constructor(options: MongoReadModelStoreOptions) {
    this.client = options.client;
    this.db = options.client.db(options.dbName);
    this.docs = this.db.collection<DocRecord>('rm_docs');
    this.history = this.db.collection<HistoryRecord>('rm_history');
    this.checkpoints = this.db.collection<CheckpointRecord>('rm_checkpoints');
    this.leases = this.db.collection<LeaseRecord>('rm_leases');
    this.waiters = new CheckpointWaiters({
      readPositions: (names) => this.readPositions(names),
      pollIntervalMs: options.pollIntervalMs ?? 250,
      listen: () => this.watch(),
    });
  }

  /**
   * Checks that the server can run transactions and creates the collections and the `{ c, i }`
   * index; several processes may call it at once.
   */
  async init(): Promise<void> {
    await guard(async () => {
      const hello = await this.db.command({ hello: 1 });
      if (!hello.setName && hello.msg !== 'isdbgrid') {
        throw new Error(
          'MongoDB read-model store: the server is a standalone mongod, but commits need multi-document '
            + 'transactions; run it as a replica set (one member is enough: --replSet rs0 and rs.initiate())',
        );
      }
      // Collections are created up front: creating one inside a transaction is allowed, but a
      // transaction racing the creation fails with a catalog conflict.
      for (const name of ['rm_docs', 'rm_history', 'rm_checkpoints', 'rm_leases']) {
        await this.db.createCollection(name).catch((error: unknown) => {
          if ((error as { code?: number }).code !== 48) throw error; // 48 NamespaceExists
        });
      }
      await this.docs.createIndex({ c: 1, i: 1 }, { unique: true, name: 'c_1_i_1' });
      await this.history.createIndex({ c: 1, i: 1, from: 1 }, { unique: true, name: 'c_1_i_1_from_1' });
    });
  }

  async ensureCollection(_collection: string, indexes: readonly IndexSpec[] = [], options: CollectionOptions = {}): Promise<void> {
    await guard(async () => {
      for (const spec of indexes) {
        const fields = indexFields(spec);
        // A single field keeps the index earlier versions made; a compound one ends in the id, as
        // find() breaks ties by it.
        const keys: Record<string, 1> = { c: 1 };
        for (const field of fields) keys[docPath(field)] = 1;
        if (fields.length > 1) keys.i = 1;
        await this.docs.createIndex(keys);
        if (options.temporal) {
          const historyKeys: Record<string, 1> = { c: 1 };
          for (const field of fields) historyKeys[docPath(field)] = 1;
          historyKeys.from = 1;
          await this.history.createIndex(historyKeys);
        }
      }
    });
  }

  async getAt<T extends Doc = Doc>(collection: string, id: string, position: number): Promise<T | null> {
    const found = await guard(() => this.history.findOne({ c: collection, i: id, ...validAt(position) }, { projection: { _id: 0, doc: 1 } }));
    return (found?.doc as T | undefined) ?? null;
  }

  async getManyAt<T extends Doc = Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>> {
    const found = await guard(() => this.history.find({ c: collection, i: { $in: ids }, ...validAt(position) }, { projection: { _id: 0, i: 1, doc: 1 } }).toArray());
    return new Map(found.map((d) => [d.i as string, d.doc as T]));
  }

  async findAt<T extends Doc = Doc>(collection: string, position: number, options: FindOptions = {}): Promise<T[]> {
    if (options.limit === 0) return [];
    const cursor = this.history
      .find(historyFilter(collection, position, options), { projection: { _id: 0, doc: 1 } })
      .sort(docSort(options.orderBy));
    if (options.offset) cursor.skip(options.offset);
    if (options.limit !== undefined) cursor.limit(options.limit);
    const found = await guard(() => cursor.toArray());
    return found.map((record) => record.doc as T);
  }

  async countAt(collection: string, position: number, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    return guard(() => this.history.countDocuments(historyFilter(collection, position, options)));
  }

  /** Writes a commit's temporal changes as history records, in the commit's transaction. */
  private async writeHistory(session: ClientSession, history: HistoryWrite[]): Promise<void> {
    const keys = [...new Map(history.map((h) => [historyKey(h.collection, h.id), h])).values()];
    const found = await this.history
      .find({ $or: keys.map((k) => ({ c: k.collection, i: k.id })), to: null }, { session, projection: { _id: 0, c: 1, i: 1, from: 1, doc: 1 } })
      .toArray();
    const open = new Map<string, OpenRow>(found.map((r) => [historyKey(r.c, r.i), { validFrom: r.from, json: JSON.stringify(r.doc) }]));
    const plan = planHistory(history, open);
    const operations = [
      ...plan.remove.map((r) => ({ deleteOne: { filter: { c: r.collection, i: r.id, from: r.validFrom } } })),
      ...plan.close.map((c) => ({ updateOne: { filter: { c: c.collection, i: c.id, from: c.validFrom }, update: { $set: { to: c.validTo } } } })),
      ...plan.insert.map((i) => {
        const filter = { c: i.collection, i: i.id, from: i.validFrom };
        return { replaceOne: { filter, replacement: { ...filter, to: i.validTo, doc: JSON.parse(i.json) as Doc }, upsert: true } };
      }),
    ];
    if (operations.length > 0) await this.history.bulkWrite(operations, { session, ordered: true });
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const found = await guard(() => this.docs.findOne({ c: collection, i: id }, { projection: { _id: 0, doc: 1 } }));
    return (found?.doc as T | undefined) ?? null;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: string[]): Promise<Map<string, T>> {
    const found = await guard(() => this.docs.find({ c: collection, i: { $in: ids } }, { projection: { _id: 0, i: 1, doc: 1 } }).toArray());
    return new Map(found.map((d) => [d.i as string, d.doc as T]));
  }

  async find<T extends Doc = Doc>(collection: string, options: FindOptions = {}): Promise<T[]> {
    if (options.limit === 0) return []; // MongoDB reads limit 0 as "no limit"
    const cursor = this.docs
      .find(docFilter(collection, options), { projection: { _id: 0, doc: 1 } })
      .sort(docSort(options.orderBy));
    if (options.offset) cursor.skip(options.offset);
    if (options.limit !== undefined) cursor.limit(options.limit);
    const found = await guard(() => cursor.toArray());
    return found.map((record) => record.doc as T);
  }

  async count(collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    return guard(() => this.docs.countDocuments(docFilter(collection, options)));
  }

  async commit(name: string, position: number, work: (uow: UnitOfWork) => Promise<void>, options: CommitOptions = {}): Promise<void> {
    const { writes, history } = await collectWrites(this, work, options.prefetch, { collections: options.temporal, position });
    const expected = options.expectedPosition;
    // Parsed once, outside the transaction: withTransaction may run its callback more than once.
    const operations = writes.map((w) => {
      const filter = { c: w.collection, i: w.id };
      return w.json === null
        ? { deleteOne: { filter } }
        : { replaceOne: { filter, replacement: { ...filter, doc: JSON.parse(w.json) as Doc }, upsert: true } };
    });
    await this.transaction(async (session) => {
      if (expected !== undefined) {
        // Inside the transaction: a concurrent commit of the same checkpoint is a write conflict.
        const current = await this.checkpoints.findOne({ _id: name }, { session });
        const actual = current ? Number(current.position) : 0;
        if (actual !== expected) throw new CheckpointMovedError(name, expected, actual);
      }
      if (operations.length > 0) await this.docs.bulkWrite(operations, { session, ordered: true });
      if (history.length > 0) await this.writeHistory(session, history);
      await this.checkpoints.updateOne(
        { _id: name },
        { $set: { position, error: null, updatedAt: new Date() } },
        { upsert: true, session },
      );
    });
    this.waiters.wake();
  }

  async getCheckpoint(name: string): Promise<Checkpoint> {
    const found = await guard(() => this.checkpoints.findOne({ _id: name }));
    return found ? toCheckpoint(found) : { name, position: 0, updatedAt: null, error: null };
  }

  async recordError(name: string, error: ProjectionError | null): Promise<void> {
    await guard(() => this.checkpoints.updateOne(
      { _id: name },
      { $set: { error, updatedAt: new Date() }, $setOnInsert: { position: 0 } },
      { upsert: true },
    ));
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    try {
      // Matches a lease this holder has or one that ran out; with neither, the upsert inserts a
      // second document under the same _id and fails: another holder's lease runs.
      await guard(() => this.leases.updateOne(
        { _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }] },
        { $set: { holder, expiresAt: new Date(now.getTime() + ttlMs) } },
        { upsert: true },
      ));
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await guard(() => this.leases.deleteOne({ _id: name, holder }));
  }

  async getCheckpoints(): Promise<Checkpoint[]> {
    const found = await guard(() => this.checkpoints.find().sort({ _id: 1 }).toArray());
    return found.map(toCheckpoint);
  }

  async reset(name: string, collections: string[]): Promise<void> {
    await this.transaction(async (session) => {
      await this.docs.deleteMany({ c: { $in: collections } }, { session });
      await this.history.deleteMany({ c: { $in: collections } }, { session });
      await this.checkpoints.updateOne(
        { _id: name },
        { $set: { position: 0, error: null, updatedAt: new Date() } },
        { upsert: true, session },
      );
    });
    this.waiters.wake();
  }

  /**
   * One multi-document transaction, like commit: a read sees all of it or none of it, on a replica
   * set. Two limits: a query that yields while the swap commits (a long find) can return some
   * documents from before and some from after, which the SQL adapters never do; and the whole swap
   * must finish within MongoDB's transaction lifetime (60 s by default), so a projection with very
   * many documents may not be swappable (the swap then fails and the live models stay as they were).
   */
  async swap(name: string, shadowName: string, pairs: SwapPair[]): Promise<boolean> {
    let swapped = false;
    await this.transaction(async (session) => {
      // withTransaction may run this again after a write conflict: decide afresh each time.
      swapped = false;
      // A concurrent commit of either checkpoint writes the same document as this transaction,
      // so one of the two aborts and is retried, and then sees the other's result.
      const found = await this.checkpoints.find({ _id: { $in: [name, shadowName] } }, { session }).toArray();
      const position = (id: string) => Number(found.find((c) => c._id === id)?.position ?? 0);
      const shadow = position(shadowName);
      if (shadow < position(name)) return;
      for (const pair of pairs) {
        await this.docs.deleteMany({ c: pair.live }, { session });
        await this.docs.updateMany({ c: pair.shadow }, { $set: { c: pair.live } }, { session });
        await this.history.deleteMany({ c: pair.live }, { session });
        await this.history.updateMany({ c: pair.shadow }, { $set: { c: pair.live } }, { session });
      }
      await this.checkpoints.updateOne(
        { _id: name },
        { $set: { position: shadow, error: null, updatedAt: new Date() } },
        { upsert: true, session },
      );
      await this.checkpoints.deleteOne({ _id: shadowName }, { session });
      swapped = true;
    });
    if (swapped) this.waiters.wake();
    return swapped;
  }

  waitForCheckpoints(names: string[], position: number, timeoutMs: number): Promise<boolean> {
    return this.waiters.wait(names, position, timeoutMs);
  }

  /** Ends the change stream and pending waits; the client belongs to the caller. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiters.close();
    const changes = this.changes;
    this.changes = undefined;
    await changes?.close().catch(() => undefined);
  }

  private async readPositions(names: string[]): Promise<Map<string, number>> {
    const found = await guard(() => this.checkpoints
      .find({ _id: { $in: names } }, { projection: { position: 1 } })
      .toArray());
    return new Map(found.map((record) => [record._id, record.position]));
  }

  private transaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    // withTransaction retries the whole callback on TransientTransactionError (write conflicts
    // between two commits, a primary election) and the commit on UnknownTransactionCommitResult.
    return guard(() => this.client.withSession((session) => session.withTransaction(
      () => work(session),
      { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
    )));
  }

  /**
   * Opens the shared change stream if it is not open; a lost one is reopened on a later wait. It
   * resolves at once: the server-side cursor opens with the first getMore, and a commit made before
   * that is caught by the poll.
   */
  private watch(): Promise<void> {
    if (this.closed || this.changes) return Promise.resolve();
    if (Date.now() < this.watchRetryAt) return Promise.reject(new Error('checkpoint change stream is backing off'));
    const changes = this.checkpoints.watch([{ $project: { operationType: 1 } }]);
    this.changes = changes;
    void this.follow(changes);
    return Promise.resolve();
  }

  private async follow(changes: ChangeStream<CheckpointRecord>): Promise<void> {
    try {
      // next() waits for a change; the driver resumes the stream by itself after a resumable error.
      for (;;) {
        await changes.next();
        if (this.changes !== changes) return;
        this.waiters.wake();
      }
    } catch {
      // Closed, or not available (a standalone server has no change streams): the poll remains.
      this.dropWatch(changes);
    }
  }

  private dropWatch(changes: ChangeStream<CheckpointRecord>): void {
    if (this.changes !== changes) return;
    this.changes = undefined;
    this.watchRetryAt = Date.now() + watchRetryMs;
    changes.close().catch(() => undefined);
  }
}

/** The query for `find`/`count`: the collection, equality on fields, and the search. */
export function docFilter(collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'>): Filter<DocRecord> {
  const clauses: Filter<DocRecord>[] = [];
  const range = boundsOf(options.range);
  if (range === null) return { c: collection, _id: { $in: [] } };
  for (const [field, type] of range.typed) {
    // MongoDB compares within a type bracket already; $type also keeps out a field that is
    // missing or null when the only bound was an infinite one.
    const limits: Record<string, unknown> = { $type: type === 'number' ? 'number' : 'string' };
    for (const bound of range.bounds) if (bound.field === field) limits[`$${bound.op}`] = bound.value;
    clauses.push({ [docPath(field)]: limits });
  }
  for (const [field, value] of Object.entries(options.where ?? {})) {
    if (typeof value === 'number' && !Number.isFinite(value)) return { c: collection, _id: { $in: [] } };
    // MongoDB equality keeps 9, '9' and true apart, and null matches null or a missing field.
    clauses.push({ [docPath(field)]: value });
  }
  const search = options.search;
  if (search && search.term !== '') {
    if (search.fields.length === 0) return { c: collection, _id: { $in: [] } };
    const pattern = searchPattern(search.term);
    clauses.push({ $or: search.fields.map((field) => ({ [docPath(field)]: { $regex: pattern, $options: 'i' } })) });
  }
  return clauses.length === 0 ? { c: collection } : { c: collection, $and: clauses };
}

/** The states valid after the event at `position`: started at or before it, not ended by then. */
export function validAt(position: number): Filter<HistoryRecord> {
  return { from: { $lte: position }, $or: [{ to: null }, { to: { $gt: position } }] };
}

/** The query for `findAt`/`countAt`: `find`'s, over the history records valid at `position`. */
export function historyFilter(collection: string, position: number, options: Pick<FindOptions, 'where' | 'search' | 'range'>): Filter<HistoryRecord> {
  const base = docFilter(collection, options) as Filter<HistoryRecord>;
  const valid = validAt(position);
  // The validity's $or goes into $and beside find's clauses: a search's own $or must not be replaced.
  const and = [...((base.$and as Filter<HistoryRecord>[] | undefined) ?? []), valid];
  return { ...base, $and: and };
}

/** Sort for `find`: the field (null and missing first when ascending, as in PostgreSQL), then id. */
export function docSort(orderBy: FindOptions['orderBy']): Sort {
  if (!orderBy) return { i: 1 };
  const direction = orderBy.direction === 'desc' ? -1 : 1;
  return { [docPath(orderBy.field)]: direction, i: direction };
}

/**
 * A regular expression that finds `term` as a literal substring, ignoring case. Each letter becomes
 * a class of its lower- and upper-case forms, so case beyond ASCII is ignored whatever Unicode
 * support the server's regex engine was built with; the `i` option covers the rest.
 */
export function searchPattern(term: string): string {
  let pattern = '';
  for (const char of term) {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    const single = [...lower].length === 1 && [...upper].length === 1;
    pattern += single && lower !== upper ? `[${escapeRegex(lower)}${escapeRegex(upper)}]` : escapeRegex(char);
  }
  return pattern;
}

/** `text` with every regular-expression metacharacter escaped, so it matches itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);
}

/** The path of a top-level document field; dotted or $-names would mean something else to MongoDB. */
export function docPath(field: string): string {
  if (field === '' || field.includes('.') || field.startsWith('$') || field.includes('\0')) {
    throw new TypeError(`MongoDB read-model store: field name not supported: ${JSON.stringify(field)}`);
  }
  return `doc.${field}`;
}

const unavailableCodes = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * True when a driver error means "MongoDB cannot be reached now", not "the request is wrong".
 * Bulk writes wrap the underlying error (in `errorResponse`), so wrapped errors are looked into.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (
    error instanceof MongoNetworkError // includes MongoNetworkTimeoutError
    || error instanceof MongoServerSelectionError
    || error instanceof MongoServerClosedError
    || error instanceof MongoTopologyClosedError
    || error instanceof MongoOperationTimeoutError
  ) return true;
  if (error instanceof MongoServerError && typeof error.code === 'number' && unavailableCodes.has(error.code)) return true;
  if (depth >= 3 || typeof error !== 'object' || error === null) return false;
  const { cause, errorResponse } = error as { cause?: unknown; errorResponse?: unknown };
  return isUnavailable(cause, depth + 1) || (errorResponse !== error && isUnavailable(errorResponse, depth + 1));
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}

function toCheckpoint(record: CheckpointRecord): Checkpoint {
  return {
    name: record._id,
    position: record.position ?? 0,
    updatedAt: record.updatedAt ? record.updatedAt.toISOString() : null,
    error: record.error ?? null,
  };
}
