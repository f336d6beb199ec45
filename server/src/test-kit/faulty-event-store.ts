import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { EventStore, ExpectedRevision } from '@pagelog/storage/event-store/event-store';

/**
 * An event store whose calls can be made to fail, for tests of what a command leaves behind when
 * its store goes away mid-way: `down` fails every call as an unreachable store would;
 * `failAppends(match)` fails the appends to matching streams (before they reach the store).
 */
export class FaultyEventStore implements EventStore {
  down = false;
  private appendFault: ((stream: string) => boolean) | null = null;
  private lostAnswer: ((stream: string) => boolean) | null = null;

  constructor(private readonly inner: EventStore) {}

  /** Appends to streams `match` accepts fail until `clear()`. */
  failAppends(match: (stream: string) => boolean): void {
    this.appendFault = match;
  }

  /** Appends to streams `match` accepts are written, then answered with a failure (a timeout after the commit). */
  loseAnswers(match: (stream: string) => boolean): void {
    this.lostAnswer = match;
  }

  clear(): void {
    this.down = false;
    this.appendFault = null;
    this.lostAnswer = null;
  }

  private check(): void {
    if (this.down) throw new StoreUnavailableError(new Error('the test took the event store away'));
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision) {
    this.check();
    if (this.appendFault?.(stream)) throw new StoreUnavailableError(new Error(`the test failed an append to ${stream}`));
    const result = await this.inner.append(stream, events, expectedRevision);
    if (this.lostAnswer?.(stream)) throw new StoreUnavailableError(new Error(`the test lost the answer of an append to ${stream}`));
    return result;
  }

  async readStream(...args: Parameters<EventStore['readStream']>) {
    this.check();
    return this.inner.readStream(...args);
  }

  async streamRevision(stream: string) {
    this.check();
    return this.inner.streamRevision(stream);
  }

  async readAll(...args: Parameters<EventStore['readAll']>) {
    this.check();
    return this.inner.readAll(...args);
  }

  async headPosition() {
    this.check();
    return this.inner.headPosition();
  }

  subscribe(listener: (position: number) => void) {
    return this.inner.subscribe(listener);
  }

  close() {
    return this.inner.close();
  }
}
