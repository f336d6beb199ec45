import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { languageOf, type FacetCount, type SearchTagRef } from '@pagelog/contracts/search/search';
import { buildSnippet, parseQuery, type QueryWord } from './analysis';
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

export interface ElasticsearchSearchIndexOptions {
  /** Owned by the caller: close() leaves it open. */
  client: Client;
  /** Lower-case start of every index and alias name this index makes (`pagelog` → `pagelog-public-g2`). */
  prefix: string;
}

/** Languages with a stemming analyser; a page of another language is found by its words as written. */
const stemmedLanguages = ['nl', 'en', 'de', 'fr'] as const;
type StemmedLanguage = (typeof stemmedLanguages)[number];
const snowballLanguage: Record<StemmedLanguage, string> = { nl: 'Dutch', en: 'English', de: 'German', fr: 'French' };

/** The text fields of a page, each with its boost: a title match must outrank a body full of the word. */
const fieldBoosts = { title: 10, slug: 4, tagNames: 3, description: 2, body: 1 } as const;
type TextField = keyof typeof fieldBoosts;
const textFields = Object.keys(fieldBoosts) as TextField[];
const titleSlugFields: TextField[] = ['title', 'slug'];

/** How many words one typed prefix or one misspelt word may expand to (as on the other engines). */
const maxExpansion = 64;
/** Tag facet entries answered at most (the most frequent). */
const maxTagFacets = 100;
/** Page type and locale facets: there are only a few of each. */
const maxFacetValues = 1000;
/** Joins a tag's id and name in the keyword the tag facet counts (neither holds control characters). */
const tagLabelSeparator = '\u001f';
/** Longer "words" (a pasted hash, a run of one letter) are not real words: no typo search for them. */
const maxTypoWordLength = 40;
/** idsWithTag reads the ids in pages of this many. */
const idPageSize = 1000;

/**
 * Index settings of every generation. The tokenizer splits text where analysis.ts's words() does
 * (at anything not a letter, digit or mark), so "l'été" and "jaarverslag-2023.pdf" split alike on
 * every engine; lowercase and asciifolding ignore case and accents; each language has its Snowball
 * stemmer, and Dutch folds the spelling alternations classic Snowball leaves apart, as stem() does
 * (final z → s, v → f, then -ies → -ie: adviezen/advies, brieven/brief, organisaties/organisatie).
 */
export const indexSettings: estypes.IndicesIndexSettings = {
  number_of_shards: 1,
  analysis: {
    tokenizer: {
      pagelog_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{M}]+' },
    },
    filter: {
      ...Object.fromEntries(
        stemmedLanguages.map((language) => [`pagelog_${language}_stemmer`, { type: 'snowball', language: snowballLanguage[language] }]),
      ),
      pagelog_nl_fold_z: { type: 'pattern_replace', pattern: '^(.{2,})z$', replacement: '$1s' },
      pagelog_nl_fold_v: { type: 'pattern_replace', pattern: '^(.{2,})v$', replacement: '$1f' },
      pagelog_nl_fold_ies: { type: 'pattern_replace', pattern: '^(.{2,}ie)s$', replacement: '$1' },
    },
    analyzer: {
      pagelog_plain: { type: 'custom', tokenizer: 'pagelog_words', filter: ['lowercase', 'asciifolding'] },
      ...Object.fromEntries(
        stemmedLanguages.map((language) => [
          `pagelog_${language}`,
          {
            type: 'custom',
            tokenizer: 'pagelog_words',
            filter: [
              'lowercase',
              'asciifolding',
              `pagelog_${language}_stemmer`,
              ...(language === 'nl' ? ['pagelog_nl_fold_z', 'pagelog_nl_fold_v', 'pagelog_nl_fold_ies'] : []),
            ],
          },
        ]),
      ),
    },
  },
};

const textMappings = (analyzer: string): Record<string, estypes.MappingProperty> =>
  Object.fromEntries(textFields.map((field) => [field, { type: 'text', analyzer }]));

/**
 * A page's text is indexed twice: as written (top-level fields, the plain analyser: prefixes and
 * typos are matched against words as people type them) and stemmed by its own language, in the
 * object named after it (`nl.title`), chosen when the page is written. Only the written text is
 * kept in _source.
 */
export const indexMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _source: { excludes: [...stemmedLanguages] },
  properties: {
    id: { type: 'keyword' },
    locale: { type: 'keyword' },
    pageType: { type: 'keyword' },
    date: { type: 'date' },
    tags: { type: 'object', enabled: false },
    tagIds: { type: 'keyword' },
    tagLabels: { type: 'keyword' },
    ...textMappings('pagelog_plain'),
    ...Object.fromEntries(stemmedLanguages.map((language) => [language, { properties: textMappings(`pagelog_${language}`) }])),
  },
};

/** The state index holds one document per target; it is only read by id. */
const stateMappings: estypes.MappingTypeMapping = { dynamic: false, properties: {} };

interface StateSource {
  checkpoint: number;
  active: number;
  building: number | null;
  /** JSON text: a partial update would merge an object into the old meta instead of replacing it. */
  meta: string;
  /** The process that claimed the target last (claim()); absent in documents made before. */
  holder?: string | null;
}

/** The state document as read, with what a conditional update of it needs. */
interface StoredState {
  state: TargetState;
  holder: string | null;
  seqNo: number;
  primaryTerm: number;
}

interface PageSource {
  id: string;
  locale: string;
  pageType: string;
  date: string | null;
  tags: SearchTagRef[];
  title: string;
  slug: string;
  description: string;
  body: string;
}

type Filters = Pick<IndexQuery, 'locales' | 'pageTypes' | 'tags'>;

/**
 * The search index in Elasticsearch. Each generation of a target is an index of its own
 * (`<prefix>-public-g2`); the alias `<prefix>-public` points at the active one, so activating a
 * rebuilt generation is one atomic alias move and searches read through the alias. A small state
 * index (`<prefix>-state`) keeps each target's checkpoint, active and building generation and
 * meta. A write sends the documents in one bulk request that waits for the refresh (searchable
 * when it returns), then the state: a crash between them repeats the write, which is idempotent.
 *
 * Queries are built from analysis.ts's parsed words, never from the term's syntax: each word must
 * match, as stemmed in any language or as the beginning of a word while typed; a word that finds
 * nothing as typed is tried with the typo rule's edit distance. Snippets are cut by buildSnippet,
 * as on the other engines, so every engine highlights the same words the same way.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  readonly engine = 'elasticsearch';
  private readonly client: Client;
  private readonly prefix: string;
  private readonly stateIndex: string;

  constructor(options: ElasticsearchSearchIndexOptions) {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(options.prefix)) throw new Error(`invalid Elasticsearch index prefix ${options.prefix}`);
    this.client = options.client;
    this.prefix = options.prefix;
    this.stateIndex = `${options.prefix}-state`;
  }

  async init(): Promise<void> {
    await es(async () => {
      if (!(await this.client.indices.exists({ index: this.stateIndex }))) {
        await ignoreAlreadyExists(this.client.indices.create({ index: this.stateIndex, settings: { number_of_shards: 1 }, mappings: stateMappings }));
      }
      for (const target of searchTargets) {
        const state = await this.readState(target);
        const active = state?.active ?? 1;
        // The index and its alias first: a state document always names an index that searches reach.
        if (!(await this.client.indices.exists({ index: this.indexName(target, active) }))) {
          await this.createGenerationIndex(target, active);
        }
        // Only a missing alias is set here: moving one that exists could undo an activation that
        // another process is making at this moment.
        if (!(await this.client.indices.existsAlias({ name: this.aliasName(target) }))) {
          await this.client.indices.updateAliases({ actions: this.aliasMove(target, active) });
        }
        if (state) continue;
        await ignoreConflict(
          this.client.create({
            index: this.stateIndex,
            id: target,
            document: { checkpoint: 0, active: 1, building: null, meta: '{}' } satisfies StateSource,
            refresh: 'wait_for',
          }),
        );
      }
    });
  }

  async state(target: SearchTarget): Promise<TargetState> {
    const state = await es(() => this.readState(target));
    if (!state) throw notInitialised(target);
    return state;
  }

  async write(target: SearchTarget, changes: IndexWrite): Promise<void> {
    await es(async () => {
      const stored = await this.held(target, changes.holder);
      const { state } = stored;
      const operations: estypes.BulkRequest['operations'] = [];
      for (const generation of new Set(changes.generations)) {
        if (generation !== state.active && generation !== state.building) {
          throw new Error(`search index ${target}: generation ${generation} is neither active nor being built`);
        }
        const index = this.indexName(target, generation);
        for (const id of changes.remove ?? []) operations.push({ delete: { _index: index, _id: id } });
        for (const document of changes.put ?? []) operations.push({ index: { _index: index, _id: document.id } }, toSource(document));
      }
      if (operations.length > 0) {
        const response = await this.client.bulk({ operations, refresh: 'wait_for' });
        if (response.errors) {
          // A delete of an id that is not there answers not_found without an error: that is fine.
          const failed = response.items.map((item) => Object.values(item)[0]).find((result) => result?.error);
          if (failed) throw new Error(`search index ${target}: bulk write failed: ${failed.error?.type}: ${failed.error?.reason ?? ''}`);
        }
      }
      if (changes.checkpoint !== undefined || changes.meta !== undefined) {
        const doc: Partial<StateSource> = {};
        if (changes.checkpoint !== undefined) doc.checkpoint = changes.checkpoint;
        if (changes.meta !== undefined) doc.meta = JSON.stringify(changes.meta);
        await this.updateState(target, doc, changes.holder === undefined ? undefined : stored);
      }
    });
  }

  async claim(target: SearchTarget, holder: string): Promise<void> {
    await es(async () => {
      if (!(await this.readState(target))) throw notInitialised(target);
      await this.updateState(target, { holder });
    });
  }

  async search(target: SearchTarget, query: IndexQuery): Promise<IndexAnswer> {
    const listing = query.term.trim() === '';
    const queryWords = listing ? [] : parseQuery(query.term, query.locales);
    // A term of punctuation and single letters only has nothing to look for.
    if (!listing && queryWords.length === 0) return emptyAnswer();
    return es(async () => {
      const index = this.aliasName(target);
      const first = await this.client.search<PageSource>(searchRequest(index, query, listing ? null : queryWords, new Set()));
      const typos = totalOf(first) === 0 ? await this.unmatchedWords(index, query, queryWords) : [];
      // Only a word that finds nothing as typed is tried with typos, as on the other engines; the
      // answer has matches only if every word has, so no typo is looked for when it has some.
      const answer = typos.length === 0 ? first : await this.client.search<PageSource>(searchRequest(index, query, queryWords, new Set(typos)));
      return toAnswer(answer, query, queryWords);
    });
  }

  async count(target: SearchTarget, generation?: number): Promise<number> {
    return es(async () => {
      const index = generation === undefined ? this.aliasName(target) : this.indexName(target, generation);
      return (await this.client.count({ index })).count;
    });
  }

  async idsWithTag(target: SearchTarget, tagId: string): Promise<string[]> {
    const { building } = await this.state(target);
    return es(async () => {
      // A page in both generations comes twice, side by side in the order by id.
      const ids = new Set<string>();
      const index = building === null ? this.aliasName(target) : `${this.aliasName(target)},${this.indexName(target, building)}`;
      let after: estypes.SortResults | undefined;
      for (;;) {
        const response = await this.client.search({
          index,
          query: { term: { tagIds: tagId } },
          _source: false,
          sort: [{ id: 'asc' }],
          size: idPageSize,
          ...(after ? { search_after: after } : {}),
        });
        for (const hit of response.hits.hits) ids.add(hit._id!);
        if (response.hits.hits.length < idPageSize) return [...ids];
        after = response.hits.hits.at(-1)!.sort;
      }
    });
  }

  async createGeneration(target: SearchTarget, holder?: string): Promise<number> {
    return es(async () => {
      const stored = await this.held(target, holder);
      const { state } = stored;
      // A build left behind (crashed, then started afresh) is replaced, never left to grow stale.
      if (state.building !== null) await this.client.indices.delete({ index: this.indexName(target, state.building) }, { ignore: [404] });
      const generation = Math.max(state.active, state.building ?? 0) + 1;
      // An index of this number left by a crash before its state was written may hold documents.
      await this.client.indices.delete({ index: this.indexName(target, generation) }, { ignore: [404] });
      await this.createGenerationIndex(target, generation);
      await this.updateState(target, { building: generation }, holder === undefined ? undefined : stored);
      return generation;
    });
  }

  async activate(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    await es(async () => {
      const stored = await this.held(target, holder);
      const { state } = stored;
      if (state.active !== generation && state.building !== generation) {
        throw new Error(`search index ${target}: generation ${generation} is not being built`);
      }
      // One atomic alias move: searches read the old generation up to it and the new one after.
      // Done again when the generation is active already, in case a crash came before it.
      await this.client.indices.updateAliases({ actions: this.aliasMove(target, generation) });
      if (state.active === generation) return;
      await this.updateState(target, { active: generation, building: null }, holder === undefined ? undefined : stored);
      await this.client.indices.delete({ index: this.indexName(target, state.active) }, { ignore: [404] });
    });
  }

  async dropGeneration(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    await es(async () => {
      const stored = await this.held(target, holder);
      const { state } = stored;
      if (state.active === generation) throw new Error(`search index ${target}: generation ${generation} is active and cannot be dropped`);
      await this.client.indices.delete({ index: this.indexName(target, generation) }, { ignore: [404] });
      if (state.building === generation) await this.updateState(target, { building: null }, holder === undefined ? undefined : stored);
    });
  }

  async clear(target: SearchTarget, generation: number, holder?: string): Promise<void> {
    await es(async () => {
      await this.held(target, holder);
      await this.client.deleteByQuery({ index: this.indexName(target, generation), query: { match_all: {} }, refresh: true, conflicts: 'proceed' });
    });
  }

  async close(): Promise<void> {
    // The client belongs to the caller.
  }

  /** Alias actions that leave `<prefix>-<target>` on this generation's index only. */
  private aliasMove(target: SearchTarget, generation: number): estypes.IndicesUpdateAliasesAction[] {
    const alias = this.aliasName(target);
    return [
      { remove: { index: `${this.prefix}-${target}-g*`, alias, must_exist: false } },
      { add: { index: this.indexName(target, generation), alias } },
    ];
  }

  private async createGenerationIndex(target: SearchTarget, generation: number): Promise<void> {
    await ignoreAlreadyExists(
      this.client.indices.create({ index: this.indexName(target, generation), settings: indexSettings, mappings: indexMappings }),
    );
  }

  /** Which words (each alone, under the filters) find nothing as typed: those are tried with typos. */
  private async unmatchedWords(index: string, query: IndexQuery, queryWords: QueryWord[]): Promise<string[]> {
    const fuzzy = queryWords.filter((word) => word.fuzzy && word.text.length <= maxTypoWordLength);
    if (fuzzy.length === 0) return [];
    const fields = query.fields === 'title-slug' ? titleSlugFields : textFields;
    const { responses } = await this.client.msearch({
      searches: fuzzy.flatMap((word) => [
        { index },
        {
          size: 0,
          terminate_after: 1,
          track_total_hits: true,
          query: { bool: { must: [wordClause(word, fields, false)], filter: filterClauses(query) } },
        },
      ]),
    });
    return fuzzy
      .filter((_, i) => {
        const response = responses[i]!;
        if ('error' in response) throw new Error(`search failed: ${response.error.type}: ${response.error.reason ?? ''}`);
        return totalOf(response) === 0;
      })
      .map((word) => word.text);
  }

  private async readState(target: SearchTarget): Promise<TargetState | null> {
    return (await this.readStored(target))?.state ?? null;
  }

  private async readStored(target: SearchTarget): Promise<StoredState | null> {
    const response = await this.client.get<StateSource>({ index: this.stateIndex, id: checkTarget(target) }, { ignore: [404] });
    if (!response.found || !response._source) return null;
    const source = response._source;
    return {
      state: { checkpoint: source.checkpoint, active: source.active, building: source.building, meta: JSON.parse(source.meta) as Record<string, unknown> },
      holder: source.holder ?? null,
      seqNo: response._seq_no ?? 0,
      primaryTerm: response._primary_term ?? 0,
    };
  }

  /** The state as read; with a holder, only while that holder has the target (else FencedOff). */
  private async held(target: SearchTarget, holder: string | undefined): Promise<StoredState> {
    const stored = await this.readStored(target);
    if (!stored) throw notInitialised(target);
    if (holder !== undefined && stored.holder !== holder) throw new FencedOff(target, holder);
    return stored;
  }

  /**
   * Partial updates: a write's checkpoint and a build's generation do not overwrite each other.
   * A fenced change (`read` given) only applies to the state document as it was read: a claim
   * in between makes it a version conflict, answered as FencedOff. Elasticsearch has no
   * transaction, so documents written before that state update stay (a write is idempotent).
   */
  private async updateState(target: SearchTarget, doc: Partial<StateSource>, read?: StoredState): Promise<void> {
    if (!read) {
      await this.client.update({ index: this.stateIndex, id: target, doc, retry_on_conflict: 5 });
      return;
    }
    try {
      await this.client.update({ index: this.stateIndex, id: target, doc, if_seq_no: read.seqNo, if_primary_term: read.primaryTerm });
    } catch (error) {
      if (error instanceof errors.ResponseError && error.statusCode === 409) throw new FencedOff(target, read.holder ?? '');
      throw error;
    }
  }

  private aliasName(target: SearchTarget): string {
    return `${this.prefix}-${checkTarget(target)}`;
  }

  private indexName(target: SearchTarget, generation: number): string {
    if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`invalid search index generation ${generation}`);
    return `${this.prefix}-${checkTarget(target)}-g${generation}`;
  }
}

/** The document as indexed: the page as written, and its text once more in its language's fields. */
export function toSource(document: SearchDocument): Record<string, unknown> {
  const text: Record<TextField, string> = {
    title: document.title,
    slug: document.slug,
    tagNames: document.tags.map((tag) => tag.name).join('\n'),
    description: document.description,
    body: document.body,
  };
  const language = languageOf(document.locale);
  return {
    id: document.id,
    locale: document.locale,
    pageType: document.pageType,
    date: document.date,
    tags: document.tags,
    tagIds: document.tags.map((tag) => tag.id),
    tagLabels: document.tags.map((tag) => `${tag.id}${tagLabelSeparator}${tag.name}`),
    ...text,
    ...((stemmedLanguages as readonly string[]).includes(language) ? { [language]: text } : {}),
  };
}

const boosted = (field: string, name: TextField) => `${field}^${fieldBoosts[name]}`;

/**
 * One word of the term: it matches when any language's stemmer makes of it what it makes of a
 * word of the page (each page has only its own language's fields, so it is matched by its own
 * stemmer), or a word as written; while typed, also the beginning of a word as written; and, when
 * it found nothing as typed, a word as written within the typo rule's distance (AUTO:5,8: one
 * edit from five letters, two from eight; transpositions count two, as in analysis.ts's rule).
 */
function wordClause(word: QueryWord, fields: TextField[], typos: boolean): estypes.QueryDslQueryContainer {
  const written = fields.map((field) => boosted(field, field));
  const should: estypes.QueryDslQueryContainer[] = [
    {
      multi_match: {
        query: word.text,
        type: 'best_fields',
        fields: [...written, ...stemmedLanguages.flatMap((language) => fields.map((field) => boosted(`${language}.${field}`, field)))],
      },
    },
  ];
  if (word.prefix) should.push({ multi_match: { query: word.text, type: 'bool_prefix', fields: written } });
  if (typos && word.fuzzy) {
    should.push({
      multi_match: {
        query: word.text,
        type: 'best_fields',
        fields: written,
        fuzziness: 'AUTO:5,8',
        fuzzy_transpositions: false,
        prefix_length: 0,
        max_expansions: maxExpansion,
      },
    });
  }
  return { bool: { should, minimum_should_match: 1 } };
}

function localeFilter(query: Filters): estypes.QueryDslQueryContainer[] {
  return query.locales.length > 0 ? [{ terms: { locale: query.locales } }] : [];
}

function pageTypeFilter(query: Filters): estypes.QueryDslQueryContainer[] {
  return query.pageTypes.length > 0 ? [{ terms: { pageType: query.pageTypes } }] : [];
}

/** Every one of the tags: one term filter each. */
function tagFilter(query: Filters): estypes.QueryDslQueryContainer[] {
  return [...new Set(query.tags)].map((tag) => ({ term: { tagIds: tag } }));
}

function filterClauses(query: Filters): estypes.QueryDslQueryContainer[] {
  return [...localeFilter(query), ...pageTypeFilter(query), ...tagFilter(query)];
}

/**
 * The search: the words in `query`, the filters in `post_filter` so that each facet's aggregation
 * can leave out its own filter (a filtered facet still lists the other values; tags are ANDed, so
 * the tag facet counts within every filter).
 */
export function searchRequest(index: string, query: IndexQuery, queryWords: QueryWord[] | null, typos: Set<string>): estypes.SearchRequest {
  const fields = query.fields === 'title-slug' ? titleSlugFields : textFields;
  const request: estypes.SearchRequest = {
    index,
    query: queryWords ? { bool: { must: queryWords.map((word) => wordClause(word, fields, typos.has(word.text))) } } : { match_all: {} },
    post_filter: { bool: { filter: filterClauses(query) } },
    sort: [
      ...(queryWords ? ['_score' as const] : []),
      { date: { order: 'desc', missing: '_last' } },
      { id: { order: 'desc' } },
    ],
    from: query.offset,
    size: query.count,
    track_total_hits: true,
  };
  if (query.fields === 'full') {
    request.aggs = {
      pageTypes: {
        filter: { bool: { filter: [...localeFilter(query), ...tagFilter(query)] } },
        aggs: { values: { terms: { field: 'pageType', size: maxFacetValues, order: [{ _count: 'desc' }, { _key: 'asc' }] } } },
      },
      locales: {
        filter: { bool: { filter: [...pageTypeFilter(query), ...tagFilter(query)] } },
        aggs: { values: { terms: { field: 'locale', size: maxFacetValues, order: [{ _count: 'desc' }, { _key: 'asc' }] } } },
      },
      tags: {
        filter: { bool: { filter: filterClauses(query) } },
        aggs: { values: { terms: { field: 'tagLabels', size: maxTagFacets * 2, order: [{ _count: 'desc' }, { _key: 'asc' }] } } },
      },
    };
  }
  return request;
}

interface Bucket {
  key: string;
  doc_count: number;
}

function bucketsOf(response: estypes.SearchResponse<PageSource>, name: string): Bucket[] {
  const aggregate = response.aggregations?.[name] as { values?: { buckets?: Bucket[] } } | undefined;
  return aggregate?.values?.buckets ?? [];
}

function toAnswer(response: estypes.SearchResponse<PageSource>, query: IndexQuery, queryWords: QueryWord[]): IndexAnswer {
  const hits = response.hits.hits.map((hit): IndexHit => {
    const page = hit._source!;
    const text = page.body.trim() !== '' ? page.body : page.description.trim() !== '' ? page.description : page.title;
    return {
      id: page.id,
      locale: page.locale,
      pageType: page.pageType,
      title: page.title,
      slug: page.slug,
      snippet: query.fields === 'title-slug' ? [] : buildSnippet(text, languageOf(page.locale), queryWords),
      date: page.date,
      tags: page.tags,
      score: queryWords.length > 0 ? (hit._score ?? 0) : 0,
    };
  });
  const facets: IndexAnswer['facets'] = { pageTypes: [], locales: [], tags: [] };
  if (query.fields === 'full') {
    facets.pageTypes = bucketsOf(response, 'pageTypes').map((bucket) => ({ value: bucket.key, count: bucket.doc_count }));
    facets.locales = bucketsOf(response, 'locales').map((bucket) => ({ value: bucket.key, count: bucket.doc_count }));
    facets.tags = tagFacet(bucketsOf(response, 'tags'));
  }
  return { total: totalOf(response), hits, facets };
}

/** Buckets of "id␟name": one entry per tag id (a rename being applied may show two names for a while). */
function tagFacet(buckets: Bucket[]): FacetCount[] {
  const byId = new Map<string, FacetCount>();
  for (const bucket of buckets) {
    const at = bucket.key.indexOf(tagLabelSeparator);
    const value = at < 0 ? bucket.key : bucket.key.slice(0, at);
    const label = at < 0 ? bucket.key : bucket.key.slice(at + 1);
    const entry = byId.get(value);
    if (entry) {
      entry.count += bucket.doc_count;
      if (label > entry.label!) entry.label = label;
    } else {
      byId.set(value, { value, label, count: bucket.doc_count });
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.count - a.count || compare(a.label!, b.label!) || compare(a.value, b.value))
    .slice(0, maxTagFacets);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function totalOf(response: { hits: { total?: estypes.SearchTotalHits | number } }): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}

function emptyAnswer(): IndexAnswer {
  return { total: 0, hits: [], facets: { pageTypes: [], locales: [], tags: [] } };
}

function checkTarget(target: SearchTarget): SearchTarget {
  if (!searchTargets.includes(target)) throw new Error(`unknown search target ${String(target)}`);
  return target;
}

function notInitialised(target: SearchTarget): Error {
  return new Error(`search index not initialised (no state for ${target}); call init() first`);
}

/** Elasticsearch cannot serve now (unreachable, overloaded): 503, the request may be sent again. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError || error instanceof errors.NoLivingConnectionsError) {
    return true;
  }
  return error instanceof errors.ResponseError && [429, 502, 503, 504].includes(error.statusCode ?? 0);
}

async function es<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}

/** Several processes may create the same index at once; the loser's error means it is there. */
async function ignoreAlreadyExists(creating: Promise<unknown>): Promise<void> {
  try {
    await creating;
  } catch (error) {
    if (error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception') return;
    throw error;
  }
}

async function ignoreConflict(creating: Promise<unknown>): Promise<void> {
  try {
    await creating;
  } catch (error) {
    if (error instanceof errors.ResponseError && error.statusCode === 409) return;
    throw error;
  }
}
