import type { Statement } from 'better-sqlite3';
import { allowedEdits, closeEnough, editDistance, type QueryWord } from './analysis';

/** The SQLite adapter's prepared-statement cache. */
export type Statements = (sql: string) => Statement<unknown[]>;

/** The tables of a generation a match expression is made with. */
export interface MatchTables {
  /** The full-text table the expression will be matched against (the typo check asks it). */
  fts: string;
  terms: string;
}

/** A prefix that begins at most this many indexed stems is looked for as those stems (see matchExpression). */
const MAX_LISTED_PREFIX_STEMS = 8;
/** How many stems one typed prefix or one misspelt word may expand to. */
const MAX_EXPANSION = 64;

const quote = (term: string): string => `"${term.replaceAll('"', '""')}"`;

/**
 * The FTS5 query for the parsed words: AND between words, each word an OR of its stems, of the
 * stems of the words it begins (the last word, as typed) and, with `typos`, of close
 * misspellings (a word of five letters or more that finds nothing as typed). '' when a word can
 * find nothing at all.
 */
export function matchExpression(statement: Statements, tables: MatchTables, parsed: QueryWord[], typos: boolean): string {
  const parts: string[] = [];
  for (const word of parsed) {
    const alternatives = new Set(word.stems.map(quote));
    if (word.prefix) {
      const begun = statement(
        `SELECT DISTINCT stem FROM ${tables.terms} WHERE word >= ? AND word < ? LIMIT ${MAX_EXPANSION}`,
      ).all(word.text, `${word.text}\u{10FFFF}`) as { stem: string }[];
      // The stems of the indexed words that begin so are the prefix's matches. FTS5's own prefix
      // query ("word"*) merges the whole doclist of every such stem before it yields a row (five
      // times the cost of the word alone for "onderzoek" at 100,000 pages), so a few stems are
      // listed instead. Many stems (the compounds of "jeugdzorg") cost more as alternatives,
      // each ranked on its own, than as one prefix; short prefixes have FTS5's prefix index.
      const listed = word.text.length > 3 && begun.length <= MAX_LISTED_PREFIX_STEMS;
      if (!listed) alternatives.add(`${quote(word.text)}*`);
      for (const { stem: begunStem } of begun) if (listed || !begunStem.startsWith(word.text)) alternatives.add(quote(begunStem));
    }
    let expression = `(${[...alternatives].join(' OR ')})`;
    if (typos && word.fuzzy && !finds(statement, tables, expression)) {
      const close = closeStems(statement, tables, word.text);
      if (close.length === 0) return '';
      expression = `(${[...alternatives, ...close.map(quote)].join(' OR ')})`;
    }
    parts.push(expression);
  }
  return parts.join(' AND ');
}

function finds(statement: Statements, tables: MatchTables, match: string): boolean {
  return statement(`SELECT 1 FROM ${tables.fts} WHERE ${tables.fts} MATCH ? LIMIT 1`).get(match) !== undefined;
}

/**
 * Stems of the indexed words within the typo rule's distance of `text`, closest first. Only
 * words that share the first letter, or the two after it (a wrong first letter), are measured:
 * two range scans instead of the whole vocabulary, at the price of missing two typos at once
 * at the very start of a word.
 */
function closeStems(statement: Statements, tables: MatchTables, text: string): string[] {
  const first = String.fromCodePoint(text.codePointAt(0)!);
  const rest = text.slice(first.length, first.length + 2);
  const allowed = allowedEdits(text);
  const lengths = [text.length - allowed, text.length + allowed];
  const candidates = [
    ...(statement(`SELECT word, stem FROM ${tables.terms} WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?`).all(
      first,
      following(first),
      ...lengths,
    ) as TermRow[]),
    ...(statement(`SELECT word, stem FROM ${tables.terms} WHERE tail >= ? AND tail < ? AND length(word) BETWEEN ? AND ?`).all(
      rest,
      `${rest}\u{10FFFF}`,
      ...lengths,
    ) as TermRow[]),
  ];
  const close = candidates
    .filter((candidate) => closeEnough(text, candidate.word))
    .map((candidate) => ({ stem: candidate.stem, edits: editDistance(text, candidate.word) }))
    .sort((a, b) => a.edits - b.edits);
  return [...new Set(close.map((candidate) => candidate.stem))].slice(0, MAX_EXPANSION);
}

interface TermRow {
  word: string;
  stem: string;
}

/** The first string after every string that starts with `prefix` (one code point). */
function following(prefix: string): string {
  return String.fromCodePoint(prefix.codePointAt(0)! + 1);
}

/** The full-text row ids of every match, ascending: one statement, one string (a row each would cost more than the query). */
export function matchIds(statement: Statements, table: string, match: string): number[] {
  const { ids } = statement(`SELECT group_concat(rowid) AS ids FROM ${table} WHERE ${table} MATCH ?`).get(match) as {
    ids: string | null;
  };
  return ids === null ? [] : parseIds(ids);
}

/** "3,17,42" → [3, 17, 42], without a string and a number made per id. */
function parseIds(list: string): number[] {
  const ids: number[] = [];
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      ids.push(value);
      value = 0;
    } else {
      value = value * 10 + (c - 48);
    }
  }
  ids.push(value);
  return ids;
}
