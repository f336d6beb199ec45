import { expect } from 'chai';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { readWholeReleases } from './whole-releases';

/** A log of events by type and data, positions 1, 2, … */
function logOf(...events: [string, Record<string, unknown>][]) {
  const recorded = events.map(([type, data], i) => ({ id: `e${i + 1}`, stream: 's', type, data, position: i + 1, revision: 1, metadata: {} }) as unknown as RecordedEvent);
  return { readAll: async ({ after = 0, limit = 500 }: { after?: number; limit?: number } = {}) => recorded.filter((e) => e.position > after).slice(0, limit) };
}
const positions = (events: RecordedEvent[]) => events.map((e) => e.position);

describe("the log's batches for readers that build from the streams as they are now", () => {
  const log = logOf(
    ['PageVersionStored', { pageId: 'a' }],
    ['PagePublished', { pageId: 'a', releaseId: 'r1' }],
    ['PagePublished', { pageId: 'b', releaseId: 'r1' }],
    ['MenuPublished', { menuId: 'm', releaseId: 'r1' }],
    ['ReleasePublished', { releaseId: 'r1' }],
    ['PagePublished', { pageId: 'c' }],
  );

  it("goes on past the batch's size to the end of a release's append, and no further", async () => {
    expect(positions(await readWholeReleases(log, 0, 2))).to.deep.equal([1, 2, 3, 4, 5]);
    expect(positions(await readWholeReleases(log, 2, 1))).to.deep.equal([3, 4, 5]);
  });

  it('keeps its size when no release is cut in two', async () => {
    expect(positions(await readWholeReleases(log, 0, 1))).to.deep.equal([1]);
    expect(positions(await readWholeReleases(log, 4, 1))).to.deep.equal([5]);
    expect(positions(await readWholeReleases(log, 5, 10))).to.deep.equal([6]);
    expect(positions(await readWholeReleases(log, 6, 10))).to.deep.equal([]);
  });
});
