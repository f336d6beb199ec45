import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import type { Doc } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from '../core/projection';
import { Projector } from '../core/projector';
import { openTestLog, type TestLog } from '../core/test-log';

/** The time of the n-th minute of 1 March 2026, as events record it. */
export const minute = (n: number) => new Date(Date.UTC(2026, 2, 1, 0, n)).toISOString();

/**
 * For the media projections' specs: a SQLite log and read models, the projections run by the
 * real projector, events appended to streams as the command side would (at a given minute).
 */
export class ProjectionBench {
  private seq = 0;
  readonly log: TestLog;
  readonly projector: Projector;
  readonly recorded: RecordedEvent[] = [];

  constructor(readonly projections: Projection[]) {
    this.log = openTestLog('media-projection');
    this.projector = new Projector({ eventStore: this.log.events, readModels: this.log.readModels, projections });
  }

  /** Appends one event to `stream` at minute `at` and runs the projections to the head. */
  async append(stream: string, type: string, data: Record<string, unknown>, at = this.seq): Promise<RecordedEvent> {
    this.seq += 1;
    const event: NewEvent = {
      id: `00000000-0000-7000-8000-${String(this.seq).padStart(12, '0')}`,
      type,
      data,
      metadata: { actorId: 'u1', correlationId: 'c', causationId: 'c', occurredAt: minute(at), schemaVersion: 1 },
    };
    const { events } = await this.log.events.append(stream, [event], 'any');
    this.recorded.push(...events);
    await this.projector.catchUp();
    return events[0]!;
  }

  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return this.log.readModels.get<T>(collection, id);
  }

  /** Every document of the projections' collections, by collection, in id order. */
  async snapshot(): Promise<Record<string, Doc[]>> {
    const all: Record<string, Doc[]> = {};
    for (const p of this.projections) for (const c of p.collections) all[c.name] = await this.log.readModels.find(c.name);
    return all;
  }

  /** Applies already-recorded events once more, as a redelivery would, in one commit. */
  async redeliver(events: RecordedEvent[]): Promise<void> {
    const store = this.log.readModels;
    for (const p of this.projections) {
      const { position } = await store.getCheckpoint(p.name);
      await store.commit(p.name, position, async (uow) => {
        for (const e of events) await p.apply(e, uow);
      });
    }
  }

  close(): Promise<void> {
    return this.log.close();
  }
}
