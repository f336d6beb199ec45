import type { Statement } from 'better-sqlite3';
import { languageOf, type SearchTagRef } from '@pagelog/contracts/search/search';
import type { SqliteDatabase } from '../sqlite/open-database';
import { SearchFacts, StaleFacts, type FilteredMatches } from './sqlite-search-facts';
import { matchExpression, matchIds, type Statements } from './sqlite-search-match';
import { rankMatches } from './sqlite-search-rank';
import { buildSnippet, parseQuery, stem, words } from './analysis';
import {
  FencedOff,
  searchTargets,
  type IndexAnswer,
  type IndexHit,
  type IndexQuery,
  type IndexWrite,
  type SearchDocument,
  type SearchIndex,
  type SearchTarget,
  type TargetState,
} from './search-index';

interface StateRow {
  checkpoint: number;
  /** The process that claimed the target last (see claim()), or null. */
  holder: string | null;
  /** Moves with every change of the target's tables: says whether cached facts are current. */
  version: number;
  active: number;
  building: number | null;
  next_generation: number;
  meta: string;
}

interface ShownRow {
  n: number;
  id: string;
  locale: string;
  page_type: string;
  date: string | null;
  title: string;
  slug: string;
  description: string;
  body: string;
  tags: string;
}

/** The tables of one generation of one target. */
interface Tables {
  /** `search_<target>_<generation>`, the prefix of the others. */
  base: string;
  /** What filters, facets and the order read (narrow rows, so scanning many is cheap); `n` is the full-text row id. */
  docs: string;
  /** The rest of each document as written, read only for the page of hits (title, slug, description, body, tags). */
  content: string;
  /** FTS5, contentless: title, description, tags, body and slug as space-joined stems. */
  fts: string;
  /** FTS5, contentless: title and slug alone (the same stems), so title matches are found and ranked without reading the bodies' doclists. */
  titles: string;
  /** Tag id → document, for tag filters, facets and idsWithTag. */
  tags: string;
  /** Every normalized word seen with its stem, for prefix and typo expansion. */
  terms: string;
}

/** Tag facet entries answered at most (the most frequent). */
const MAX_TAG_FACETS = 100;
/** The known-terms memo of a generation is dropped past this size rather than grow for ever. */
const KNOWN_TERMS_LIMIT = 1_000_000;


/**
 * The search index in the shared SQLite file (every table is `search_*`), with FTS5.
 *
 * SQLite has no Dutch stemmer, so the FTS5 table is contentless and holds the `stem()` of every
 * word (analysis.ts, in the document's language); a query is stemmed the same way and matched term
 * by term, so the FTS5 query syntax never sees user input: every term is a quoted string of letters
 * and digits. The words as written are kept in a `terms` table beside their stems, which gives the
 * last word's prefix expansion (people typing "duurzaamh" before the stemmer can see "duurzaamheid")
 * and the typo look-up (edit distance against the words, not the stems).
 *
 * A generation is five tables named by target and number; `search_state` says which is active, so
 * activating a rebuilt index is a one-row change (and the old tables are dropped in the same
 * transaction). better-sqlite3 is synchronous: a search reads the state and its generation in one
 * read transaction, and a write applies documents, checkpoint and meta in one write transaction.
 */
export class SqliteSearchIndex implements SearchIndex {
  readonly engine = 'sqlite';
  private readonly statements = new Map<string, Statement<unknown[]>>();
  /** Per generation, the (word, stem) pairs already in its terms table, to skip re-inserting them. */
  private readonly knownTerms = new Map<string, Set<string>>();
  /** Per generation searched, its documents' facts (sqlite-search-facts.ts). */
  private readonly facts = new Map<string, SearchFacts>();
  /** The statement cache as the match and ranking modules take it. */
  private readonly prepared: Statements = (sql) => this.statement(sql);

  constructor(private readonly db: SqliteDatabase) {}

  async init(): Promise<void> {
    this.db.transaction(() => {
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS search_state (
          target TEXT PRIMARY KEY,
          checkpoint INTEGER NOT NULL DEFAULT 0,
          active INTEGER NOT NULL,
          building INTEGER,
          next_generation INTEGER NOT NULL,
          meta TEXT NOT NULL DEFAULT '{}',
          version INTEGER NOT NULL DEFAULT 0
        );
      `);
      // Files made before the column (issue 15's first version).
      const columns = this.db.prepare("SELECT name FROM pragma_table_info('search_state')").pluck().all() as string[];
      if (!columns.includes('version')) this.db.exec('ALTER TABLE search_state ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
      if (!columns.includes('holder')) this.db.exec('ALTER TABLE search_state ADD COLUMN holder TEXT');
      for (const target of searchTargets) {
        const inserted = this.db
          .prepare('INSERT INTO search_state (target, active, next_generation) VALUES (?, 1, 2) ON CONFLICT (target) DO NOTHING')
          .run(target);
        if (inserted.changes > 0) this.createTables(tablesOf(target, 1));
        else for (const generation of generationsOf(this.readState(target))) this.addTitles(tablesOf(target, generation));
      }
    }).immediate();
  }

  async state(target: SearchTarget): Promise<TargetState> {
    const row = this.readState(target);
    return { checkpoint: row.checkpoint, active: row.active, building: row.building, meta: JSON.parse(row.meta) as Record<string, unknown> };
  }

  async write(target: SearchTarget, changes: IndexWrite): Promise<void> {
    const added: [Set<string>, string[]][] = [];
    /** Per generation written, what its facts must take in once committed. */
    const written = new Map<string, { removed: number[]; put: [number, SearchDocument][] }>();
    const version = this.db.transaction(() => {
      const state = this.readState(target, changes.holder);
      for (const generation of new Set(changes.generations)) {
        if (generation !== state.active && generation !== state.building) {
          throw new Error(`search index ${target}: generation ${generation} is neither active nor being built`);
        }
        const tables = tablesOf(target, generation);
        const change = { removed: [] as number[], put: [] as [number, SearchDocument][] };
        written.set(tables.base, change);
        for (const id of changes.remove ?? []) {
          const n = this.removeDocument(tables, id);
          if (n !== null) change.removed.push(n);
        }
        for (const doc of changes.put ?? []) {
          const [n, terms] = this.putDocument(tables, doc);
          added.push(terms);
          change.put.push([n, doc]);
        }
      }
      this.bumpVersion(target);
      if (changes.checkpoint !== undefined) {
        this.statement('UPDATE search_state SET checkpoint = ? WHERE target = ?').run(changes.checkpoint, target);
      }
      if (changes.meta !== undefined) {
        this.statement('UPDATE search_state SET meta = ? WHERE target = ?').run(JSON.stringify(changes.meta), target);
      }
      return state.version;
    }).immediate();
    // Only after the commit: a rolled-back write must not make its terms look known, nor change facts.
    for (const [base, facts] of this.factsOfTarget(target)) {
      if (facts.version !== version) {
        this.facts.delete(base);
        continue;
      }
      const change = written.get(base);
      for (const n of change?.removed ?? []) facts.remove(n);
      for (const [n, doc] of change?.put ?? []) facts.put(n, doc);
      facts.version = version + 1;
    }
    for (const [known, keys] of added) {
      if (known.size > KNOWN_TERMS_LIMIT) known.clear();
      for (const key of keys) known.add(key);
    }
  }

  async search(target: SearchTarget, query: IndexQuery): Promise<IndexAnswer> {
    return this.db.transaction(() => {
      const state = this.readState(target);
      return this.searchGeneration(tablesOf(target, state.active), query, state.version);
    })();
  }

  async count(target: SearchTarget, generation?: number): Promise<number> {
    return this.db.transaction(() => {
      const tables = tablesOf(target, generation ?? this.readState(target).active);
      if (!this.exists(tables)) throw new Error(`search index ${target}: generation ${generation} does not exist`);
      return (this.statement(`SELECT count(*) AS c FROM ${tables.docs}`).get() as { c: number }).c;
    })();
  }

  async idsWithTag(target: SearchTarget, tagId: string): Promise<string[]> {
    return this.db.transaction(() => {
      const state = this.readState(target);
      const ids = new Set<string>();
      for (const generation of generationsOf(state)) {
        const tables = tablesOf(target, generation);
        const rows = this.statement(`SELECT d.id FROM ${tables.tags} t JOIN ${tables.docs} d ON d.n = t.doc WHERE t.tag_id = ?`).pluck().all(tagId);
        for (const id of rows as string[]) ids.add(id);
      }
      return [...ids].sort();
    })();
  }

  async claim(target: SearchTarget, holder: string): Promise<void> {
    this.db.transaction(() => {
      this.readState(target);
      this.statement('UPDATE search_state SET holder = ? WHERE target = ?').run(holder, target);
    }).immediate();
  }

  async createGeneration(target: SearchTarget, holder?: string): Promise<number> {
    return this.db.transaction(() => {
      const state = this.readState(target, holder);
      // A build left behind (crashed, then started afresh) is replaced, never left to grow stale.
      if (state.building !== null) this.dropTables(tablesOf(target, state.building));
      const generation = state.next_generation;
      this.createTables(tablesOf(target, generation));
      this.statement('UPDATE search_state SET building = ?, next_generation = ? WHERE target = ?').run(generation, generation + 1, target);
      this.bumpVersion(target);
      return generation;
    }).immediate();
  }

  async activate(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    this.db.transaction(() => {
      const state = this.readState(target, holder);
      if (generation === state.active) return;
      if (generation !== state.building) throw new Error(`search index ${target}: generation ${generation} is not being built`);
      this.statement('UPDATE search_state SET active = ?, building = NULL WHERE target = ?').run(generation, target);
      this.dropTables(tablesOf(target, state.active));
      this.bumpVersion(target);
    }).immediate();
  }

  async dropGeneration(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    this.db.transaction(() => {
      const state = this.readState(target, holder);
      if (generation === state.active) throw new Error(`search index ${target}: generation ${generation} is active and cannot be dropped`);
      if (generation === state.building) this.statement('UPDATE search_state SET building = NULL WHERE target = ?').run(target);
      this.dropTables(tablesOf(target, generation));
      this.bumpVersion(target);
    }).immediate();
  }

  async clear(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    const tables = tablesOf(target, generation);
    this.db.transaction(() => {
      this.readState(target, holder);
      if (!this.exists(tables)) throw new Error(`search index ${target}: generation ${generation} does not exist`);
      this.db.exec(`
        DELETE FROM ${tables.docs};
        DELETE FROM ${tables.content};
        INSERT INTO ${tables.fts} (${tables.fts}) VALUES ('delete-all');
        INSERT INTO ${tables.titles} (${tables.titles}) VALUES ('delete-all');
        DELETE FROM ${tables.tags};
        DELETE FROM ${tables.terms};
      `);
      this.bumpVersion(target);
    }).immediate();
    this.knownTerms.delete(tables.base);
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.knownTerms.clear();
    this.facts.clear();
  }

  /** In the caller's write transaction: every change of a target's tables moves its version. */
  private bumpVersion(target: SearchTarget): void {
    this.statement('UPDATE search_state SET version = version + 1 WHERE target = ?').run(target);
  }

  /** The cached facts of a target's generations. */
  private factsOfTarget(target: SearchTarget): [string, SearchFacts][] {
    return [...this.facts].filter(([base]) => base.startsWith(`search_${target}_`));
  }

  /** The target's state row; with a holder, only while that holder has the target (else FencedOff). */
  private readState(target: SearchTarget, holder?: string): StateRow {
    if (!searchTargets.includes(target)) throw new Error(`unknown search target ${String(target)}`);
    const row = this.statement('SELECT checkpoint, holder, version, active, building, next_generation, meta FROM search_state WHERE target = ?').get(
      target,
    ) as StateRow | undefined;
    if (!row) throw new Error(`search index not initialised (no state for ${target}); call init() first`);
    if (holder !== undefined && row.holder !== holder) throw new FencedOff(target, holder);
    return row;
  }

  /** A prepared statement, kept: a search runs half a dozen and preparing costs more than running. */
  private statement(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private exists(tables: Tables): boolean {
    return this.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(tables.docs) !== undefined;
  }

  private createTables(tables: Tables): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${tables.docs} (
        n INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        locale TEXT NOT NULL,
        page_type TEXT NOT NULL,
        date TEXT
      );
      CREATE TABLE IF NOT EXISTS ${tables.content} (
        n INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        slug TEXT NOT NULL,
        description TEXT NOT NULL,
        body TEXT NOT NULL,
        tags TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${tables.docs}_date ON ${tables.docs} (date, id);
      -- Both orders, so the listing's counts and facets read an index, never the table.
      CREATE INDEX IF NOT EXISTS ${tables.docs}_page_type ON ${tables.docs} (page_type, locale);
      CREATE INDEX IF NOT EXISTS ${tables.docs}_locale ON ${tables.docs} (locale, page_type);
      CREATE VIRTUAL TABLE IF NOT EXISTS ${tables.fts} USING fts5 (
        title, description, tags, body, slug,
        content = '', contentless_delete = 1, prefix = '2 3',
        tokenize = 'unicode61 remove_diacritics 0'
      );
      CREATE VIRTUAL TABLE IF NOT EXISTS ${tables.titles} USING fts5 (
        title, slug,
        content = '', contentless_delete = 1, prefix = '2 3',
        tokenize = 'unicode61 remove_diacritics 0'
      );
      CREATE TABLE IF NOT EXISTS ${tables.tags} (
        tag_id TEXT NOT NULL,
        doc INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (tag_id, doc)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${tables.tags}_doc ON ${tables.tags} (doc);
      CREATE TABLE IF NOT EXISTS ${tables.terms} (
        word TEXT NOT NULL,
        stem TEXT NOT NULL,
        tail TEXT NOT NULL,
        PRIMARY KEY (word, stem)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${tables.terms}_tail ON ${tables.terms} (tail, word, stem);
    `);
  }

  private dropTables(tables: Tables): void {
    this.db.exec(`
      DROP TABLE IF EXISTS ${tables.docs};
      DROP TABLE IF EXISTS ${tables.content};
      DROP TABLE IF EXISTS ${tables.fts};
      DROP TABLE IF EXISTS ${tables.titles};
      DROP TABLE IF EXISTS ${tables.tags};
      DROP TABLE IF EXISTS ${tables.terms};
    `);
    for (const sql of [...this.statements.keys()]) if (sql.includes(`${tables.base}_`)) this.statements.delete(sql);
    this.knownTerms.delete(tables.base);
    this.facts.delete(tables.base);
  }

  /**
   * Gives a generation made before the titles table (issue 15's first versions) its titles, from
   * the documents as written; in the caller's transaction.
   */
  private addTitles(tables: Tables): void {
    if (!this.exists(tables)) return;
    const known = this.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(tables.titles) !== undefined;
    if (known) return;
    this.createTables(tables);
    const insert = this.db.prepare(`INSERT INTO ${tables.titles} (rowid, title, slug) VALUES (?, ?, ?)`);
    const rows = this.db.prepare(`SELECT d.n, d.locale, c.title, c.slug FROM ${tables.docs} d JOIN ${tables.content} c ON c.n = d.n`).raw().all() as [
      number,
      string,
      string,
      string,
    ][];
    for (const [n, locale, title, slug] of rows) {
      const language = languageOf(locale);
      const stems = (text: string) => words(text).map((word) => stem(language, word)).join(' ');
      insert.run(n, stems(title), stems(slug));
    }
  }

  /** Takes a document out; answers its row id, or null when it was not there. */
  private removeDocument(tables: Tables, id: string): number | null {
    const row = this.statement(`SELECT n FROM ${tables.docs} WHERE id = ?`).get(id) as { n: number } | undefined;
    if (!row) return null;
    this.statement(`DELETE FROM ${tables.fts} WHERE rowid = ?`).run(row.n);
    this.statement(`DELETE FROM ${tables.titles} WHERE rowid = ?`).run(row.n);
    this.statement(`DELETE FROM ${tables.tags} WHERE doc = ?`).run(row.n);
    this.statement(`DELETE FROM ${tables.docs} WHERE n = ?`).run(row.n);
    this.statement(`DELETE FROM ${tables.content} WHERE n = ?`).run(row.n);
    return row.n;
  }

  /** Adds or replaces one document; answers its row id and the terms it added, to remember once committed. */
  private putDocument(tables: Tables, doc: SearchDocument): [number, [Set<string>, string[]]] {
    const language = languageOf(doc.locale);
    const fields = [doc.title, doc.description, doc.tags.map((tag) => tag.name).join(' '), doc.body, doc.slug];
    const seen = new Map<string, string>();
    const stemmed = fields.map((field) =>
      words(field)
        .map((word) => {
          let stemOfWord = seen.get(word);
          if (stemOfWord === undefined) {
            stemOfWord = stem(language, word);
            seen.set(word, stemOfWord);
          }
          return stemOfWord;
        })
        .join(' '),
    );
    const existing = this.statement(`SELECT n FROM ${tables.docs} WHERE id = ?`).get(doc.id) as { n: number } | undefined;
    let n: number;
    if (existing) {
      n = existing.n;
      this.statement(`DELETE FROM ${tables.fts} WHERE rowid = ?`).run(n);
      this.statement(`DELETE FROM ${tables.titles} WHERE rowid = ?`).run(n);
      this.statement(`DELETE FROM ${tables.tags} WHERE doc = ?`).run(n);
      this.statement(`UPDATE ${tables.docs} SET locale = ?, page_type = ?, date = ? WHERE n = ?`).run(doc.locale, doc.pageType, doc.date, n);
    } else {
      const inserted = this.statement(`INSERT INTO ${tables.docs} (id, locale, page_type, date) VALUES (?, ?, ?, ?)`).run(
        doc.id,
        doc.locale,
        doc.pageType,
        doc.date,
      );
      n = Number(inserted.lastInsertRowid);
    }
    this.statement(
      `INSERT INTO ${tables.content} (n, title, slug, description, body, tags) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (n) DO UPDATE SET title = excluded.title, slug = excluded.slug, description = excluded.description,
         body = excluded.body, tags = excluded.tags`,
    ).run(n, doc.title, doc.slug, doc.description, doc.body, JSON.stringify(doc.tags));
    this.statement(`INSERT INTO ${tables.fts} (rowid, title, description, tags, body, slug) VALUES (?, ?, ?, ?, ?, ?)`).run(n, ...stemmed);
    this.statement(`INSERT INTO ${tables.titles} (rowid, title, slug) VALUES (?, ?, ?)`).run(n, stemmed[0], stemmed[4]);
    const insertTag = this.statement(`INSERT OR IGNORE INTO ${tables.tags} (tag_id, doc, name) VALUES (?, ?, ?)`);
    for (const tag of doc.tags) insertTag.run(tag.id, n, tag.name);

    let known = this.knownTerms.get(tables.base);
    if (!known) {
      known = new Set();
      this.knownTerms.set(tables.base, known);
    }
    const insertTerm = this.statement(`INSERT OR IGNORE INTO ${tables.terms} (word, stem, tail) VALUES (?, ?, ?)`);
    const fresh: string[] = [];
    for (const [word, stemOfWord] of seen) {
      const key = `${word}\u0000${stemOfWord}`;
      if (known.has(key)) continue;
      insertTerm.run(word, stemOfWord, word.slice(1));
      fresh.push(key);
    }
    return [n, [known, fresh]];
  }

  private searchGeneration(tables: Tables, query: IndexQuery, version: number): IndexAnswer {
    const empty: IndexAnswer = { total: 0, hits: [], facets: { pageTypes: [], locales: [], tags: [] } };
    const parsed = parseQuery(query.term, query.locales);
    const listing = query.term.trim() === '';
    // A term of punctuation and single letters only has nothing to look for.
    if (!listing && parsed.length === 0) return empty;
    // The admin's search looks at titles and slugs only: the titles table holds just those.
    const matched = query.fields === 'title-slug' ? tables.titles : tables.fts;
    let expression = '';
    let facts = this.factsOf(tables, version);
    const wantFacets = query.fields !== 'title-slug';
    let filtered: FilteredMatches = { matches: [], facets: empty.facets };
    let matchCount = 0;
    // Words as typed first. Only when they find nothing the filters let through (a word that
    // finds nothing makes the whole search find nothing) are misspelt words looked for: the check
    // costs a full-text query per word, spared on most searches.
    const attempts = listing ? [false] : parsed.some((word) => word.fuzzy) ? [false, true] : [false];
    for (const typos of attempts) {
      let matches: number[];
      if (listing) {
        matches = facts.all();
      } else {
        expression = matchExpression(this.prepared, { fts: matched, terms: tables.terms }, parsed, typos);
        if (expression === '') return empty;
        matches = matchIds(this.prepared, matched, expression);
      }
      matchCount = matches.length;
      if (matches.length === 0) continue;
      try {
        filtered = facts.filter(matches, query, wantFacets);
      } catch (error) {
        if (!(error instanceof StaleFacts)) throw error;
        facts = this.factsOf(tables, version, true);
        filtered = facts.filter(matches, query, wantFacets);
      }
      if (filtered.matches.length > 0) break;
    }
    const total = filtered.matches.length;
    if (total === 0) return empty;

    const wanted = query.offset + query.count;
    const ordered = listing
      ? facts.newest(filtered.matches, wanted).map((n) => ({ n, score: 0 }))
      : rankMatches(this.prepared, tables, expression, query.fields, matchCount, filtered.matches, facts, wanted);
    const page = ordered.slice(query.offset, wanted);
    const shown = new Map(
      (
        this.statement(
          `SELECT d.n, d.id, d.locale, d.page_type, d.date, c.title, c.slug, c.description, c.body, c.tags
           FROM ${tables.docs} d JOIN ${tables.content} c ON c.n = d.n WHERE d.n IN (SELECT value FROM json_each(?))`,
        ).all(JSON.stringify(page.map((row) => row.n))) as ShownRow[]
      ).map((row) => [row.n, row]),
    );
    const hits = page.map(({ n, score }): IndexHit => {
      const row = shown.get(n)!;
      const text = row.body.trim() !== '' ? row.body : row.description.trim() !== '' ? row.description : row.title;
      return {
        id: row.id,
        locale: row.locale,
        pageType: row.page_type,
        title: row.title,
        slug: row.slug,
        snippet: query.fields === 'title-slug' ? [] : buildSnippet(text, languageOf(row.locale), parsed),
        date: row.date,
        tags: JSON.parse(row.tags) as SearchTagRef[],
        score,
      };
    });
    const { pageTypes, locales, tags } = filtered.facets;
    return { total, hits, facets: { pageTypes, locales, tags: tags.slice(0, MAX_TAG_FACETS) } };
  }

  /** The facts of a generation, loaded again when the index changed since (or when told to). */
  private factsOf(tables: Tables, version: number, reload = false): SearchFacts {
    let facts = this.facts.get(tables.base);
    if (!facts || facts.version !== version || reload) {
      facts = SearchFacts.load(this.db, tables.docs, tables.tags, version);
      this.facts.set(tables.base, facts);
    }
    return facts;
  }

}


/** The generations a target has: the active one and the one being built, if any. */
function generationsOf(state: StateRow): number[] {
  return state.building === null ? [state.active] : [state.active, state.building];
}

function tablesOf(target: SearchTarget, generation: number): Tables {
  if (!searchTargets.includes(target)) throw new Error(`unknown search target ${String(target)}`);
  if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`invalid search index generation ${generation}`);
  const base = `search_${target}_${generation}`;
  return {
    base,
    docs: `${base}_docs`,
    content: `${base}_content`,
    fts: `${base}_fts`,
    titles: `${base}_titles`,
    tags: `${base}_tags`,
    terms: `${base}_terms`,
  };
}
