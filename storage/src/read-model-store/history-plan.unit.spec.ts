import { expect } from 'chai';
import fc from 'fast-check';
import type { HistoryWrite } from './buffered-unit-of-work';
import { historyKey, planHistory, type OpenRow } from './history-plan';

type Row = { collection: string; id: string; validFrom: number; validTo: number | null; json: string };

/** Applies plans commit after commit to rows in memory, as the adapters do in their tables. */
function applyCommits(commits: HistoryWrite[][]): Row[] {
  let rows: Row[] = [];
  for (const writes of commits) {
    const open = new Map<string, OpenRow>(rows.filter((r) => r.validTo === null).map((r) => [historyKey(r.collection, r.id), { validFrom: r.validFrom, json: r.json }]));
    const plan = planHistory(writes, open);
    for (const r of plan.remove) rows = rows.filter((row) => !(row.collection === r.collection && row.id === r.id && row.validFrom === r.validFrom));
    for (const c of plan.close) {
      const row = rows.find((x) => x.collection === c.collection && x.id === c.id && x.validFrom === c.validFrom)!;
      expect(row.validTo, 'only an open row is closed').to.equal(null);
      row.validTo = c.validTo;
    }
    for (const i of plan.insert) rows.push({ ...i });
  }
  return rows;
}

const stateAt = (rows: Row[], id: string, p: number) => {
  const found = rows.filter((r) => r.id === id && r.validFrom <= p && (r.validTo === null || r.validTo > p));
  expect(found.length, `one state of ${id} at ${p}`).to.be.at.most(1);
  return found[0]?.json ?? null;
};

describe('history rows from a commit\'s changes (decision 0005)', () => {
  it('gives, at every position, the last state written at or before it, and never an empty or overlapping interval', () => {
    // Changes: (position step, document, state or delete), cut into commits anywhere.
    const change = fc.record({ step: fc.integer({ min: 0, max: 2 }), id: fc.constantFrom('a', 'b'), state: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }) });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 5 }), (changes, cuts) => {
        let position = 1;
        const writes: HistoryWrite[] = changes.map((c) => {
          position += c.step;
          return { collection: 'pub', id: c.id, position, json: c.state === null ? null : JSON.stringify({ v: c.state }) };
        });
        // Commits end at cut points that fall between positions (a commit holds whole positions).
        const commits: HistoryWrite[][] = [];
        let current: HistoryWrite[] = [];
        writes.forEach((w, i) => {
          current.push(w);
          const next = writes[i + 1];
          if (cuts.includes(i) && next && next.position > w.position) {
            commits.push(current);
            current = [];
          }
        });
        commits.push(current);
        const rows = applyCommits(commits);
        for (const row of rows) if (row.validTo !== null) expect(row.validTo).to.be.greaterThan(row.validFrom);
        for (let p = 0; p <= position + 1; p++) {
          for (const id of ['a', 'b']) {
            const last = writes.filter((w) => w.id === id && w.position <= p).pop();
            expect(stateAt(rows, id, p), `${id} at ${p}`).to.equal(last?.json ?? null);
          }
        }
      }),
    );
  });

  it('opens no interval for a put of the state the document already has, whatever the order of its fields', () => {
    const open = new Map<string, OpenRow>([[historyKey('pub', 'a'), { validFrom: 3, json: '{"x":1,"y":[1,2]}' }]]);
    const plan = planHistory([{ collection: 'pub', id: 'a', position: 7, json: '{"y":[1,2],"x":1}' }], open);
    expect(plan).to.deep.equal({ close: [], remove: [], insert: [] });
  });
});
