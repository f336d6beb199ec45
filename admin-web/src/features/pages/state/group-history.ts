import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';

/** A line of the History panel: one event, or a run of autosaves by one person. */
export interface HistoryLine {
  /** The last event of the line (the state the page was left in). */
  entry: PageHistoryEntry;
  /** When the run began; the same as entry.occurredAt for a single event. */
  firstOccurredAt: string;
  /** How many autosaves the line stands for; 0 for any other event. */
  autosaves: number;
}

/**
 * The page's history (oldest first) as the panel lists it (decision 0019): consecutive autosaves
 * by the same person, with nothing else between them, fold into one line, so a morning of typing
 * reads as one entry and not as a hundred.
 */
export function groupHistory(entries: readonly PageHistoryEntry[]): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const entry of entries) {
    const last = lines.at(-1);
    if (entry.auto && last && last.autosaves > 0 && last.entry.actorId === entry.actorId) {
      lines[lines.length - 1] = { entry, firstOccurredAt: last.firstOccurredAt, autosaves: last.autosaves + 1 };
    } else {
      lines.push({ entry, firstOccurredAt: entry.occurredAt, autosaves: entry.auto ? 1 : 0 });
    }
  }
  return lines;
}
