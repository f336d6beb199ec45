/**
 * The baseline of the search benchmark: the bare full-text query for a term on the very tables the
 * product's search-index adapter wrote, on the same database: what the engine itself costs
 * for "the ten best matches of these words", without the product's typo and prefix expansion,
 * total, facets, snippets, settings and HTTP.
 *
 * * SQLite: the adapter's FTS5 table `search_public_<generation>_fts` (contentless; it holds the
 *   Snowball stems of the words, see storage/src/search-index/sqlite-search-index.ts) with
 *   MATCH, ordered by bm25 with the adapter's column weights, LIMIT 10; the ten rows' ids from
 *   `search_public_<generation>_docs`. Each word is matched by its stem in the term's
 *   language, the last one also as an FTS5 prefix (`"word"*`), because the product takes the last
 *   word as a prefix while people type.
 * * PostgreSQL: `config = '<language>' AND doc @@ to_tsquery(<schema's copy of dutch or english>,
 *   …)` on `search_public_g<generation>` (the adapter's weighted tsvector; the config condition
 *   lets the adapter's partial GIN index of that configuration serve), ordered by ts_rank, LIMIT 10
 *   (ids); the last word as a prefix (`:*`). Its connections run with enable_seqscan=off: the
 *   tsvectors live in TOAST, so the planner takes a sequential scan for cheap when it thinks a
 *   term common, and that scan costs several times the index here. The baseline is the engine at
 *   its best; a plan like that in the product shows as a higher ratio.
 */
import pg from 'pg';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { normalize, stem, words } from '@pagelog/storage/search-index/analysis';
import type { Statement } from 'better-sqlite3';

export interface RawHit {
  id: string;
}

export interface RawSearch {
  /** The ten best matches of the words (stemmed in `language`: 'nl' or 'en'). */
  search(term: string, language: string): Promise<RawHit[]>;
  close(): Promise<void>;
}

// The adapter's bm25 weights in its column order (title, description, tags, body, slug).
const BM25 = '10.0, 2.0, 3.0, 1.0, 4.0';

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The FTS5 query: the words ANDed, each its stem, the last one also as a prefix. */
export function ftsMatch(term: string, language: string): string {
  const list = words(term);
  return list
    .map((word, i) => {
      const stemmed = quote(stem(language, word));
      return i === list.length - 1 ? `(${stemmed} OR ${quote(word)}*)` : stemmed;
    })
    .join(' AND ');
}

/** The tsquery text: the words ANDed (to_tsquery stems them), the last one also as a prefix. */
export function tsqueryText(term: string): string {
  const list = words(normalize(term));
  return list.map((word, i) => (i === list.length - 1 ? `${word}:*` : word)).join(' & ');
}

export class SqliteRawSearch implements RawSearch {
  private readonly db: SqliteDatabase;
  private statement: Statement<unknown[]> | null = null;

  /** A connection of its own to the product's SQLite file. */
  constructor(file: string) {
    this.db = openDatabase(file);
  }

  async search(term: string, language: string): Promise<RawHit[]> {
    if (!this.statement) {
      const { active } = this.db.prepare("SELECT active FROM search_state WHERE target = 'public'").get() as { active: number };
      const fts = `search_public_${active}_fts`;
      const docs = `search_public_${active}_docs`;
      this.statement = this.db.prepare(
        `SELECT d.id FROM (
           SELECT rowid, bm25(${fts}, ${BM25}) AS score FROM ${fts} WHERE ${fts} MATCH ? ORDER BY score LIMIT 10
         ) AS m JOIN ${docs} AS d ON d.n = m.rowid ORDER BY m.score`,
      );
    }
    return this.statement.all(ftsMatch(term, language)) as RawHit[];
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export class PostgresRawSearch implements RawSearch {
  private readonly pool: pg.Pool;
  /** The active generation's table, found on the first search. */
  private table: string | null = null;

  constructor(
    url: string,
    private readonly schema: string,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 2, options: '-c enable_seqscan=off' });
    this.pool.on('error', () => {});
  }

  async search(term: string, language: string): Promise<RawHit[]> {
    const q = pg.escapeIdentifier(this.schema);
    if (!this.table) {
      const { rows } = await this.pool.query<{ active: number }>(`SELECT active FROM ${q}.search_state WHERE target = 'public'`);
      const table = `${q}.${pg.escapeIdentifier(`search_public_g${rows[0]!.active}`)}`;
      this.table = table;
    }
    const config = language === 'nl' ? 'dutch' : 'english';
    // The configuration as a literal (never user input): a partial index needs it at planning time.
    const sql = `SELECT d.id, ts_rank(d.doc, query) AS score
      FROM ${this.table} AS d, to_tsquery($1::regconfig, $2) AS query
      WHERE d.config = '${config}' AND d.doc @@ query ORDER BY score DESC LIMIT 10`;
    const { rows } = await this.pool.query<RawHit>(sql, [`${q}.${pg.escapeIdentifier(`search_${config}`)}`, tsqueryText(term)]);
    return rows;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
