import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { CommandIdentity } from '@pagelog/service-kit/http/idempotency';

export type { CommandIdentity };

/**
 * A UUIDv7 with the time `ms` whose other bits are a digest of `parts`: the same parts always give
 * the same id, different parts practically never do.
 */
export function derivedUuid(ms: number, parts: readonly string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return uuidv7({ msecs: ms, random: digest.subarray(0, 16) });
}

/**
 * One write a command makes to a stream: the `nth` (1-based) of its writes to that stream. The
 * same write of a retry has the same name, so its event ids can be recognised in the stream. A
 * write that is decided again (a claim) goes in a further `round` with ids of its own, since the
 * store treats ids it holds as a write already done.
 */
export class KeyedWrite {
  constructor(
    private readonly identity: CommandIdentity,
    readonly stream: string,
    readonly nth: number,
  ) {}

  /** The id of the `index`th event of this write in `round`. */
  eventId(round: number, index: number): string {
    const { scope, key, startedAt } = this.identity;
    return derivedUuid(startedAt, ['event', scope, key, String(startedAt), this.stream, String(this.nth), String(round), String(index)]);
  }

  eventIds(round: number, count: number): string[] {
    return Array.from({ length: count }, (_, i) => this.eventId(round, i));
  }

  /**
   * This write as an earlier attempt left it in the stream's events: the latest round found, its
   * events, and where they begin; or null when no attempt has made it yet.
   */
  findIn<T extends RecordedEvent>(recorded: readonly T[]): { round: number; events: T[]; at: number } | null {
    const at = new Map(recorded.map((e, i) => [e.id, i] as const));
    let found: { round: number; at: number } | null = null;
    for (let round = 0; ; round++) {
      const index = at.get(this.eventId(round, 0));
      if (index === undefined) break;
      found = { round, at: index };
    }
    if (!found) return null;
    // The events of one append are stored together, in order.
    const events: T[] = [];
    for (let i = found.at; i < recorded.length && recorded[i]!.id === this.eventId(found.round, i - found.at); i++) events.push(recorded[i]!);
    return { round: found.round, events, at: found.at };
  }
}

/**
 * The ids of one attempt of a keyed command: new ids (`newId`) and the names of its writes, both
 * counted from the start of the attempt, so a retry that takes the same path makes the same ones.
 */
export class KeyedWrites {
  private ids = 0;
  private readonly writes = new Map<string, number>();

  constructor(readonly identity: CommandIdentity) {}

  newId(): string {
    const { scope, key, startedAt } = this.identity;
    this.ids += 1;
    return derivedUuid(startedAt, ['id', scope, key, String(startedAt), String(this.ids)]);
  }

  /** The command's next write to `stream`. */
  nextWrite(stream: string): KeyedWrite {
    const nth = (this.writes.get(stream) ?? 0) + 1;
    this.writes.set(stream, nth);
    return new KeyedWrite(this.identity, stream, nth);
  }
}
