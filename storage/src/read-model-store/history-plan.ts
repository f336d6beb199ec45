import { isDeepStrictEqual } from 'node:util';
import type { HistoryWrite } from './buffered-unit-of-work';

/** A document's open history row (its state now): where it starts, and the document as JSON text. */
export interface OpenRow {
  validFrom: number;
  json: string;
}

/** The rows a commit changes in the history of temporal collections (decision 0005). */
export interface HistoryPlan {
  /** Open rows that end: `validTo` is the position of the change that ended them. */
  close: { collection: string; id: string; validFrom: number; validTo: number }[];
  /** Open rows to remove outright: a state replaced at the very position it started (a commit over a position already written). */
  remove: { collection: string; id: string; validFrom: number }[];
  /** New rows; `validTo` null for the state that is open once the commit is in. */
  insert: { collection: string; id: string; validFrom: number; validTo: number | null; json: string }[];
}

export function historyKey(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}

function sameState(a: string, b: string): boolean {
  return a === b || isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
}

/**
 * Turns a commit's temporal changes into history rows, given each changed document's open row.
 * Pure, so every adapter writes the same intervals:
 * - a put that leaves the document as it was opens no interval (a projection re-putting the same
 *   state changes nothing in history);
 * - a put of another state ends the open interval at its position and opens one;
 * - a delete ends the open interval (nothing is removed from history) and opens none;
 * - several changes in one commit make the intermediate rows, each closed by the next change.
 */
export function planHistory(writes: readonly HistoryWrite[], open: ReadonlyMap<string, OpenRow>): HistoryPlan {
  const plan: HistoryPlan = { close: [], remove: [], insert: [] };
  const byKey = new Map<string, HistoryWrite[]>();
  for (const write of writes) {
    const k = historyKey(write.collection, write.id);
    let list = byKey.get(k);
    if (!list) byKey.set(k, (list = []));
    list.push(write);
  }
  for (const [k, list] of byKey) {
    // Positions only go forwards in a projector's commit; sorted (stably) in case a caller did not,
    // and one state per position: the last change made at it.
    const lastAt = new Map<number, HistoryWrite>();
    for (const write of list) lastAt.set(write.position, write);
    const changes = [...lastAt.values()].sort((a, b) => a.position - b.position);
    const { collection, id } = changes[0]!;
    const existing = open.get(k);
    // The state the document is in as the changes are walked: the stored open row, or a new one.
    let state: { validFrom: number; json: string; row: 'stored' | { index: number } } | null = existing ? { ...existing, row: 'stored' } : null;
    const end = (position: number) => {
      if (!state) return;
      if (state.row === 'stored') {
        if (position <= state.validFrom) plan.remove.push({ collection, id, validFrom: state.validFrom });
        else plan.close.push({ collection, id, validFrom: state.validFrom, validTo: position });
      } else {
        plan.insert[state.row.index]!.validTo = position;
      }
      state = null;
    };
    for (const change of changes) {
      if (change.json === null) {
        end(change.position);
        continue;
      }
      if (state && sameState(state.json, change.json)) continue;
      end(change.position);
      plan.insert.push({ collection, id, validFrom: change.position, validTo: null, json: change.json });
      state = { validFrom: change.position, json: change.json, row: { index: plan.insert.length - 1 } };
    }
  }
  return plan;
}
