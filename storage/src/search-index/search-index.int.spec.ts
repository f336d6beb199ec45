import { expect } from 'chai';
import { Client } from '@elastic/elasticsearch';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshSchema } from '../postgres/fresh-schema';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database';
import { ElasticsearchSearchIndex } from './elasticsearch-search-index';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchIndexContract } from './search-index.contract';
import type { SearchDocument, SearchIndex } from './search-index';
import { SqliteSearchIndex } from './sqlite-search-index';

/** The contract opens one index per test; this remembers how to dispose of the current one. */
let dispose: (() => Promise<void>) | null = null;
const disposeCurrent = async () => {
  await dispose?.();
  dispose = null;
};

async function onSqliteFile(): Promise<{ db: SqliteDatabase; index: SqliteSearchIndex; folder: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'pagelog-search-'));
  const db = openDatabase(join(folder, 'pagelog.db'));
  const index = new SqliteSearchIndex(db);
  dispose = async () => {
    db.close();
    await rm(folder, { recursive: true, force: true });
  };
  return { db, index, folder };
}

/** 3,000 pages with "onderzoek" in the body, newest last; the ten oldest have it in the title. */
const manyPages = 3_000;
function manyPage(i: number): SearchDocument {
  return {
    id: `p${String(i).padStart(4, '0')}`,
    locale: i % 3 === 0 ? 'en-gb' : 'nl-nl',
    pageType: i % 2 === 0 ? 'article' : 'publication',
    title: i < 10 ? `Onderzoek nummer ${i}` : `Pagina ${i}`,
    slug: `pagina-${i}`,
    description: '',
    body: `Een tekst over het onderzoek van dit jaar, pagina ${i}.`,
    tags: i % 5 === 0 ? [{ id: 'tag-zorg', name: 'Zorg' }] : [],
    date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
  };
}
const manyQuery = { term: 'onderzoek ', locales: [], pageTypes: [], tags: [], count: 10, offset: 0, fields: 'full' as const };

async function writeManyPages(index: SearchIndex): Promise<void> {
  await index.init();
  for (let from = 0; from < manyPages; from += 1_000) {
    await index.write('public', { put: Array.from({ length: 1_000 }, (_, k) => manyPage(from + k)), generations: [1] });
  }
}

/**
 * What the SQLite and PostgreSQL adapters share past the contract: more matches than they rank
 * one by one. Title matches first, then the other matches, all of them ranked up to a limit and
 * past that the `rankCap` newest, the rest newest first; the total and facets exact.
 */
function manyMatchesSpec(current: () => SearchIndex, rankCap: number): void {
  it('answers the exact total and facets, and the title matches first though every body match is newer', async () => {
    const index = current();
    const answer = await index.search('public', manyQuery);
    expect(answer.total).to.equal(manyPages);
    expect(answer.facets.pageTypes).to.deep.equal([
      { value: 'article', count: 1_500 },
      { value: 'publication', count: 1_500 },
    ]);
    expect(answer.facets.locales).to.deep.equal([
      { value: 'nl-nl', count: 2_000 },
      { value: 'en-gb', count: 1_000 },
    ]);
    expect(answer.facets.tags).to.deep.equal([{ value: 'tag-zorg', label: 'Zorg', count: 600 }]);
    expect(answer.hits.map((hit) => hit.title).every((title) => title.startsWith('Onderzoek nummer'))).to.equal(true);
    const scores = answer.hits.map((hit) => hit.score);
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));

    const filtered = await index.search('public', { ...manyQuery, locales: ['en-gb'], pageTypes: ['article'], tags: ['tag-zorg'] });
    // i divisible by 3, 2 and 5: every 30th page.
    expect(filtered.total).to.equal(manyPages / 30);
    expect(filtered.hits.every((hit) => hit.locale === 'en-gb' && hit.pageType === 'article' && hit.tags.some((tag) => tag.id === 'tag-zorg'))).to.equal(true);
    expect(filtered.hits[0]!.id).to.equal('p0000');
    expect(filtered.facets.locales).to.deep.equal([
      { value: 'nl-nl', count: 200 },
      { value: 'en-gb', count: 100 },
    ]);
  });

  it('pages through every match once: the title matches, the ranked ones, then the rest newest first', async () => {
    const index = current();
    const seen: string[] = [];
    const scores: number[] = [];
    for (let offset = 0; offset < manyPages; offset += 500) {
      const answer = await index.search('public', { ...manyQuery, count: 500, offset });
      expect(answer.total).to.equal(manyPages);
      seen.push(...answer.hits.map((hit) => hit.id));
      scores.push(...answer.hits.map((hit) => hit.score));
    }
    expect(seen).to.have.length(manyPages);
    expect(new Set(seen).size).to.equal(manyPages);
    expect(seen.slice(0, 10).sort()).to.deep.equal(Array.from({ length: 10 }, (_, i) => manyPage(i).id));
    // The newest of the others were ranked; the rest follow newest first, older than all of them.
    expect(seen.slice(10, 10 + rankCap).sort()).to.deep.equal(Array.from({ length: rankCap }, (_, i) => manyPage(manyPages - rankCap + i).id));
    const unranked = seen.slice(10 + rankCap);
    expect(unranked).to.deep.equal([...unranked].sort().reverse());
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));
    // Across two calls that meet inside the title matches, nothing is repeated or left out.
    const first = await index.search('public', { ...manyQuery, count: 7, offset: 0 });
    const second = await index.search('public', { ...manyQuery, count: 7, offset: 7 });
    expect([...first.hits, ...second.hits].map((hit) => hit.id)).to.deep.equal(seen.slice(0, 14));
  });
}

searchIndexContract('SQLite', async () => (await onSqliteFile()).index, disposeCurrent);

describe('SQLite search index', () => {
  afterEach(disposeCurrent);

  it('keeps every table it makes under the search_ prefix', async () => {
    const { db, index } = await onSqliteFile();
    await index.init();
    const generation = await index.createGeneration('public');
    await index.activate('public', generation);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')").all() as { name: string }[]).map((row) => row.name);
    expect(names.filter((name) => !name.startsWith('search_') && !name.startsWith('sqlite_'))).to.deep.equal([]);
    // The old generation's tables are gone with its activation.
    expect(names.filter((name) => name.startsWith('search_public_1_'))).to.deep.equal([]);
  });

  it('answers a search made through a second connection to the same file after a rebuild there', async () => {
    const { index: writer, folder } = await onSqliteFile();
    await writer.init();
    const readerDb = openDatabase(join(folder, 'pagelog.db'));
    const reader = new SqliteSearchIndex(readerDb);
    try {
      const doc = { id: 'p1', locale: 'nl-nl', pageType: 'article', title: 'Onderzoek', slug: 'onderzoek', description: '', body: '', tags: [], date: null };
      const query = { term: 'onderzoek', locales: [], pageTypes: [], tags: [], count: 10, offset: 0, fields: 'full' as const };
      await writer.write('public', { put: [doc], generations: [1] });
      expect((await reader.search('public', query)).total).to.equal(1);
      const next = await writer.createGeneration('public');
      await writer.write('public', { put: [{ ...doc, id: 'p2' }], generations: [next] });
      await writer.activate('public', next);
      expect((await reader.search('public', query)).hits.map((hit) => hit.id)).to.deep.equal(['p2']);
    } finally {
      await reader.close();
      readerDb.close();
    }
  });

  it('gives a file made before the titles table its titles when it opens, so titles are found and ranked first', async () => {
    const { db, index } = await onSqliteFile();
    await index.init();
    const base = { locale: 'nl-nl', pageType: 'article', description: '', tags: [], date: null };
    await index.write('public', {
      put: [
        { ...base, id: 'body', title: 'Jaarverslag', slug: 'jaarverslag', body: 'Het onderzoek van dit jaar, onderzoek na onderzoek.' },
        { ...base, id: 'title', title: 'Onderzoek naar wonen', slug: 'onderzoek-naar-wonen', body: 'Over huizen.' },
      ],
      generations: [1],
    });
    // As issue 15's first files were: no titles table.
    db.exec('DROP TABLE search_public_1_titles');
    const reopened = new SqliteSearchIndex(db);
    await reopened.init();
    const query = { term: 'onderzoek ', locales: [], pageTypes: [], tags: [], count: 10, offset: 0, fields: 'full' as const };
    expect((await reopened.search('public', query)).hits.map((hit) => hit.id)).to.deep.equal(['title', 'body']);
    expect((await reopened.search('public', { ...query, term: 'wonen ' })).hits.map((hit) => hit.id)).to.deep.equal(['title']);
  });

  it('refuses to drop the active generation or to write to one that does not exist', async () => {
    const { index } = await onSqliteFile();
    await index.init();
    let dropped: unknown;
    try {
      await index.dropGeneration('public', 1);
    } catch (error) {
      dropped = error;
    }
    expect(dropped).to.be.instanceOf(Error);
    let written: unknown;
    try {
      await index.write('public', { put: [], generations: [5], checkpoint: 9 });
    } catch (error) {
      written = error;
    }
    expect(written).to.be.instanceOf(Error);
    expect(await index.state('public')).to.deep.include({ active: 1, checkpoint: 0 });
  });

  describe('with a word on thousands of pages (more than it ranks one by one)', () => {
    let index: SqliteSearchIndex;

    beforeEach(async () => {
      index = (await onSqliteFile()).index;
      await writeManyPages(index);
    });

    manyMatchesSpec(() => index, 1_000);

    it('sees what another connection wrote since its last search', async () => {
      const query = manyQuery;
      const pages = manyPages;
      const readerDb = openDatabase(join((index as unknown as { db: SqliteDatabase }).db.name));
      const reader = new SqliteSearchIndex(readerDb);
      try {
        expect((await reader.search('public', query)).total).to.equal(pages);
        await index.write('public', {
          put: [{ ...manyPage(3_000), tags: [{ id: 'tag-nieuw', name: 'Nieuw' }] }],
          remove: ['p0001', 'p0002'],
          generations: [1],
        });
        const answer = await reader.search('public', { ...query, tags: ['tag-nieuw'] });
        expect(answer.total).to.equal(1);
        expect(answer.hits.map((hit) => hit.id)).to.deep.equal(['p3000']);
        expect((await reader.search('public', query)).total).to.equal(pages - 1);
        // And the writer's own facts followed its write.
        expect((await index.search('public', { ...query, tags: ['tag-nieuw'] })).total).to.equal(1);
        expect((await index.search('public', query)).total).to.equal(pages - 1);
      } finally {
        await reader.close();
        readerDb.close();
      }
    });
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl) {
  searchIndexContract(
    'PostgreSQL',
    async () => {
      const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'search', max: 10 });
      dispose = drop;
      return new PostgresSearchIndex({ pool, schema });
    },
    disposeCurrent,
  );

  describe('PostgreSQL search index', () => {
    afterEach(disposeCurrent);

    const openPostgres = async () => {
      const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'search', max: 10 });
      dispose = drop;
      const index = new PostgresSearchIndex({ pool, schema });
      await index.init();
      return { index, pool, schema };
    };
    const page = (id: string, title: string) => ({ id, locale: 'nl-nl', pageType: 'article', title, slug: id, description: '', body: '', tags: [], date: null });
    const query = (term: string) => ({ term, locales: [], pageTypes: [], tags: [], count: 10, offset: 0, fields: 'full' as const });

    it('keeps answering searches while a rebuilt generation is activated and the old one dropped', async () => {
      const { index } = await openPostgres();
      await index.write('public', { put: [page('old', 'Onderzoek naar wonen')], generations: [1] });
      const next = await index.createGeneration('public');
      await index.write('public', { put: [page('new-1', 'Onderzoek naar klimaat'), page('new-2', 'Onderzoeken')], generations: [next] });
      const searching = Array.from({ length: 4 }, async () => {
        const totals: number[] = [];
        // A term (read in a transaction) and the listing of an empty one (straight on the pool): both paths.
        for (let i = 0; i < 15; i++) totals.push((await index.search('public', query(i % 2 ? 'onderzoek ' : ''))).total);
        return totals;
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await index.activate('public', next);
      const totals = (await Promise.all(searching)).flat();
      expect(totals.every((total) => total === 1 || total === 2)).to.equal(true);
      expect((await index.search('public', query('onderzoek '))).total).to.equal(2);
    });

    describe('with a word on thousands of pages (more than it ranks one by one)', () => {
      let index: PostgresSearchIndex;
      beforeEach(async function () {
        this.timeout(60_000);
        ({ index } = await openPostgres());
        await writeManyPages(index);
      });
      manyMatchesSpec(() => index, 250);
    });

    it('keeps its tables and text-search configurations in its own schema', async () => {
      const { index, pool, schema } = await openPostgres();
      const next = await index.createGeneration('public');
      await index.activate('public', next);
      const { rows: tables } = await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1`,
        [schema],
      );
      expect(tables.map((row) => row.name)).to.deep.equal([
        'search_admin_g1', 'search_admin_g1_words', `search_public_g${next}`, `search_public_g${next}_words`, 'search_state',
      ]);
      const { rows: configs } = await pool.query<{ name: string }>(
        `SELECT c.cfgname AS name FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace WHERE n.nspname = $1 ORDER BY 1`,
        [schema],
      );
      expect(configs.map((row) => row.name)).to.deep.equal(['search_dutch', 'search_english', 'search_french', 'search_german']);
    });
  });
}

// No Elasticsearch server runs in this repository's CI or on a developer's machine by default:
// this run needs TEST_ELASTICSEARCH_URL (elasticsearch-search-index.unit.spec.ts checks the requests).
const elasticsearchUrl = process.env.TEST_ELASTICSEARCH_URL;
if (elasticsearchUrl) {
  searchIndexContract(
    'Elasticsearch',
    async () => {
      const client = new Client({ node: elasticsearchUrl });
      const prefix = `t_search_${randomBytes(6).toString('hex')}`;
      const index = new ElasticsearchSearchIndex({ client, prefix });
      dispose = async () => {
        // By name: Elasticsearch refuses to delete indices by wildcard (action.destructive_requires_name).
        const names = Object.keys(await client.indices.get({ index: `${prefix}-*` }));
        if (names.length > 0) await client.indices.delete({ index: names }, { ignore: [404] });
        await client.close();
      };
      return index;
    },
    disposeCurrent,
  );
}
