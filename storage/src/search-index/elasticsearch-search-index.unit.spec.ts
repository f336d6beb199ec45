import { expect } from 'chai';
import { errors, type Client } from '@elastic/elasticsearch';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { snowballStem, stem } from './analysis';
import { ElasticsearchSearchIndex, indexSettings } from './elasticsearch-search-index';
import { FencedOff, type IndexQuery, type SearchDocument } from './search-index';

/* eslint-disable @typescript-eslint/no-explicit-any -- the fake stands in for the client's wide request types */

interface Call {
  method: string;
  params: any;
}

/**
 * Stands in for the Elasticsearch client: records every request and keeps just enough state
 * (indices, aliases, the state documents) for init, writes and generation changes to run; search
 * answers are queued by each test.
 */
class FakeClient {
  readonly calls: Call[] = [];
  readonly indexNames = new Set<string>();
  readonly aliases = new Map<string, string[]>();
  readonly stateDocs = new Map<string, any>();
  /** Each state document's sequence number, moved by every change of it, as Elasticsearch does. */
  readonly seqNos = new Map<string, number>();
  readonly searchAnswers: any[] = [];
  /** Unless a test says otherwise, every word checked alone finds something. */
  msearchAnswer: any = null;
  bulkAnswer: any = { errors: false, items: [] };
  failWith: unknown = null;

  private record(method: string, params: any): void {
    this.calls.push({ method, params });
    if (this.failWith) throw this.failWith;
  }

  callsOf(method: string): any[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.params);
  }

  readonly indices = {
    exists: async (params: any) => {
      this.record('indices.exists', params);
      return this.indexNames.has(params.index);
    },
    existsAlias: async (params: any) => {
      this.record('indices.existsAlias', params);
      return [...this.aliases.values()].some((names) => names.includes(params.name));
    },
    create: async (params: any) => {
      this.record('indices.create', params);
      this.indexNames.add(params.index);
      return { acknowledged: true };
    },
    delete: async (params: any) => {
      this.record('indices.delete', params);
      this.indexNames.delete(params.index);
      this.aliases.delete(params.index);
      return { acknowledged: true };
    },
    updateAliases: async (params: any) => {
      this.record('indices.updateAliases', params);
      for (const action of params.actions) {
        if (action.remove) {
          const pattern = new RegExp(`^${action.remove.index.replace(/\*/g, '.*')}$`);
          for (const [index, names] of this.aliases) if (pattern.test(index)) this.aliases.set(index, names.filter((n) => n !== action.remove.alias));
        }
        if (action.add) this.aliases.set(action.add.index, [...(this.aliases.get(action.add.index) ?? []), action.add.alias]);
      }
      return { acknowledged: true };
    },
  };

  async get(params: any) {
    this.record('get', params);
    const source = this.stateDocs.get(params.id);
    return source ? { found: true, _source: { ...source }, _seq_no: this.seqNos.get(params.id) ?? 0, _primary_term: 1 } : { found: false };
  }

  async create(params: any) {
    this.record('create', params);
    this.stateDocs.set(params.id, { ...params.document });
    this.seqNos.set(params.id, 0);
    return { result: 'created' };
  }

  async update(params: any) {
    this.record('update', params);
    const seqNo = this.seqNos.get(params.id) ?? 0;
    if (params.if_seq_no !== undefined && params.if_seq_no !== seqNo) {
      throw new errors.ResponseError({ statusCode: 409, body: { error: { type: 'version_conflict_engine_exception' } }, headers: {}, warnings: [], meta: {} as any });
    }
    this.stateDocs.set(params.id, { ...this.stateDocs.get(params.id), ...params.doc });
    this.seqNos.set(params.id, seqNo + 1);
    return { result: 'updated' };
  }

  async bulk(params: any) {
    this.record('bulk', params);
    return this.bulkAnswer;
  }

  async search(params: any) {
    this.record('search', params);
    return this.searchAnswers.shift() ?? answer([]);
  }

  async msearch(params: any) {
    this.record('msearch', params);
    return this.msearchAnswer ?? { responses: params.searches.filter((_: unknown, i: number) => i % 2 === 1).map(() => answer([{ id: 'x' }])) };
  }

  async count(params: any) {
    this.record('count', params);
    return { count: 0 };
  }

  async deleteByQuery(params: any) {
    this.record('deleteByQuery', params);
    return { deleted: 0 };
  }
}

/** A search answer as Elasticsearch gives it. */
function answer(pages: Partial<SearchDocument>[], options: { total?: number; aggregations?: any } = {}) {
  return {
    hits: {
      total: { value: options.total ?? pages.length, relation: 'eq' },
      hits: pages.map((page, i) => ({
        _id: page.id,
        _score: 10 - i,
        _source: { pageType: 'article', slug: page.id, description: '', body: '', tags: [], date: null, ...page },
      })),
    },
    ...(options.aggregations ? { aggregations: options.aggregations } : {}),
  };
}

const query = (term: string, options: Partial<IndexQuery> = {}): IndexQuery => ({
  term,
  locales: [],
  pageTypes: [],
  tags: [],
  count: 10,
  offset: 0,
  fields: 'full',
  ...options,
});

/** Every leaf query of a kind in a request's query tree. */
function collect(node: any, key: string, found: any[] = []): any[] {
  if (Array.isArray(node)) for (const item of node) collect(item, key, found);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) found.push(v);
      collect(v, key, found);
    }
  }
  return found;
}

describe('Elasticsearch search index requests', () => {
  let client: FakeClient;
  let index: ElasticsearchSearchIndex;

  beforeEach(async () => {
    client = new FakeClient();
    index = new ElasticsearchSearchIndex({ client: client as unknown as Client, prefix: 'site' });
    await index.init();
  });

  describe('when the index is set up', () => {
    it('makes a state index and a first generation per target with the language analysers, behind an alias', () => {
      const created = client.callsOf('indices.create').map((params) => params.index);
      expect(created).to.deep.equal(['site-state', 'site-public-g1', 'site-admin-g1']);
      const publicIndex = client.callsOf('indices.create')[1];
      const analyzers = publicIndex.settings.analysis.analyzer;
      expect(analyzers.pagelog_nl.filter).to.deep.equal([
        'lowercase', 'asciifolding', 'pagelog_nl_stemmer', 'pagelog_nl_fold_z', 'pagelog_nl_fold_v', 'pagelog_nl_fold_ies',
      ]);
      expect(analyzers.pagelog_en.filter).to.deep.equal(['lowercase', 'asciifolding', 'pagelog_en_stemmer']);
      const filters = publicIndex.settings.analysis.filter;
      expect(filters.pagelog_nl_stemmer).to.deep.equal({ type: 'snowball', language: 'Dutch' });
      expect(filters.pagelog_de_stemmer).to.deep.equal({ type: 'snowball', language: 'German' });
      expect(filters.pagelog_fr_stemmer).to.deep.equal({ type: 'snowball', language: 'French' });
      const properties = publicIndex.mappings.properties;
      expect(properties.title).to.deep.equal({ type: 'text', analyzer: 'pagelog_plain' });
      expect(properties.nl.properties.body).to.deep.equal({ type: 'text', analyzer: 'pagelog_nl' });
      expect(properties.fr.properties.title).to.deep.equal({ type: 'text', analyzer: 'pagelog_fr' });
      expect(properties.tagIds).to.deep.equal({ type: 'keyword' });
      expect(client.aliases.get('site-public-g1')).to.deep.equal(['site-public']);
      expect(client.aliases.get('site-admin-g1')).to.deep.equal(['site-admin']);
    });

    it('starts each target at checkpoint 0 with generation 1 active, and a second init changes nothing', async () => {
      expect(await index.state('public')).to.deep.equal({ checkpoint: 0, active: 1, building: null, meta: {} });
      const before = client.calls.length;
      await index.init();
      const again = client.calls.slice(before).map((call) => call.method);
      expect(again).to.not.include('indices.create');
      expect(again).to.not.include('indices.updateAliases');
      expect(again).to.not.include('create');
    });
  });

  describe('when the Dutch analyser folds spelling variants', () => {
    it('makes of a Snowball stem what analysis.ts makes of the word', () => {
      const filters = indexSettings.analysis!.filter as Record<string, { pattern: string; replacement: string }>;
      const fold = (token: string) =>
        ['pagelog_nl_fold_z', 'pagelog_nl_fold_v', 'pagelog_nl_fold_ies'].reduce(
          (text, name) => text.replace(new RegExp(filters[name]!.pattern, 'u'), filters[name]!.replacement),
          token,
        );
      const sample = ['adviezen', 'advies', 'huizen', 'huis', 'brieven', 'brief', 'organisaties', 'organisatie', 'reizen', 'zz', 'uv', 'ies', 'onderzoek'];
      for (const word of sample) expect(fold(snowballStem('nl', word)), word).to.equal(stem('nl', word));
    });
  });

  describe('when a search is asked', () => {
    it('needs every word, stemmed in any language or as written, the last one also as a prefix, title boosted', async () => {
      await index.search('public', query('Adviezen huiz'));
      const [request] = client.callsOf('search');
      expect(request.index).to.equal('site-public');
      const words = request.query.bool.must;
      expect(words).to.have.length(2);
      const [first, last] = words.map((word: any) => word.bool.should);
      expect(first).to.have.length(1);
      expect(first[0].multi_match).to.include({ query: 'adviezen', type: 'best_fields' });
      expect(first[0].multi_match.fields).to.include.members(['title^10', 'body^1', 'nl.title^10', 'nl.body^1', 'en.description^2', 'de.tagNames^3', 'fr.slug^4']);
      expect(last[1].multi_match).to.deep.equal({ query: 'huiz', type: 'bool_prefix', fields: ['title^10', 'slug^4', 'tagNames^3', 'description^2', 'body^1'] });
      expect(collect(request.query, 'fuzziness')).to.deep.equal([]);
      expect(request).to.include({ from: 0, size: 10, track_total_hits: true });
      expect(request.sort).to.deep.equal(['_score', { date: { order: 'desc', missing: '_last' } }, { id: { order: 'desc' } }]);
    });

    it('filters after matching and counts each facet without its own filter', async () => {
      await index.search('public', query('utrecht ', { locales: ['nl-nl'], pageTypes: ['article'], tags: ['t1', 't2'], count: 5, offset: 10 }));
      const [request] = client.callsOf('search');
      const locale = { terms: { locale: ['nl-nl'] } };
      const pageType = { terms: { pageType: ['article'] } };
      const tags = [{ term: { tagIds: 't1' } }, { term: { tagIds: 't2' } }];
      expect(request.post_filter).to.deep.equal({ bool: { filter: [locale, pageType, ...tags] } });
      expect(request.aggs.pageTypes.filter).to.deep.equal({ bool: { filter: [locale, ...tags] } });
      expect(request.aggs.locales.filter).to.deep.equal({ bool: { filter: [pageType, ...tags] } });
      expect(request.aggs.tags.filter).to.deep.equal({ bool: { filter: [locale, pageType, ...tags] } });
      expect(request.aggs.pageTypes.aggs.values.terms).to.include({ field: 'pageType' });
      expect(request.aggs.tags.aggs.values.terms).to.include({ field: 'tagLabels' });
      expect(request).to.include({ from: 10, size: 5 });
    });

    it('lists newest first without a query for an empty term, and asks nothing for a term without words', async () => {
      await index.search('public', query('  '));
      const [request] = client.callsOf('search');
      expect(request.query).to.deep.equal({ match_all: {} });
      expect(request.sort).to.deep.equal([{ date: { order: 'desc', missing: '_last' } }, { id: { order: 'desc' } }]);
      expect(await index.search('public', query('" * ('))).to.deep.equal({ total: 0, hits: [], facets: { pageTypes: [], locales: [], tags: [] } });
      expect(client.callsOf('search')).to.have.length(1);
    });

    it('searches titles and slugs only, without facets, for the admin', async () => {
      await index.search('admin', query('jaarv', { fields: 'title-slug' }));
      const [request] = client.callsOf('search');
      expect(request.index).to.equal('site-admin');
      const fields = collect(request.query, 'fields').flat();
      expect(fields.every((field: string) => /(^|\.)(title|slug)\^/.test(field))).to.equal(true);
      expect(request.aggs).to.equal(undefined);
    });

    it('tries with typos only the long words that find nothing as typed, when nothing was found', async () => {
      client.searchAnswers.push(answer([]), answer([{ id: 'p1', locale: 'nl-nl', title: 'Onderzoek', body: 'Dit onderzoek gaat over gemeenten.' }]));
      client.msearchAnswer = { responses: [{ hits: { total: { value: 1 }, hits: [] } }, { hits: { total: { value: 0 }, hits: [] } }] };
      const found = await index.search('public', query('onderzoek gemeentn ', { locales: ['nl-nl'] }));

      const [check] = client.callsOf('msearch');
      expect(check.searches).to.have.length(4);
      expect(check.searches[0]).to.deep.equal({ index: 'site-public' });
      expect(check.searches[1]).to.include({ size: 0, terminate_after: 1 });
      expect(check.searches[1].query.bool.filter).to.deep.equal([{ terms: { locale: ['nl-nl'] } }]);
      const [, retry] = client.callsOf('search');
      const [exact, typo] = retry.query.bool.must;
      expect(collect(exact, 'fuzziness')).to.deep.equal([]);
      expect(collect(typo, 'multi_match')[1]).to.include({ query: 'gemeentn', fuzziness: 'AUTO:5,8', fuzzy_transpositions: false });
      expect(found.hits.map((hit) => hit.id)).to.deep.equal(['p1']);
      expect(found.hits[0]!.snippet.filter((part) => part.highlight).map((part) => part.text)).to.deep.equal(['onderzoek', 'gemeenten']);
    });

    it('does not look for typos when the words found something, or are shorter than five letters', async () => {
      client.searchAnswers.push(answer([{ id: 'p1', locale: 'nl-nl', title: 'Onderzoek' }]));
      await index.search('public', query('onderzoek '));
      await index.search('public', query('hyis '));
      expect(client.callsOf('msearch')).to.deep.equal([]);
      expect(client.callsOf('search')).to.have.length(2);
    });

    it('answers hits, snippets as text parts and facets from the aggregations', async () => {
      client.searchAnswers.push(
        answer(
          [{ id: 'p1', locale: 'nl-nl', title: 'Advies', body: 'Een <b>advies</b> over huizen.', date: '2024-05-10', tags: [{ id: 't1', name: 'Wonen' }] }],
          {
            total: 3,
            aggregations: {
              pageTypes: { doc_count: 3, values: { buckets: [{ key: 'article', doc_count: 2 }, { key: 'news', doc_count: 1 }] } },
              locales: { doc_count: 3, values: { buckets: [{ key: 'nl-nl', doc_count: 3 }] } },
              tags: {
                doc_count: 3,
                values: {
                  buckets: [
                    { key: 't1\u001fWonen', doc_count: 2 },
                    { key: 't2\u001fKlimaat', doc_count: 1 },
                    { key: 't1\u001fWoningen', doc_count: 1 },
                  ],
                },
              },
            },
          },
        ),
      );
      const found = await index.search('public', query('adviezen '));
      expect(found.total).to.equal(3);
      expect(found.hits[0]).to.deep.include({ id: 'p1', locale: 'nl-nl', title: 'Advies', date: '2024-05-10', score: 10, tags: [{ id: 't1', name: 'Wonen' }] });
      expect(found.hits[0]!.snippet).to.deep.equal([
        { text: 'Een <b>', highlight: false },
        { text: 'advies', highlight: true },
        { text: '</b> over huizen.', highlight: false },
      ]);
      expect(found.facets).to.deep.equal({
        pageTypes: [{ value: 'article', count: 2 }, { value: 'news', count: 1 }],
        locales: [{ value: 'nl-nl', count: 3 }],
        // A rename being applied shows two names for a while: one entry, the greatest name (as on the other engines).
        tags: [{ value: 't1', label: 'Woningen', count: 3 }, { value: 't2', label: 'Klimaat', count: 1 }],
      });
    });
  });

  describe('when pages are written', () => {
    const page: SearchDocument = {
      id: 'p1', locale: 'nl-nl', pageType: 'article', title: 'Adviezen', slug: 'adviezen', description: 'Over huizen',
      body: 'Tekst', tags: [{ id: 't1', name: 'Wonen' }], date: '2024-01-02',
    };

    it('sends removals and pages to every named generation in one bulk that waits for the refresh, then the state', async () => {
      const building = await index.createGeneration('public');
      await index.write('public', { put: [page], remove: ['gone'], generations: [1, building], checkpoint: 9, meta: { a: { b: 1 } } });
      const [bulk] = client.callsOf('bulk');
      expect(bulk.refresh).to.equal('wait_for');
      const operations = bulk.operations;
      expect(operations[0]).to.deep.equal({ delete: { _index: 'site-public-g1', _id: 'gone' } });
      expect(operations[1]).to.deep.equal({ index: { _index: 'site-public-g1', _id: 'p1' } });
      expect(operations[2]).to.deep.include({ id: 'p1', locale: 'nl-nl', pageType: 'article', tagIds: ['t1'], title: 'Adviezen', date: '2024-01-02' });
      expect(operations[2].nl).to.deep.equal({ title: 'Adviezen', slug: 'adviezen', tagNames: 'Wonen', description: 'Over huizen', body: 'Tekst' });
      expect(operations[2]).to.not.have.property('en');
      expect(operations[3]).to.deep.equal({ delete: { _index: `site-public-g${building}`, _id: 'gone' } });
      expect(operations[4]).to.deep.equal({ index: { _index: `site-public-g${building}`, _id: 'p1' } });
      expect(operations[5]).to.deep.equal(operations[2]);
      const methods = client.calls.map((call) => call.method);
      expect(methods.lastIndexOf('update')).to.be.greaterThan(methods.lastIndexOf('bulk'));
      expect(await index.state('public')).to.deep.equal({ checkpoint: 9, active: 1, building, meta: { a: { b: 1 } } });
    });

    it('replaces the meta as a whole rather than merging it into the old one', async () => {
      await index.write('public', { generations: [1], meta: { a: 1, b: 2 } });
      await index.write('public', { generations: [1], meta: { c: 3 } });
      expect((await index.state('public')).meta).to.deep.equal({ c: 3 });
      expect(client.callsOf('bulk')).to.deep.equal([]);
    });

    it('refuses a generation that is neither active nor being built, and a bulk with a failed item', async () => {
      const refused = await index.write('public', { put: [page], generations: [4] }).catch((error: Error) => error);
      expect(refused).to.be.instanceOf(Error);
      expect(client.callsOf('bulk')).to.deep.equal([]);
      client.bulkAnswer = {
        errors: true,
        items: [{ delete: { status: 404, result: 'not_found' } }, { index: { status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad date' } } }],
      };
      const failed = await index.write('public', { put: [page], remove: ['x'], generations: [1], checkpoint: 3 }).catch((error: Error) => error);
      expect((failed as Error).message).to.contain('mapper_parsing_exception');
      expect((await index.state('public')).checkpoint).to.equal(0);
    });
  });

  describe('when a rebuilt generation is activated', () => {
    it('moves the alias in one request, records the generation and drops the old index', async () => {
      const building = await index.createGeneration('public');
      expect(client.callsOf('indices.create').at(-1).index).to.equal(`site-public-g${building}`);
      await index.activate('public', building);
      const move = client.callsOf('indices.updateAliases').at(-1);
      expect(move.actions).to.deep.equal([
        { remove: { index: 'site-public-g*', alias: 'site-public', must_exist: false } },
        { add: { index: `site-public-g${building}`, alias: 'site-public' } },
      ]);
      expect(client.aliases.get(`site-public-g${building}`)).to.deep.equal(['site-public']);
      expect(await index.state('public')).to.deep.include({ active: building, building: null });
      expect(client.callsOf('indices.delete').at(-1).index).to.equal('site-public-g1');
      const methods = client.calls.map((call) => call.method);
      expect(methods.lastIndexOf('indices.delete')).to.be.greaterThan(methods.lastIndexOf('indices.updateAliases'));
    });

    it('refuses a generation that is not being built, and drops an abandoned build', async () => {
      const refused = await index.activate('public', 7).catch((error: Error) => error);
      expect(refused).to.be.instanceOf(Error);
      const building = await index.createGeneration('public');
      await index.dropGeneration('public', building);
      expect(client.callsOf('indices.delete').at(-1).index).to.equal(`site-public-g${building}`);
      expect(await index.state('public')).to.deep.include({ active: 1, building: null });
      const active = await index.dropGeneration('public', 1).catch((error: Error) => error);
      expect(active).to.be.instanceOf(Error);
    });
  });

  describe('when a target is claimed (the fence behind the runner lease)', () => {
    const page: SearchDocument = {
      id: 'p1', locale: 'nl-nl', pageType: 'article', title: 'Adviezen', slug: 'adviezen', description: '', body: 'Tekst', tags: [], date: null,
    };

    it('writes in a holder name only while it holds the target, the state updated only as it was read', async () => {
      await index.claim('public', 'process-a');
      expect(client.callsOf('update').at(-1)).to.deep.include({ id: 'public', doc: { holder: 'process-a' } });
      await index.write('public', { put: [page], generations: [1], checkpoint: 4, holder: 'process-a' });
      const conditional = client.callsOf('update').at(-1);
      expect(conditional).to.deep.include({ id: 'public', doc: { checkpoint: 4 }, if_seq_no: 1, if_primary_term: 1 });
      expect(conditional.retry_on_conflict).to.equal(undefined);

      await index.claim('public', 'process-b');
      const bulks = client.callsOf('bulk').length;
      const late = await index.write('public', { put: [page], generations: [1], checkpoint: 3, holder: 'process-a' }).catch((error: Error) => error);
      expect(late).to.be.instanceOf(FencedOff);
      // Refused before any document was sent.
      expect(client.callsOf('bulk')).to.have.length(bulks);
      expect(await index.createGeneration('public', 'process-a').catch((error: Error) => error)).to.be.instanceOf(FencedOff);
      expect((await index.state('public')).checkpoint).to.equal(4);
    });

    it('refuses a state update when the target was claimed between reading and updating it', async () => {
      await index.claim('public', 'process-a');
      // Another process claims the target while this one's bulk is on its way.
      const bulk = client.bulk.bind(client);
      client.bulk = async (params: any) => {
        const answered = await bulk(params);
        await client.update({ index: 'x', id: 'public', doc: { holder: 'process-b' } });
        return answered;
      };
      const late = await index.write('public', { put: [page], generations: [1], checkpoint: 9, holder: 'process-a' }).catch((error: Error) => error);
      expect(late).to.be.instanceOf(FencedOff);
      expect((await index.state('public')).checkpoint).to.equal(0);
    });
  });

  describe('when Elasticsearch cannot be reached', () => {
    it('answers StoreUnavailableError, and leaves other errors as they are', async () => {
      client.failWith = new errors.ConnectionError('connect ECONNREFUSED');
      const unreachable = await index.search('public', query('onderzoek')).catch((error: Error) => error);
      expect(unreachable).to.be.instanceOf(StoreUnavailableError);
      client.failWith = new Error('a bug');
      const bug = await index.count('public').catch((error: Error) => error);
      expect(bug).to.not.be.instanceOf(StoreUnavailableError);
    });
  });
});
