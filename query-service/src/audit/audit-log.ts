import { AUDIT_CSV_COLUMNS, auditEntryId, type AuditEntry, type AuditEntryDoc, type AuditLogPage } from '@pagelog/contracts/audit/audit-log';
import { readModels } from '@pagelog/contracts/read-models';
import { GENESIS_HASH, type ChainedEvent } from '@pagelog/storage/event-store/event-chain';
import type { FindOptions } from '@pagelog/storage/read-model-store/read-model-store';
import { csvRow } from '../core/csv';
import { nameResolver, type NameResolver } from '../core/names';
import type { UserQueryDeps } from '../core/query-deps';

const { collection } = readModels.auditLog;

type Deps = Pick<UserQueryDeps, 'readModels' | 'eventStore' | 'vault'>;

export interface AuditFilters {
  actor: string;
  subject: string;
  type: string;
  area: string;
  from: string;
  to: string;
}

/** A moment of the query as the log's `at` holds it (ISO, UTC, milliseconds). */
const instant = (value: string) => new Date(Date.parse(value)).toISOString();

/**
 * The positions a period covers: from the first event at or after `from` to the last before
 * `to`. `at` never runs back along positions, so both ends are one read of its index each.
 * Null without a period; first > last when the period holds no event.
 */
export async function periodPositions(deps: Pick<Deps, 'readModels'>, filters: Pick<AuditFilters, 'from' | 'to'>): Promise<{ first: number; last: number } | null> {
  if (!filters.from && !filters.to) return null;
  const edge = async (range: FindOptions['range'], direction: 'asc' | 'desc') =>
    (await deps.readModels.find<AuditEntryDoc>(collection, { range, orderBy: { field: 'at', direction }, limit: 1 }))[0]?.position;
  const first = filters.from ? ((await edge({ at: { gte: instant(filters.from) } }, 'asc')) ?? Number.MAX_SAFE_INTEGER) : 1;
  const last = filters.to ? ((await edge({ at: { lt: instant(filters.to) } }, 'desc')) ?? 0) : Number.MAX_SAFE_INTEGER;
  return { first, last };
}

function equality(filters: AuditFilters): FindOptions['where'] {
  const where: NonNullable<FindOptions['where']> = {};
  if (filters.actor) where.actor = filters.actor;
  if (filters.subject) where.subject = filters.subject;
  if (filters.type) where.type = filters.type;
  if (filters.area) where.area = filters.area;
  return where;
}

async function toEntry(doc: AuditEntryDoc, names: NameResolver): Promise<AuditEntry> {
  const { id: _id, ...rest } = doc;
  return {
    ...rest,
    actorName: await names.name(doc.actor),
    // A user is named when read, never stored: erasing them erases the name here too.
    subjectLabel: doc.area === 'users' && doc.subject ? await names.name(doc.subject) : doc.subjectLabel,
  };
}

/**
 * GET audit (view-audit): a page of the whole log, newest first, by actor, subject, type, area
 * and period; `before` (a position, from the last page's `next`) reads on. Each filter reads a
 * compound index ending in the position, and the period is a range of positions, so a page costs
 * the same at a million events as at a hundred.
 */
export async function listAuditLog(deps: Deps, input: AuditFilters & { before?: number; limit: number }): Promise<AuditLogPage> {
  const positions = await periodPositions(deps, input);
  const upper = Math.min(positions?.last ?? Number.MAX_SAFE_INTEGER, (input.before ?? Number.MAX_SAFE_INTEGER) - 1);
  const lower = positions?.first ?? 1;
  if (lower > upper) return { entries: [], next: null, positions };
  const docs = await deps.readModels.find<AuditEntryDoc>(collection, {
    where: equality(input),
    range: { position: { gte: lower, lte: upper } },
    orderBy: { field: 'position', direction: 'desc' },
    limit: input.limit + 1,
  });
  const names = nameResolver(deps);
  const shown = docs.slice(0, input.limit);
  return {
    entries: await Promise.all(shown.map((doc) => toEntry(doc, names))),
    next: docs.length > input.limit ? shown[shown.length - 1]!.position : null,
    positions,
  };
}

export interface ExportedAuditEvent extends AuditEntry {
  id: string;
  /** The event's data and metadata as the JSON text stored (what the hash covers); null where the store keeps no chain. */
  data: string | null;
  metadata: string | null;
  previousHash: string | null;
  hash: string | null;
}

const BATCH = 1_000;

/**
 * The events of a period (or the whole log) that match the filters, oldest first, each with its
 * words and, where the store keeps the chain, the event as stored with its hash and the previous
 * event's: read batch by batch along the chain, so memory stays flat however long the period.
 */
/** The positions an export covers: the period's, up to what the audit log has taken in. Read before the answer starts, so a failure here is a proper error, not a cut-off file. */
export interface ExportRange {
  first: number;
  last: number;
}

export async function exportRange(deps: Pick<Deps, 'readModels'>, filters: AuditFilters): Promise<ExportRange> {
  const positions = await periodPositions(deps, filters);
  const checkpoint = (await deps.readModels.getCheckpoint(readModels.auditLog.projection)).position;
  return { first: positions?.first ?? 1, last: Math.min(positions?.last ?? Number.MAX_SAFE_INTEGER, checkpoint) };
}

async function* exportedEvents(deps: Deps, filters: AuditFilters, range: ExportRange, names: NameResolver): AsyncGenerator<ExportedAuditEvent> {
  const { first, last } = range;
  if (first > last) return;
  const where = equality(filters) ?? {};
  const matches = (doc: AuditEntryDoc) => Object.entries(where).every(([field, value]) => (doc as unknown as Record<string, unknown>)[field] === value);
  const readChain = deps.eventStore.readChain?.bind(deps.eventStore);
  if (!readChain) {
    // No chain (KurrentDB, MongoDB): the log's own entries, in order, without hashes.
    for (let after = first - 1; after < last; ) {
      const docs = await deps.readModels.find<AuditEntryDoc>(collection, {
        where,
        range: { position: { gt: after, lte: last } },
        orderBy: { field: 'position', direction: 'asc' },
        limit: BATCH,
      });
      if (docs.length === 0) return;
      for (const doc of docs) yield { ...(await toEntry(doc, names)), id: doc.id, data: null, metadata: null, previousHash: null, hash: null };
      after = docs[docs.length - 1]!.position;
    }
    return;
  }
  let previous = first === 1 ? GENESIS_HASH : ((await readChain({ after: first - 2, limit: 1 }))[0]?.hash ?? null);
  for (let after = first - 1; after < last; ) {
    const chained: ChainedEvent[] = (await readChain({ after, limit: Math.min(BATCH, last - after) })).filter((e) => e.position <= last);
    if (chained.length === 0) return;
    const docs = await deps.readModels.getMany<AuditEntryDoc>(collection, chained.map((e) => auditEntryId(e.position)));
    for (const event of chained) {
      const doc = docs.get(auditEntryId(event.position));
      if (doc && matches(doc)) {
        yield { ...(await toEntry(doc, names)), id: event.id, data: event.data, metadata: event.metadata, previousHash: previous, hash: event.hash };
      }
      previous = event.hash;
    }
    after = chained[chained.length - 1]!.position;
  }
}

/** The export's JSON, written piece by piece: a header, then each event as it is read. */
export async function* auditExportJson(deps: Deps, filters: AuditFilters, range: ExportRange, now: Date): AsyncGenerator<string> {
  const names = nameResolver(deps);
  const header = {
    exportedAt: now.toISOString(),
    filters,
    positions: range.first > range.last ? null : range,
    chain: {
      algorithm: 'sha256',
      genesis: GENESIS_HASH,
      link: 'sha256_hex(previousHash "\\n" id "\\n" stream "\\n" revision "\\n" type "\\n" data "\\n" metadata), UTF-8',
    },
  };
  yield `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "events": [`;
  let count = 0;
  for await (const event of exportedEvents(deps, filters, range, names)) {
    yield `${count === 0 ? '\n' : ',\n'}    ${JSON.stringify(event)}`;
    count += 1;
  }
  yield `${count === 0 ? '' : '\n  '}],\n  "count": ${count}\n}\n`;
}

/** The export as CSV (AUDIT_CSV_COLUMNS), one row per event. */
export async function* auditExportCsv(deps: Deps, filters: AuditFilters, range: ExportRange): AsyncGenerator<string> {
  const names = nameResolver(deps);
  yield csvRow(AUDIT_CSV_COLUMNS);
  for await (const event of exportedEvents(deps, filters, range, names)) {
    const cells: Record<(typeof AUDIT_CSV_COLUMNS)[number], string> = {
      position: String(event.position),
      at: event.at,
      actor: event.actor,
      actorName: event.actorName,
      area: event.area,
      type: event.type,
      subject: event.subject ?? '',
      subjectLabel: event.subjectLabel,
      summary: event.summary,
      comment: event.comment ?? '',
      stream: event.stream,
      revision: String(event.revision),
      previousHash: event.previousHash ?? '',
      hash: event.hash ?? '',
    };
    yield csvRow(AUDIT_CSV_COLUMNS.map((column) => cells[column]));
  }
}

export function auditExportFileName(filters: AuditFilters, format: 'json' | 'csv', now: Date): string {
  const day = (value: string) => instant(value).slice(0, 10);
  const period = filters.from || filters.to ? `${filters.from ? day(filters.from) : 'start'}-to-${filters.to ? day(filters.to) : 'now'}` : now.toISOString().slice(0, 10);
  return `audit-log-${period}.${format}`;
}
