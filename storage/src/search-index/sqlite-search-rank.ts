import type { IndexQuery } from './search-index';
import type { SearchFacts } from './sqlite-search-facts';
import { matchIds, type Statements } from './sqlite-search-match';

/**
 * The order of a search's matches on SQLite (decision 0022): title matches first, from the small
 * titles table, the others ranked only when the page asked for needs them, each group by bm25
 * within bounds that keep a word on most of the site cheap.
 */

/** The tables of a generation the ranking reads. */
export interface RankTables {
  /** FTS5 of title, description, tags, body and slug. */
  fts: string;
  /** FTS5 of title and slug. */
  titles: string;
}

/** How a group of matches is ranked: bm25 over a full-text table, with weights in its column order. */
interface Ranking {
  table: string;
  weights: string;
}
/** Up to this many matches of a group (filters applied), every one is ranked; see rankGroup(). */
const RANK_ALL = 2_000;
/** Past RANK_ALL, the newest this many of the group are ranked, the rest follow newest first. */
const RANK_CAP = 1_000;
/** At most this many matches outside a group may come back from ranking its query whole; see rankGroup(). */
const RANK_OTHERS = 200;

/**
 * The first `wanted` of the passed matches, best first. Pages whose title matches the words
 * come first, ranked by bm25 over their titles; then the others, by bm25 over every field
 * (title, description, tags, body, slug; for the admin's search title and slug). The second
 * group is only ranked when the first does not fill the page asked for, so a common word,
 * whose body matches are tens of thousands, costs one full-text pass (the ids, for the total
 * and facets) and passes over the small titles table. Scores follow the order: above 1 for a
 * ranked title match, 1 for the rest of the title matches, between 0 and 1 for a ranked other
 * match, 0 for the rest.
 */
export function rankMatches(
  statement: Statements,
  tables: RankTables,
  expression: string,
  fields: IndexQuery['fields'],
  matchCount: number,
  passed: number[],
  facts: SearchFacts,
  wanted: number,
): Ranked[] {
  const inTitles = `{title} : (${expression})`;
  const titleIds = matchIds(statement, tables.titles, inTitles);
  const inTitle = intersect(passed, titleIds);
  const first = rankGroup(statement, { table: tables.titles, weights: '10.0, 4.0' }, inTitles, titleIds.length, inTitle, facts, wanted, 1);
  if (first.length >= wanted || inTitle.length === passed.length) return first;
  // Column order of the full table: title, description, tags, body, slug.
  const others: Ranking = fields === 'title-slug' ? { table: tables.titles, weights: '10.0, 4.0' } : { table: tables.fts, weights: '10.0, 2.0, 3.0, 1.0, 4.0' };
  return [...first, ...rankGroup(statement, others, expression, matchCount, difference(passed, inTitle), facts, wanted - first.length, 0)];
}

/**
 * The first `wanted` of a group of matches of `match` (`members`, ascending row ids; the
 * query matches `matchCount` rows, the group's and others), best first: bm25 ascending, then
 * row id. FTS5 computes bm25 for every row it is asked for and has no top-k, and every row it
 * answers costs about a microsecond, so:
 *
 * * a query of at most RANK_ALL matches, few of them outside the group, is ranked whole by
 *   SQLite's sorter and only the best rows come back (the others among them are dropped here);
 * * otherwise the group's members, past RANK_ALL its RANK_CAP newest (by date), are ranked
 *   through a condition on their row ids, and the rest of the group follows newest first.
 */
function rankGroup(
  statement: Statements,
  ranking: Ranking, match: string, matchCount: number, members: number[], facts: SearchFacts, wanted: number, bonus: number): Ranked[] {
  if (members.length === 0 || wanted <= 0) return [];
  const { table, weights } = ranking;
  const others = matchCount - members.length;
  let rows: [number, number][];
  if (matchCount <= RANK_ALL && others <= RANK_OTHERS) {
    const limit = Math.min(matchCount, wanted + others);
    rows = statement(`SELECT rowid, bm25(${table}, ${weights}) AS relevance FROM ${table} WHERE ${table} MATCH ? ORDER BY relevance, rowid LIMIT ?`)
      .raw()
      .all(match, limit) as [number, number][];
    if (others > 0) {
      const member = new Set(members);
      rows = rows.filter(([n]) => member.has(n));
    }
    rows = rows.slice(0, wanted);
  } else {
    const candidates = members.length <= RANK_ALL ? members : facts.newest(members, RANK_CAP);
    let low = Infinity;
    let high = -Infinity;
    for (const n of candidates) {
      if (n < low) low = n;
      if (n > high) high = n;
    }
    // The candidates as a condition inside the CASE: as a WHERE condition on rowid the planner
    // would hand it to FTS5, which runs the whole query again for each candidate. Their range
    // of row ids is one FTS5 can seek to (pages indexed in order of publication lie together).
    rows = statement(
      `SELECT rowid, relevance FROM (
         SELECT rowid, CASE WHEN rowid IN (SELECT value FROM json_each(?)) THEN bm25(${table}, ${weights}) END AS relevance
         FROM ${table} WHERE ${table} MATCH ? AND rowid BETWEEN ? AND ?
       ) WHERE relevance IS NOT NULL ORDER BY relevance, rowid LIMIT ?`,
    )
      .raw()
      .all(JSON.stringify(candidates), match, low, high, wanted) as [number, number][];
  }
  // bm25 is negative, more so for a better match: -bm25 / (1 - bm25) keeps the order within (0, 1).
  const ranked = rows.map(([n, relevance]): Ranked => ({ n, score: bonus - relevance / (1 - relevance) }));
  if (ranked.length >= wanted || ranked.length === members.length) return ranked;
  const rest = facts.newest(members, wanted - ranked.length, rows.map(([n]) => n));
  return [...ranked, ...rest.map((n): Ranked => ({ n, score: bonus }))];
}

/** A match in the order of an answer, with the score its hit shows. */
export interface Ranked {
  n: number;
  score: number;
}

/** The members of `a` that are not in `b` (both ascending), ascending. */
function difference(a: readonly number[], b: readonly number[]): number[] {
  const rest: number[] = [];
  let j = 0;
  for (const n of a) {
    while (j < b.length && b[j]! < n) j++;
    if (j >= b.length || b[j]! !== n) rest.push(n);
  }
  return rest;
}

/** The members of both ascending lists, ascending. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      both.push(a[i]!);
      i++;
      j++;
    }
  }
  return both;
}
