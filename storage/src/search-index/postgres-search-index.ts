import pg from 'pg';
import { languageOf, type FacetCount, type SearchTagRef } from '@pagelog/contracts/search/search';
import { createTables } from '../postgres/create-tables';
import { guard } from '../postgres/pg-errors';
import { inTransaction } from '../postgres/transaction';
import { buildSnippet, closeEnough, editDistance, parseQuery, words, type QueryWord } from './analysis';
import {
  addExpansion,
  buildTsqueries,
  configOf,
  configs,
  matchClause,
  mergeExpansions,
  stemKey,
  stemmedConfigs,
  type Config,
  type Expansion,
} from './postgres-search-query';
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

export interface PostgresSearchIndexOptions {
  /** Owned by the caller: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the `search_*` tables and text-search configurations. */
  schema: string;
}

/**
 * ts_rank's weights for D, C, B, A: title (A) far above tags and description (B) and body (C).
 * ts_rank gives a word at most about its weight however often it occurs, one occurrence about 0.6
 * of it, so a title occurrence outranks a body full of the word.
 */
const rankWeights = '{0.05, 0.2, 0.4, 1.0}';

/**
 * Lower than pg_trgm's default 0.3: two typos in an eight-letter word can leave fewer trigrams in
 * common than that. It only gathers candidates; closeEnough (the edit distance) decides.
 */
const trigramThreshold = 0.2;
/**
 * Up to this many matches outside the title group are all ranked; past it the RANK_CAP newest.
 * Lower than SQLite's (2,000 and 1,000): ts_rank unpacks each page's compressed vector, about
 * twenty times what FTS5's bm25 costs a row.
 */
const RANK_ALL = 500;
const RANK_CAP = 250;
/** How many words one typed prefix or one misspelt word may expand to (as on SQLite). */
const maxExpansion = 64;
/** Tag facet entries answered at most (the most frequent), as on SQLite. */
const maxTagFacets = 100;
/**
 * GIN indexes collect new entries in a pending list that every search reads through: with the
 * default 4 MB a search could spend tens of milliseconds there until autovacuum merges it. A
 * small list keeps that short, and writes were measured no slower with it (kB).
 */
const ginOptions = 'gin_pending_list_limit = 256';
/** Longest text fed to to_tsvector per field: a tsvector holds at most 1 MB. */
const maxIndexedChars = 400_000;

interface StateRow {
  checkpoint: string;
  active: number;
  building: number | null;
  meta: Record<string, unknown>;
}

interface HitRow {
  id: string;
  locale: string;
  pageType: string;
  title: string;
  slug: string;
  description: string;
  body: string;
  date: string | null;
  tags: SearchTagRef[];
  score: number;
}

interface AnswerRow {
  total: number;
  /** The page's title (or slug) matches, best first. */
  hits: HitRow[];
  /** The rest of the page: matches elsewhere, when the title matches do not fill it. */
  later: HitRow[];
  pageTypes: FacetCount[];
  locales: FacetCount[];
  tags: FacetCount[];
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * The search index in PostgreSQL full-text search. A generation of a target is a table of its own
 * (`search_public_g2`) holding each page with a weighted tsvector (title A, tags and description
 * B, body C) made by its language's configuration over its unaccented words, a second small
 * tsvector of title and slug for the admin's search, and a table of the words written with their
 * lexemes (`search_public_g2_words`, trigram-indexed) for the last word's prefix and for typos.
 * `search_state` holds per target the checkpoint, the active and building generation and the
 * meta document, so activating a rebuilt generation is one row update.
 *
 * The configurations are copies of the built-in dutch, english, german and french ones with the
 * same Snowball stemmers but without their stop-word lists: "Contact us" must be found by "us",
 * as on the other engines. A search matches each document with the query made for its own
 * configuration: each word an OR of the lexemes that configuration makes of it (for Dutch with the
 * spelling variants classic Snowball leaves apart, adviez/advies), of the words it begins when it
 * is being typed, and of close words when it finds nothing as typed; the words ANDed.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly engine = 'postgres';
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly q: string;
  private readonly stateTable: string;
  /** Set by init(): where CREATE EXTENSION put unaccent and pg_trgm. */
  private unaccentSchema = 'public';
  private trgmSchema = 'public';
  /** The server's stems never change; a bounded memo spares a round trip for words seen before. */
  private readonly stemCache = new Map<string, string[]>();

  constructor(options: PostgresSearchIndexOptions) {
    this.pool = options.pool;
    this.schema = options.schema;
    this.q = pg.escapeIdentifier(this.schema);
    this.stateTable = `${this.q}.search_state`;
  }

  async init(): Promise<void> {
    await this.createExtensions();
    await createTables(
      this.pool,
      this.schema,
      'search-index',
      `CREATE TABLE IF NOT EXISTS ${this.stateTable} (
         target text PRIMARY KEY,
         checkpoint bigint NOT NULL DEFAULT 0,
         active integer NOT NULL,
         building integer,
         meta jsonb NOT NULL DEFAULT '{}'::jsonb
       );
       -- The fence of the runner's lease (claim()); tables made before it get the column.
       ALTER TABLE ${this.stateTable} ADD COLUMN IF NOT EXISTS holder text`,
    );
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog:search-index:${this.schema}`]);
      await this.createConfigurations(client);
      for (const target of searchTargets) {
        await client.query(
          `INSERT INTO ${this.stateTable} (target, checkpoint, active, building, meta) VALUES ($1, 0, 1, NULL, '{}') ON CONFLICT (target) DO NOTHING`,
          [target],
        );
        const state = await this.lockState(client, target);
        await this.createGenerationTables(client, target, state.active);
        if (state.building !== null) await this.createGenerationTables(client, target, state.building);
      }
    });
  }

  async state(target: SearchTarget): Promise<TargetState> {
    const { rows } = await this.query<StateRow>(
      `SELECT checkpoint, active, building, meta FROM ${this.stateTable} WHERE target = $1`,
      [checkTarget(target)],
    );
    const row = rows[0];
    if (!row) throw notInitialised(target);
    return { checkpoint: Number(row.checkpoint), active: row.active, building: row.building, meta: row.meta };
  }

  async write(target: SearchTarget, changes: IndexWrite): Promise<void> {
    const documents = (changes.put ?? []).map(toRow);
    const removed = changes.remove ?? [];
    const vocabulary = vocabularyOf(changes.put ?? []);
    await inTransaction(this.pool, async (client) => {
      // The state row's lock orders writes, new generations and activation of one target.
      const state = await this.lockState(client, target, changes.holder);
      for (const generation of new Set(changes.generations)) {
        if (generation !== state.active && generation !== state.building) {
          throw new Error(`search index ${target}: generation ${generation} is neither active nor being built`);
        }
        const table = this.docsTable(target, generation);
        if (removed.length > 0) await client.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [removed]);
        if (documents.length > 0) {
          await client.query(this.upsertSql(table), [JSON.stringify(documents)]);
          // Only words not known yet are stemmed; words of pages removed later stay (harmless: a
          // word that is no longer in any page matches nothing when ORed in).
          await client.query(
            `INSERT INTO ${this.wordsTable(target, generation)} (config, word, lexemes)
             SELECT x.config, x.word, tsvector_to_array(to_tsvector(x.regconfig::regconfig, ${this.unaccent('x.word')}))
             FROM unnest($1::text[], $2::text[], $3::text[]) AS x(config, regconfig, word)
             WHERE NOT EXISTS (SELECT 1 FROM ${this.wordsTable(target, generation)} AS w WHERE w.config = x.config AND w.word = x.word)
             ON CONFLICT (config, word) DO NOTHING`,
            [vocabulary.map(([config]) => config), vocabulary.map(([config]) => this.regconfig(config)), vocabulary.map(([, word]) => word)],
          );
        }
      }
      if (changes.checkpoint !== undefined || changes.meta !== undefined) {
        await client.query(
          `UPDATE ${this.stateTable} SET checkpoint = COALESCE($2::bigint, checkpoint), meta = COALESCE($3::jsonb, meta) WHERE target = $1`,
          [target, changes.checkpoint ?? null, changes.meta === undefined ? null : JSON.stringify(changes.meta)],
        );
      }
    });
  }

  async search(target: SearchTarget, query: IndexQuery): Promise<IndexAnswer> {
    checkTarget(target);
    const listing = query.term.trim() === '';
    const queryWords = listing ? [] : parseQuery(query.term, query.locales);
    // A term of punctuation and single letters only has nothing to look for.
    if (!listing && queryWords.length === 0) return emptyAnswer();
    const stems = await this.stems(queryWords.map((word) => word.text));
    // An activation may drop the generation read between reading the state and reading its
    // table: the search then starts again on the new one.
    for (let attempt = 1; ; attempt++) {
      try {
        if (listing) return await this.searchWith(this.pool, target, query, null, stems);
        return await inTransaction(this.pool, async (client) => {
          // Matches are only fast through the indexes, but the planner does not count the cost of
          // unpacking each page's large tsvector and may reckon that reading every page is
          // cheaper: it is not, so it may not. The typo look-up gathers with a lower similarity.
          await client.query(`SELECT set_config('enable_seqscan', 'off', true), set_config('pg_trgm.similarity_threshold', $1, true)`, [
            String(trigramThreshold),
          ]);
          return this.searchWith(client, target, query, queryWords, stems);
        });
      } catch (error) {
        if (attempt >= 3 || !isDroppedTable(error)) throw error;
      }
    }
  }

  async count(target: SearchTarget, generation?: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        const g = generation ?? (await this.state(target)).active;
        const { rows } = await this.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.docsTable(target, g)}`);
        return rows[0]!.n;
      } catch (error) {
        // The active generation was swapped (and the old one dropped) between reading the state and counting: count the new one.
        if (generation !== undefined || attempt >= 3 || !isDroppedTable(error)) throw error;
      }
    }
  }

  async idsWithTag(target: SearchTarget, tagId: string): Promise<string[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { active, building } = await this.state(target);
        const generations = building === null ? [active] : [active, building];
        const { rows } = await this.query<{ id: string }>(
          generations.map((generation) => `SELECT id FROM ${this.docsTable(target, generation)} WHERE tag_ids @> ARRAY[$1::text]`).join(' UNION ') +
            ' ORDER BY id',
          [tagId],
        );
        return rows.map((row) => row.id);
      } catch (error) {
        if (attempt >= 3 || !isDroppedTable(error)) throw error;
      }
    }
  }

  async claim(target: SearchTarget, holder: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await this.lockState(client, target);
      await client.query(`UPDATE ${this.stateTable} SET holder = $2 WHERE target = $1`, [target, holder]);
    });
  }

  async createGeneration(target: SearchTarget, holder?: string): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const state = await this.lockState(client, target, holder);
      // A build left behind (crashed, then started afresh) is replaced, never left to grow stale.
      if (state.building !== null) await this.dropGenerationTables(client, target, state.building);
      const generation = Math.max(state.active, state.building ?? 0) + 1;
      await this.createGenerationTables(client, target, generation);
      await client.query(`UPDATE ${this.stateTable} SET building = $2 WHERE target = $1`, [target, generation]);
      return generation;
    });
  }

  async activate(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const state = await this.lockState(client, target, holder);
      if (state.active === generation) return;
      if (state.building !== generation) throw new Error(`search index ${target}: generation ${generation} is not being built`);
      // Searches that read the old state keep their snapshot until this commits; a search that
      // reaches the dropped table afterwards starts again (see search()).
      await client.query(`UPDATE ${this.stateTable} SET active = $2, building = NULL WHERE target = $1`, [target, generation]);
      await this.dropGenerationTables(client, target, state.active);
    });
  }

  async dropGeneration(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const state = await this.lockState(client, target, holder);
      if (state.active === generation) throw new Error(`search index ${target}: generation ${generation} is active and cannot be dropped`);
      await this.dropGenerationTables(client, target, generation);
      if (state.building === generation) await client.query(`UPDATE ${this.stateTable} SET building = NULL WHERE target = $1`, [target]);
    });
  }

  async clear(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    // DELETE rather than TRUNCATE: searches running meanwhile keep the documents of their snapshot.
    await inTransaction(this.pool, async (client) => {
      await this.lockState(client, target, holder);
      await client.query(`DELETE FROM ${this.docsTable(target, generation)}`);
      await client.query(`DELETE FROM ${this.wordsTable(target, generation)}`);
    });
  }

  async close(): Promise<void> {
    this.stemCache.clear();
  }

  private async searchWith(
    db: Queryable,
    target: SearchTarget,
    query: IndexQuery,
    queryWords: QueryWord[] | null,
    stems: Map<string, string[]>,
  ): Promise<IndexAnswer> {
    const { rows: stateRows } = await guard(() => db.query<{ active: number }>(`SELECT active FROM ${this.stateTable} WHERE target = $1`, [target]));
    const active = stateRows[0]?.active;
    if (active === undefined) throw notInitialised(target);
    const table = this.docsTable(target, active);
    const column = query.fields === 'title-slug' ? 'title_slug' : 'doc';

    let tsqueries: Map<Config, string> | null = null;
    if (queryWords) {
      const expansions = await this.prefixExpansions(db, target, active, queryWords);
      const typos = await this.typoExpansions(db, target, active, column, query, queryWords, stems, expansions);
      tsqueries = buildTsqueries(queryWords, stems, mergeExpansions(expansions, typos));
    }

    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = this.filterFlags(param, query);
    const tsq = new Map([...(tsqueries ?? [])].map(([config, text]) => [config, `${param(text)}::tsquery`]));
    // Every match with what filters, facets and the title group need, one branch per
    // configuration rather than one OR, so each reads its matches straight from its index. A
    // title (or slug) match is ranked by ts_rank over the small title-and-slug vector; the large,
    // compressed vector of the whole page is only read to rank the others (`later` below).
    const branch = (inTitle: string, titleScore: string, where: string) =>
      `SELECT d.id, d.locale, d.page_type, d.tags, d.sort_date, ${inTitle} AS in_title, ${titleScore} AS title_score, ${filters}
       FROM ${table} AS d WHERE ${where}`;
    let matches = branch('TRUE', '0::real', 'TRUE');
    if (tsqueries) {
      matches =
        tsq.size === 0
          ? branch('TRUE', '0::real', 'FALSE')
          : [...tsq]
              .map(([config, q]) =>
                column === 'doc'
                  ? branch(`d.title_slug @@ ${q}`, `CASE WHEN d.title_slug @@ ${q} THEN ts_rank(d.title_slug, ${q}) END`, `d.config = '${config}' AND d.doc @@ ${q}`)
                  : branch('TRUE', `ts_rank(d.title_slug, ${q})`, `d.config = '${config}' AND d.title_slug @@ ${q}`),
              )
              .join('\n        UNION ALL\n        ');
    }
    const count = param(query.count);
    const offset = param(query.offset);
    const facet = (sql: string) => (query.fields === 'title-slug' ? `'[]'::json` : sql);
    // The page goes past the title matches: the others fill it, ranked with ts_rank over the
    // whole page's vector (title A, tags and description B, body C): all of them up to
    // RANK_ALL, past that the RANK_CAP newest, the rest following newest first. ts_rank must
    // unpack each page's large compressed vector (about 10 µs a page here), which is what made
    // ranking every match of a common word cost several times the rest of the search. When the
    // title matches fill the page, `b` is empty and none of this runs.
    const ranksOthers = tsqueries !== null && column === 'doc' && tsq.size > 0;
    const rank = `CASE d.config ${[...tsq].map(([config, q]) => `WHEN '${config}' THEN ts_rank('${rankWeights}', d.doc, ${q})`).join(' ')} END`;
    const others = ranksOthers
      ? `,
      b AS MATERIALIZED (SELECT id, sort_date FROM f WHERE NOT in_title AND (SELECT n FROM titled) < ${offset} + ${count}),
      c AS (
        SELECT id FROM b ORDER BY sort_date DESC NULLS LAST, id DESC
        LIMIT CASE WHEN (SELECT count(*) FROM b) > ${RANK_ALL} THEN ${RANK_CAP} ELSE ${RANK_ALL} END
      ),
      r AS (SELECT d.id, d.sort_date, (${rank})::real AS score FROM c JOIN ${table} AS d ON d.id = c.id),
      o AS (
        SELECT id, sort_date, 0 AS rest, score FROM r
        UNION ALL
        SELECT id, sort_date, 1 AS rest, 0::real AS score FROM b WHERE id NOT IN (SELECT id FROM c)
      ),
      later AS (
        SELECT * FROM o ORDER BY rest, score DESC, sort_date DESC NULLS LAST, id DESC
        LIMIT ${count} - GREATEST(0, LEAST(${count}, (SELECT n FROM titled) - ${offset}))
        OFFSET GREATEST(0, ${offset} - (SELECT n FROM titled))
      )`
      : '';
    const hit = (score: string) => `json_build_object(
            'id', d.id, 'locale', d.locale, 'pageType', d.page_type, 'title', d.title, 'slug', d.slug,
            'description', d.description, 'body', d.body, 'date', d.date, 'tags', d.tags, 'score', ${score})`;
    const sql = `
      WITH m AS MATERIALIZED (
        ${matches}
      ),
      f AS MATERIALIZED (SELECT * FROM m WHERE in_locale AND in_type AND in_tags),
      titled AS MATERIALIZED (SELECT count(*)::int AS n FROM f WHERE in_title),
      page AS (
        SELECT id, title_score FROM f WHERE in_title
        ORDER BY title_score DESC, sort_date DESC NULLS LAST, id DESC LIMIT ${count} OFFSET ${offset}
      )${others}
      SELECT
        (SELECT count(*)::int FROM f) AS total,
        (SELECT COALESCE(json_agg(${hit(tsqueries ? '1 + page.title_score' : '0')}
          ORDER BY page.title_score DESC, d.sort_date DESC NULLS LAST, d.id DESC), '[]'::json)
         FROM page JOIN ${table} AS d ON d.id = page.id) AS hits,
        ${
          ranksOthers
            ? `(SELECT COALESCE(json_agg(${hit('later.score')}
          ORDER BY later.rest, later.score DESC, later.sort_date DESC NULLS LAST, later.id DESC), '[]'::json)
         FROM later JOIN ${table} AS d ON d.id = later.id)`
            : `'[]'::json`
        } AS later,
        ${facet(`(SELECT COALESCE(json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value), '[]'::json)
         FROM (SELECT page_type AS value, count(*)::int AS n FROM m WHERE in_locale AND in_tags GROUP BY page_type) AS f)`)} AS "pageTypes",
        ${facet(`(SELECT COALESCE(json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value), '[]'::json)
         FROM (SELECT locale AS value, count(*)::int AS n FROM m WHERE in_type AND in_tags GROUP BY locale) AS f)`)} AS locales,
        ${facet(`(SELECT COALESCE(json_agg(json_build_object('value', value, 'label', label, 'count', n) ORDER BY n DESC, label, value), '[]'::json)
         FROM (SELECT t->>'id' AS value, max(t->>'name') AS label, count(*)::int AS n
               FROM f, jsonb_array_elements(f.tags) AS t
               GROUP BY t->>'id' ORDER BY n DESC, label, value LIMIT ${maxTagFacets}) AS f)`)} AS tags`;
    const { rows } = await guard(() => db.query<AnswerRow>(sql, params));
    const answer = rows[0]!;
    return {
      total: answer.total,
      hits: [...answer.hits, ...answer.later].map((row) => toHit(row, queryWords ?? [], query.fields === 'title-slug')),
      facets: { pageTypes: answer.pageTypes, locales: answer.locales, tags: answer.tags },
    };
  }

  /**
   * Whether each document passes each filter. A facet counts the matches that pass every filter
   * but its own, so a filtered facet still lists the other values; tags are ANDed, so the tag
   * facet counts within every filter.
   */
  private filterFlags(param: (value: unknown) => string, query: IndexQuery): string {
    const locales = param(query.locales);
    const pageTypes = param(query.pageTypes);
    const tags = param([...new Set(query.tags)]);
    return `(cardinality(${locales}::text[]) = 0 OR d.locale = ANY(${locales}::text[])) AS in_locale,
      (cardinality(${pageTypes}::text[]) = 0 OR d.page_type = ANY(${pageTypes}::text[])) AS in_type,
      (d.tag_ids @> ${tags}::text[]) AS in_tags`;
  }

  /**
   * The words the index holds that the word being typed begins ("duurzaamh" → duurzaamheid), in
   * each configuration, as lexeme groups; lexemes the typed text already covers as a prefix are
   * left out.
   */
  private async prefixExpansions(db: Queryable, target: SearchTarget, generation: number, queryWords: QueryWord[]): Promise<Map<string, Expansion>> {
    const result = new Map<string, Expansion>();
    const typing = queryWords.filter((word) => word.prefix);
    if (typing.length === 0) return result;
    const { rows } = await guard(() =>
      db.query<{ prefix: string; config: Config; lexemes: string[] }>(
        `SELECT p.prefix, w.config, w.lexemes
         FROM unnest($1::text[]) AS p(prefix) CROSS JOIN unnest($2::text[]) AS c(config),
           LATERAL (SELECT v.config, v.lexemes FROM ${this.wordsTable(target, generation)} AS v
                    WHERE v.config = c.config AND v.word >= p.prefix AND v.word < p.prefix || chr(1114111)
                    ORDER BY v.word LIMIT ${maxExpansion}) AS w`,
        [typing.map((word) => word.text), configs],
      ),
    );
    for (const row of rows) {
      if (row.lexemes.length === 0 || (row.lexemes.length === 1 && row.lexemes[0]!.startsWith(row.prefix))) continue;
      addExpansion(result, row.prefix, row.config, row.lexemes);
    }
    return result;
  }

  /**
   * For each typo-tolerant word that finds nothing as typed (under the search's filters), the
   * words of the index close enough to it by the typo rule: trigram similarity gathers them, the
   * edit distance decides; their lexemes are ORed into the word in their configuration.
   */
  private async typoExpansions(
    db: Queryable,
    target: SearchTarget,
    generation: number,
    column: 'doc' | 'title_slug',
    query: IndexQuery,
    queryWords: QueryWord[],
    stems: Map<string, string[]>,
    prefixes: Map<string, Expansion>,
  ): Promise<Map<string, Expansion>> {
    const result = new Map<string, Expansion>();
    const fuzzy = queryWords.filter((word) => word.fuzzy);
    if (fuzzy.length === 0) return result;
    const asTyped = fuzzy.map((word) => {
      const alone = buildTsqueries([word], stems, prefixes);
      return { word: word.text, ...Object.fromEntries(configs.map((config) => [config, alone.get(config) ?? null])) };
    });
    const params: unknown[] = [JSON.stringify(asTyped)];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = this.filterFlags(param, query);
    const trgm = pg.escapeIdentifier(this.trgmSchema);
    const { rows } = await guard(() =>
      db.query<{ word: string; config: Config; candidate: string; lexemes: string[] }>(
        `SELECT w.word, c.config, c.word AS candidate, c.lexemes
         FROM jsonb_to_recordset($1::jsonb) AS w(word text, dutch text, english text, german text, french text, simple text),
           LATERAL (SELECT v.config, v.word, v.lexemes FROM ${this.wordsTable(target, generation)} AS v
                    WHERE v.word OPERATOR(${trgm}.%) w.word
                    ORDER BY ${trgm}.similarity(v.word, w.word) DESC, v.word LIMIT ${maxExpansion * 4}) AS c
         WHERE NOT EXISTS (
           SELECT 1 FROM (SELECT ${filters} FROM ${this.docsTable(target, generation)} AS d
                          WHERE ${matchClause(column, new Map(configs.map((config) => [config, `w.${config}::tsquery`])))}) AS f
           WHERE f.in_locale AND f.in_type AND f.in_tags
         )`,
        params,
      ),
    );
    const close = rows
      .filter((row) => row.lexemes.length > 0 && closeEnough(row.word, row.candidate))
      .sort((a, b) => editDistance(a.word, a.candidate) - editDistance(b.word, b.candidate));
    const taken = new Map<string, number>();
    for (const row of close) {
      const n = taken.get(row.word) ?? 0;
      if (n >= maxExpansion) continue;
      taken.set(row.word, n + 1);
      addExpansion(result, row.word, row.config, row.lexemes);
    }
    return result;
  }

  /** What each configuration makes of each word: its lexemes. */
  private async stems(queryWords: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    const missing = new Set<string>();
    for (const word of queryWords) {
      for (const config of configs) {
        const cached = this.stemCache.get(stemKey(config, word));
        if (cached) result.set(stemKey(config, word), cached);
        else missing.add(word);
      }
    }
    if (missing.size === 0) return result;
    const { rows } = await this.query<{ config: string; word: string; lexemes: string[] }>(
      `SELECT c.config, w.word, tsvector_to_array(to_tsvector(c.regconfig::regconfig, ${this.unaccent('w.word')})) AS lexemes
       FROM unnest($1::text[]) AS w(word) CROSS JOIN unnest($2::text[], $3::text[]) AS c(config, regconfig)`,
      [[...missing], configs, configs.map((config) => this.regconfig(config))],
    );
    if (this.stemCache.size > 50_000) this.stemCache.clear();
    for (const row of rows) {
      this.stemCache.set(stemKey(row.config, row.word), row.lexemes);
      result.set(stemKey(row.config, row.word), row.lexemes);
    }
    return result;
  }

  private upsertSql(table: string): string {
    const vector = (field: string) => `to_tsvector(x.regconfig::regconfig, ${this.unaccent(`x.${field}`)})`;
    return `
      INSERT INTO ${table} (id, locale, config, page_type, title, slug, description, body, tags, tag_ids, date, sort_date, doc, title_slug)
      SELECT x.id, x.locale, x.config, x.page_type, x.title, x.slug, x.description, x.body, x.tags, x.tag_ids, x.date,
        x.date::timestamptz,
        setweight(${vector('title_words')}, 'A') || setweight(${vector('tag_words')}, 'B')
          || setweight(${vector('description_words')}, 'B') || setweight(${vector('body_words')}, 'C'),
        ${vector('title_slug_words')}
      FROM (SELECT r.*, CASE r.config ${configs.map((c) => `WHEN '${c}' THEN ${pg.escapeLiteral(this.regconfig(c))}`).join(' ')} END AS regconfig
            FROM jsonb_to_recordset($1::jsonb) AS r(
              id text, locale text, config text, page_type text, title text, slug text, description text, body text,
              tags jsonb, tag_ids text[], date text, title_words text, tag_words text, description_words text,
              body_words text, title_slug_words text)) AS x
      ON CONFLICT (id) DO UPDATE SET
        locale = EXCLUDED.locale, config = EXCLUDED.config, page_type = EXCLUDED.page_type, title = EXCLUDED.title,
        slug = EXCLUDED.slug, description = EXCLUDED.description, body = EXCLUDED.body, tags = EXCLUDED.tags,
        tag_ids = EXCLUDED.tag_ids, date = EXCLUDED.date, sort_date = EXCLUDED.sort_date, doc = EXCLUDED.doc,
        title_slug = EXCLUDED.title_slug`;
  }

  /** The configuration's qualified name: the schema's copy of a built-in one, or simple. */
  private regconfig(config: Config): string {
    return config === 'simple' ? 'pg_catalog.simple' : `${this.q}.${pg.escapeIdentifier(`search_${config}`)}`;
  }

  /** unaccent with its dictionary named, so it works whatever the search_path. */
  private unaccent(expression: string): string {
    const s = pg.escapeIdentifier(this.unaccentSchema);
    return `${s}.unaccent(${pg.escapeLiteral(`${s}.unaccent`)}::regdictionary, ${expression})`;
  }

  private async createExtensions(): Promise<void> {
    // Extensions belong to the database, not the schema: one lock for every schema's init.
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['pagelog:search-index:extensions']);
      await client.query('CREATE EXTENSION IF NOT EXISTS unaccent');
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    });
    const { rows } = await this.query<{ extname: string; schema: string }>(
      `SELECT e.extname, n.nspname AS schema FROM pg_extension AS e JOIN pg_namespace AS n ON n.oid = e.extnamespace
       WHERE e.extname IN ('unaccent', 'pg_trgm')`,
    );
    for (const row of rows) {
      if (row.extname === 'unaccent') this.unaccentSchema = row.schema;
      else this.trgmSchema = row.schema;
    }
  }

  /** The schema's configurations: each a copy of the built-in one whose stemmer keeps stop words. */
  private async createConfigurations(client: pg.PoolClient): Promise<void> {
    const { rows } = await client.query<{ cfgname: string }>(
      `SELECT c.cfgname FROM pg_ts_config AS c JOIN pg_namespace AS n ON n.oid = c.cfgnamespace WHERE n.nspname = $1`,
      [this.schema],
    );
    const existing = new Set(rows.map((row) => row.cfgname));
    for (const config of stemmedConfigs) {
      if (existing.has(`search_${config}`)) continue;
      const dictionary = `${this.q}.${pg.escapeIdentifier(`search_${config}_stem`)}`;
      await client.query(`
        CREATE TEXT SEARCH DICTIONARY ${dictionary} (TEMPLATE = pg_catalog.snowball, Language = ${config});
        CREATE TEXT SEARCH CONFIGURATION ${this.regconfig(config)} (COPY = pg_catalog.${config});
        ALTER TEXT SEARCH CONFIGURATION ${this.regconfig(config)} ALTER MAPPING REPLACE pg_catalog.${config}_stem WITH ${dictionary};`);
    }
  }

  private async createGenerationTables(client: pg.PoolClient, target: SearchTarget, generation: number): Promise<void> {
    const base = tableName(target, generation);
    const docs = this.docsTable(target, generation);
    const vocabulary = this.wordsTable(target, generation);
    const index = (suffix: string) => pg.escapeIdentifier(`${base}_${suffix}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${docs} (
        id text PRIMARY KEY,
        locale text NOT NULL,
        config text NOT NULL,
        page_type text NOT NULL,
        title text NOT NULL,
        slug text NOT NULL,
        description text NOT NULL,
        body text NOT NULL,
        tags jsonb NOT NULL,
        tag_ids text[] NOT NULL,
        date text,
        sort_date timestamptz,
        doc tsvector NOT NULL,
        title_slug tsvector NOT NULL
      );
      ${configs
        // Per configuration: a search reads each configuration's matches with its own query.
        .map(
          (config) => `
      CREATE INDEX IF NOT EXISTS ${index(`doc_${config}`)} ON ${docs} USING gin (doc) WITH (${ginOptions}) WHERE config = '${config}';
      CREATE INDEX IF NOT EXISTS ${index(`title_slug_${config}`)} ON ${docs} USING gin (title_slug) WITH (${ginOptions}) WHERE config = '${config}';`,
        )
        .join('')}
      CREATE INDEX IF NOT EXISTS ${index('tags')} ON ${docs} USING gin (tag_ids) WITH (${ginOptions});
      CREATE INDEX IF NOT EXISTS ${index('date')} ON ${docs} (sort_date DESC NULLS LAST, id DESC);
      CREATE TABLE IF NOT EXISTS ${vocabulary} (
        config text NOT NULL,
        word text COLLATE "C" NOT NULL,
        lexemes text[] NOT NULL,
        PRIMARY KEY (config, word)
      );
      CREATE INDEX IF NOT EXISTS ${index('words_trgm')} ON ${vocabulary}
        USING gin (word ${pg.escapeIdentifier(this.trgmSchema)}.gin_trgm_ops) WITH (${ginOptions});`);
  }

  private async dropGenerationTables(client: pg.PoolClient, target: SearchTarget, generation: number): Promise<void> {
    // Locked in the order a search takes them (words, then documents), or the two could deadlock.
    await client.query(`DROP TABLE IF EXISTS ${this.wordsTable(target, generation)}, ${this.docsTable(target, generation)}`);
  }

  /** Locks the target's state row for the transaction; with a holder, only while that holder has the target (else FencedOff). */
  private async lockState(client: pg.PoolClient, target: SearchTarget, holder?: string): Promise<{ active: number; building: number | null }> {
    const { rows } = await client.query<StateRow & { holder: string | null }>(
      `SELECT active, building, holder FROM ${this.stateTable} WHERE target = $1 FOR UPDATE`,
      [checkTarget(target)],
    );
    const row = rows[0];
    if (!row) throw notInitialised(target);
    if (holder !== undefined && row.holder !== holder) throw new FencedOff(target, holder);
    return { active: row.active, building: row.building };
  }

  private docsTable(target: SearchTarget, generation: number): string {
    return `${this.q}.${pg.escapeIdentifier(tableName(target, generation))}`;
  }

  private wordsTable(target: SearchTarget, generation: number): string {
    return `${this.q}.${pg.escapeIdentifier(`${tableName(target, generation)}_words`)}`;
  }

  private query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return guard(() => this.pool.query<R>(sql, params));
  }
}

function checkTarget(target: SearchTarget): SearchTarget {
  if (!searchTargets.includes(target)) throw new Error(`unknown search target ${String(target)}`);
  return target;
}

function notInitialised(target: SearchTarget): Error {
  return new Error(`search index not initialised (no state for ${target}); call init() first`);
}

function tableName(target: SearchTarget, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`invalid search index generation ${generation}`);
  return `search_${checkTarget(target)}_g${generation}`;
}

function capped(text: string): string {
  return text.length > maxIndexedChars ? text.slice(0, maxIndexedChars) : text;
}

/** The text a configuration's parser sees: analysis.ts's words, so every engine splits text alike. */
function wordsOf(text: string): string {
  return words(capped(text)).join(' ');
}

function toRow(document: SearchDocument) {
  return {
    id: document.id,
    locale: document.locale,
    config: configOf(document.locale),
    page_type: document.pageType,
    title: document.title,
    slug: document.slug,
    description: document.description,
    body: document.body,
    tags: document.tags,
    tag_ids: document.tags.map((tag) => tag.id),
    date: document.date,
    title_words: wordsOf(document.title),
    tag_words: wordsOf(document.tags.map((tag) => tag.name).join(' ')),
    description_words: wordsOf(document.description),
    body_words: wordsOf(document.body),
    title_slug_words: `${wordsOf(document.title)} ${wordsOf(document.slug)}`,
  };
}

/** The distinct (configuration, word) pairs of the documents' text, for the words table. */
function vocabularyOf(documents: SearchDocument[]): [Config, string][] {
  const seen = new Map<string, [Config, string]>();
  for (const document of documents) {
    const config = configOf(document.locale);
    const text = [document.title, document.slug, document.description, document.tags.map((tag) => tag.name).join(' '), document.body];
    for (const field of text) {
      for (const word of words(capped(field))) seen.set(stemKey(config, word), [config, word]);
    }
  }
  return [...seen.values()];
}

function toHit(row: HitRow, queryWords: QueryWord[], withoutSnippet: boolean): IndexHit {
  // The snippet is cut from the body, else the description, else the title (as on SQLite).
  const text = row.body.trim() !== '' ? row.body : row.description.trim() !== '' ? row.description : row.title;
  return {
    id: row.id,
    locale: row.locale,
    pageType: row.pageType,
    title: row.title,
    slug: row.slug,
    snippet: withoutSnippet ? [] : buildSnippet(text, languageOf(row.locale), queryWords),
    date: row.date,
    tags: row.tags,
    score: row.score,
  };
}

function emptyAnswer(): IndexAnswer {
  return { total: 0, hits: [], facets: { pageTypes: [], locales: [], tags: [] } };
}

/**
 * A generation's table dropped by an activation while a search was about to read it, or the
 * search chosen as the victim of a deadlock with that drop: the search may start again.
 */
function isDroppedTable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '42P01' || e?.code === '40P01' || (typeof e?.message === 'string' && /could not open relation with OID/.test(e.message));
}
