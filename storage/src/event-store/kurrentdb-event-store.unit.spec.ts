import { expect } from 'chai';
import {
  NO_STREAM,
  START,
  STREAM_NAME,
  StreamNotFoundError,
  UnavailableError,
  DeadlineExceededError,
  WrongExpectedVersionError,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import {
  KurrentDbEventStore,
  fromKurrentRevision,
  isUnavailable,
  logFilter,
  readPositionAfter,
  toKurrentRevision,
  toPosition,
  toStreamState,
} from './kurrentdb-event-store';

describe('KurrentDB event store mapping', () => {
  describe('when our revision is the expected state of an append', () => {
    it('expects no stream for an empty stream (revision 0)', () => {
      expect(toStreamState(0)).to.equal(NO_STREAM);
    });

    it("expects KurrentDB's 0-based revision of the last event otherwise", () => {
      expect(toStreamState(1)).to.equal(0n);
      expect(toStreamState(7)).to.equal(6n);
    });
  });

  describe('when revisions cross the boundary', () => {
    it('turns our 1-based revisions into 0-based ones and back', () => {
      expect(toKurrentRevision(1)).to.equal(0n);
      expect(toKurrentRevision(42)).to.equal(41n);
      expect(fromKurrentRevision(0n)).to.equal(1);
      expect(fromKurrentRevision(41n)).to.equal(42);
      for (const revision of [1, 2, 1000, 2 ** 40]) expect(fromKurrentRevision(toKurrentRevision(revision))).to.equal(revision);
    });
  });

  describe('when a log position becomes a global position', () => {
    it('uses the commit position as a number', () => {
      expect(toPosition({ commit: 1234n, prepare: 1234n })).to.equal(1234);
      expect(toPosition({ commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: 0n })).to.equal(Number.MAX_SAFE_INTEGER);
    });

    it('refuses a position a number cannot hold exactly', () => {
      expect(() => toPosition({ commit: 2n ** 53n + 1n, prepare: 0n })).to.throw(RangeError);
    });

    it('reads from the start after 0 and from the event itself after a position', () => {
      expect(readPositionAfter(0)).to.equal(START);
      expect(readPositionAfter(987654)).to.deep.equal({ commit: 987654n, prepare: 987654n });
    });
  });

  describe('when the global log is filtered', () => {
    it('keeps only the streams of its prefix', () => {
      expect(logFilter('t1-')).to.deep.include({ filterOn: STREAM_NAME, prefixes: ['t1-'] });
    });

    it('without a prefix, keeps every stream but the $-prefixed system streams', () => {
      const filter = logFilter('');
      expect(filter).to.deep.include({ filterOn: STREAM_NAME });
      const regex = new RegExp((filter as { regex: string }).regex);
      expect(['page-1', 'settings', 'user-0193'].every((s) => regex.test(s))).to.equal(true);
      expect(['$stats-127.0.0.1:2113', '$$page-1', '$settings'].some((s) => regex.test(s))).to.equal(false);
    });

    it('refuses a prefix that would name system streams', () => {
      expect(() => new KurrentDbEventStore({ client: {} as KurrentDBClient, streamPrefix: '$pagelog-' })).to.throw(TypeError);
    });
  });

  describe('when a client error is classified', () => {
    it('calls unreachable, timed-out and raw gRPC UNAVAILABLE errors unavailable', () => {
      expect(isUnavailable(new UnavailableError())).to.equal(true);
      expect(isUnavailable(new DeadlineExceededError())).to.equal(true);
      // What appendToStream rejects with when no channel could be opened.
      expect(isUnavailable(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }))).to.equal(true);
      expect(isUnavailable(new Error('Failed to discover after 10 attempts.'))).to.equal(true);
    });

    it('leaves conflicts, missing streams and other errors alone', () => {
      const conflict = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 0n, current: 2n });
      expect(isUnavailable(conflict)).to.equal(false);
      expect(isUnavailable(new StreamNotFoundError(undefined, 's'))).to.equal(false);
      expect(isUnavailable(new TypeError('bad'))).to.equal(false);
      expect(isUnavailable(null)).to.equal(false);
    });
  });
});
