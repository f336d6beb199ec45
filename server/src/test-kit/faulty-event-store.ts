import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { EventStore, ExpectedRevision, StreamAppend } from '@pagelog/storage/event-store/event-store';
import { startTestPagelog, type StoreKind, type TestPagelog } from './start-test-pagelog';

/**
 * An event store whose calls can be made to fail, for tests of what a command leaves behind when
 * its store goes away mid-way: `down` fails every call as an unreachable store would;
 * `failAppends(match)` fails the appends to matching streams (before they reach the store);
 * `holdAppend(match)` holds the next matching append back until the test lets it go (a command
 * that stalls between its claim and its write).
 */
export class FaultyEventStore implements EventStore {
  down = false;
  private appendFault: ((stream: string) => boolean) | null = null;
  private appendError: (stream: string) => Error = (stream) => new StoreUnavailableError(new Error(`the test failed an append to ${stream}`));
  private lostAnswer: ((stream: string) => boolean) | null = null;

  constructor(private readonly inner: EventStore) {}

  /**
   * Appends to streams `match` accepts fail until `clear()`: with `error` (a driver's own error,
   * say), or as a store that cannot be reached.
   */
  failAppends(match: (stream: string) => boolean, error?: () => Error): void {
    this.appendFault = match;
    if (error) this.appendError = error;
  }

  /** Appends to streams `match` accepts are written, then answered with a failure (a timeout after the commit). */
  loseAnswers(match: (stream: string) => boolean): void {
    this.lostAnswer = match;
  }

  /**
   * Holds appends to streams `match` accepts before they reach the store (a command that stalls
   * between its claim and its write): `reached` resolves when the first arrives, `release()` lets
   * them go on. With `onlyNext`, only the first is held and later ones pass.
   */
  holdAppends(match: (stream: string) => boolean, options: { onlyNext?: boolean } = {}): { reached: Promise<string>; release: () => void } {
    let arrived!: (stream: string) => void;
    let release!: () => void;
    const reached = new Promise<string>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = { match, arrived, released, onlyNext: options.onlyNext ?? false };
    this.held = hold;
    return {
      reached,
      release: () => {
        if (this.held === hold) this.held = null;
        release();
      },
    };
  }

  /** Holds the next append to a stream `match` accepts (see holdAppends); later ones pass. */
  holdAppend(match: (stream: string) => boolean): { reached: Promise<string>; release: () => void } {
    return this.holdAppends(match, { onlyNext: true });
  }

  private held: { match: (stream: string) => boolean; arrived: (stream: string) => void; released: Promise<void>; onlyNext: boolean } | null = null;

  clear(): void {
    this.down = false;
    this.appendFault = null;
    this.lostAnswer = null;
    this.held = null;
    this.appendError = (stream) => new StoreUnavailableError(new Error(`the test failed an append to ${stream}`));
  }

  private check(): void {
    if (this.down) throw new StoreUnavailableError(new Error('the test took the event store away'));
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision) {
    this.check();
    if (this.appendFault?.(stream)) throw this.appendError(stream);
    const held = this.held;
    if (held?.match(stream)) {
      if (held.onlyNext) this.held = null;
      held.arrived(stream);
      await held.released;
    }
    const result = await this.inner.append(stream, events, expectedRevision);
    if (this.lostAnswer?.(stream)) throw new StoreUnavailableError(new Error(`the test lost the answer of an append to ${stream}`));
    return result;
  }

  /** Faults, holds and lost answers apply when they match any of the parts' streams. */
  async appendMany(parts: StreamAppend[]) {
    this.check();
    const streams = parts.map((p) => p.stream);
    const faulted = streams.find((stream) => this.appendFault?.(stream));
    if (faulted !== undefined) throw this.appendError(faulted);
    const held = this.held;
    const heldStream = streams.find((stream) => held?.match(stream));
    if (held && heldStream !== undefined) {
      if (held.onlyNext) this.held = null;
      held.arrived(heldStream);
      await held.released;
    }
    const results = await this.inner.appendMany(parts);
    const lost = streams.find((stream) => this.lostAnswer?.(stream));
    if (lost !== undefined) throw new StoreUnavailableError(new Error(`the test lost the answer of an append to ${lost}`));
    return results;
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

/** A test Pagelog whose event store is a FaultyEventStore, and that store. */
export async function startWithFaultyStore(kind: StoreKind, options: Parameters<typeof startTestPagelog>[1] = {}): Promise<{ app: TestPagelog; faulty: FaultyEventStore }> {
  let faulty!: FaultyEventStore;
  const app = await startTestPagelog(kind, {
    ...options,
    wrapEventStore: (store) => {
      faulty = new FaultyEventStore(store);
      return faulty;
    },
  });
  return { app, faulty };
}
