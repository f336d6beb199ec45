import { createHash } from 'node:crypto';

/**
 * The event log's hash chain (issue 17, tamper evidence): each event's hash covers the previous
 * event's hash and the event as stored (id, stream, revision, type, and its data and metadata as
 * the JSON text written), so altering, removing or reordering any stored event changes every hash
 * after it. Erasing personal data destroys keys in the vault and never touches an event, so the
 * chain survives it. The SQLite adapter computes it in JavaScript, the PostgreSQL one in SQL
 * (`sha256`); both hash the same bytes:
 *
 *     sha256_hex(previous "\n" id "\n" stream "\n" revision "\n" type "\n" data "\n" metadata)
 *
 * with the first event's previous hash GENESIS_HASH. An auditor can check an export (which
 * carries each event's stored text and hash) with nothing but SHA-256.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** An event as the log stores it: its data and metadata as the JSON text written. */
export interface ChainedEvent {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  /** Its link in the chain (chainHash of the previous event's hash and itself). */
  hash: string;
}

export function chainHash(previous: string, event: Omit<ChainedEvent, 'position' | 'hash'>): string {
  return createHash('sha256')
    .update(`${previous}\n${event.id}\n${event.stream}\n${event.revision}\n${event.type}\n${event.data}\n${event.metadata}`, 'utf8')
    .digest('hex');
}

/** What `verify` found: every event checked and the chain whole, or the first event where it breaks, and why. */
export type ChainVerdict =
  | { intact: true; checked: number; head: { position: number; hash: string } | null }
  | {
      intact: false;
      checked: number;
      /** The first event (by position) whose link does not hold. */
      position: number;
      id: string | null;
      reason: 'altered' | 'missing' | 'out-of-order';
    };

/**
 * Checks the chain over the log, batch by batch (`read` gives the events after a position, in
 * position order): each event's hash must be the hash of the previous one's and its own content,
 * and positions must follow each other (the SQLite and PostgreSQL logs are gapless). Names the
 * first event where that fails: altered (its content or hash changed), missing (a position left
 * out: an event removed), out of order (positions not increasing).
 */
export async function verifyChain(read: (after: number, limit: number) => Promise<ChainedEvent[]>, options: { batch?: number; onProgress?: (checked: number) => void } = {}): Promise<ChainVerdict> {
  const batch = options.batch ?? 5_000;
  let previous = GENESIS_HASH;
  let last = 0;
  let checked = 0;
  for (;;) {
    const events = await read(last, batch);
    for (const event of events) {
      if (event.position <= last) return { intact: false, checked, position: event.position, id: event.id, reason: 'out-of-order' };
      if (event.position !== last + 1) return { intact: false, checked, position: last + 1, id: null, reason: 'missing' };
      if (chainHash(previous, event) !== event.hash) return { intact: false, checked, position: event.position, id: event.id, reason: 'altered' };
      previous = event.hash;
      last = event.position;
      checked += 1;
    }
    options.onProgress?.(checked);
    if (events.length < batch) return { intact: true, checked, head: checked === 0 ? null : { position: last, hash: previous } };
  }
}
