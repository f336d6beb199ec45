import { expect } from 'chai';
import { projectionState, STALLED_AFTER_MS } from './read-models';

describe("a projection's state in the status", () => {
  const now = Date.parse('2026-05-01T12:00:00.000Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('is ok when caught up, however long ago it last moved', () => {
    expect(projectionState({ lag: 0, updatedAt: at(3_600_000), error: null }, now)).to.equal('ok');
  });

  it('is catching up when behind and moving, stalled when behind and not moving for a while', () => {
    expect(projectionState({ lag: 12, updatedAt: at(1_000), error: null }, now)).to.equal('catching-up');
    expect(projectionState({ lag: 12, updatedAt: at(STALLED_AFTER_MS + 1), error: null }, now)).to.equal('stalled');
    expect(projectionState({ lag: 12, updatedAt: null, error: null }, now)).to.equal('stalled');
  });

  it('counts from when it fell behind: one event behind after an idle hour is catching up, not stalled', () => {
    expect(projectionState({ lag: 1, updatedAt: at(3_600_000), behindSince: at(500), error: null }, now)).to.equal('catching-up');
    expect(projectionState({ lag: 1, updatedAt: at(3_600_000), behindSince: at(STALLED_AFTER_MS + 1), error: null }, now)).to.equal('stalled');
  });

  it('is failing while a handler throws', () => {
    const error = { position: 7, eventType: 'PageCreated', message: 'x', attempts: 3, nextRetryAt: at(-1000) };
    expect(projectionState({ lag: 3, updatedAt: at(10), error }, now)).to.equal('failing');
  });
});
