import { expect } from 'chai';
import { FencedOff, type IndexAnswer, type IndexQuery, type SearchDocument, type SearchIndex, type SearchTarget } from './search-index';

/** A page as the projection would hand it over; only what a case needs is given. */
function page(fields: Partial<SearchDocument> & Pick<SearchDocument, 'id' | 'locale' | 'title'>): SearchDocument {
  return { pageType: 'article', slug: fields.id, description: '', body: '', tags: [], date: null, ...fields };
}

const klimaat = { id: 'tag-klimaat', name: 'Klimaat' };
const wonen = { id: 'tag-wonen', name: 'Wonen' };
const climate = { id: 'tag-climate', name: 'Climate' };

/** Realistic small pages in Dutch, English, German and French; "Utrecht" is in five of them, for facets. */
const pages: SearchDocument[] = [
  page({
    id: 'nl-onderzoek',
    locale: 'nl-nl',
    title: 'Onderzoek naar duurzaamheid in de stad',
    slug: 'onderzoek-duurzaamheid',
    description: 'Wat gemeenten doen voor een groene toekomst.',
    body:
      'Dit onderzoek laat zien hoe gemeenten als Utrecht hun beleid vormgeven.\n' +
      'Groene daken, minder auto’s en meer bomen in de straat: de aanpak verschilt per wijk.',
    tags: [klimaat],
    date: '2024-03-01',
  }),
  page({
    id: 'nl-advies',
    locale: 'nl-nl',
    pageType: 'publication',
    title: 'Betaalbaar wonen in de regio',
    slug: 'betaalbaar-wonen',
    description: 'Een advies aan het kabinet.',
    body: 'De raad geeft een advies over betaalbare huizen en de bouw van nieuwe wijken rond Utrecht.',
    tags: [wonen],
    date: '2024-05-10',
  }),
  page({
    id: 'nl-brieven',
    locale: 'nl-nl',
    title: 'Brieven aan de minister',
    slug: 'brieven-minister',
    body: 'Veertig organisaties uit Utrecht schreven de minister over klimaat en woningbouw.',
    tags: [klimaat, wonen],
    date: '2023-11-20',
  }),
  page({
    id: 'nl-cafe',
    locale: 'nl-nl',
    pageType: 'news',
    title: 'Een middag in het café',
    slug: 'middag-cafe',
    body: 'Bewoners praatten bij koffie over de plannen voor hun buurt.',
    date: null,
  }),
  page({
    id: 'en-research',
    locale: 'en-gb',
    title: 'Researching greener cities',
    slug: 'researching-greener-cities',
    body: 'Our studies in Utrecht and Leeds compare green roofs, cycling and tree planting.',
    tags: [climate],
    date: '2024-01-15',
  }),
  page({
    id: 'en-agenda',
    locale: 'en-gb',
    pageType: 'publication',
    title: 'Research agenda 2025',
    slug: 'research-agenda-2025',
    body: 'Topics we will look at in the coming years.',
    date: '2024-09-02',
  }),
  page({
    id: 'en-annual',
    locale: 'en-gb',
    pageType: 'publication',
    title: 'Annual report',
    slug: 'annual-report',
    body: 'Research, research and more research: the annual report describes our research in Utrecht.',
    date: '2022-06-30',
  }),
  page({
    id: 'de-forschung',
    locale: 'de-de',
    title: 'Forschung in Berlin',
    slug: 'forschung-berlin',
    body: 'Ein Haus am Wannsee und die Frage, wie wir künftig wohnen.',
    date: '2021-04-12',
  }),
  page({
    id: 'fr-recherche',
    locale: 'fr-fr',
    title: 'La recherche urbaine',
    slug: 'recherche-urbaine',
    body: 'Les etudes montrent que le logement reste une priorite.',
    date: '2020-02-03',
  }),
];

const ids = (answer: IndexAnswer) => answer.hits.map((hit) => hit.id);
const highlightedWords = (answer: IndexAnswer, id: string) =>
  answer.hits
    .find((hit) => hit.id === id)!
    .snippet.filter((part) => part.highlight)
    .map((part) => part.text.toLowerCase());

/**
 * The behaviour every search-index adapter must show. `open` gives a fresh, empty index (its own
 * file, schema or index prefix) for each test; `close` releases what it made.
 */
export function searchIndexContract(name: string, open: () => Promise<SearchIndex>, close?: () => Promise<void>): void {
  describe(`search index contract: ${name}`, function () {
    // Engines with a refresh interval or a network hop need more than mocha's default.
    this.timeout(30_000);
    let index: SearchIndex;

    beforeEach(async () => {
      index = await open();
      await index.init();
    });

    afterEach(async () => {
      await index.close();
      await close?.();
    });

    const search = (term: string, query: Partial<IndexQuery> = {}, target: SearchTarget = 'public') =>
      index.search(target, { term, locales: [], pageTypes: [], tags: [], count: 20, offset: 0, fields: 'full', ...query });

    async function seed(target: SearchTarget = 'public', docs = pages): Promise<number> {
      const { active } = await index.state(target);
      await index.write(target, { put: docs, generations: [active], checkpoint: 1 });
      return active;
    }

    describe('when the index is new', () => {
      it('has generation 1 active, nothing building, checkpoint 0 and an empty meta, for each target', async () => {
        for (const target of ['public', 'admin'] as const) {
          expect(await index.state(target)).to.deep.equal({ checkpoint: 0, active: 1, building: null, meta: {} });
          expect(await index.count(target)).to.equal(0);
        }
      });

      it('answers a search with nothing, and init again keeps what was written', async () => {
        expect(await search('onderzoek')).to.deep.equal({ total: 0, hits: [], facets: { pageTypes: [], locales: [], tags: [] } });
        await seed();
        await index.init();
        expect(await index.count('public')).to.equal(pages.length);
      });
    });

    describe('when pages in four languages are indexed', () => {
      beforeEach(async () => {
        await seed();
      });

      const stemmed: [string, string, string][] = [
        ['nl-nl', 'onderzoeken', 'nl-onderzoek'],
        ['nl-nl', 'adviezen', 'nl-advies'],
        ['nl-nl', 'huis', 'nl-advies'],
        ['nl-nl', 'brief', 'nl-brieven'],
        ['nl-nl', 'organisatie', 'nl-brieven'],
        ['en-gb', 'research', 'en-research'],
        ['en-gb', 'study', 'en-research'],
        ['de-de', 'Forschungen', 'de-forschung'],
        ['de-de', 'Häuser', 'de-forschung'],
        ['fr-fr', 'recherches', 'fr-recherche'],
        ['fr-fr', 'étude', 'fr-recherche'],
      ];
      for (const [locale, term, id] of stemmed) {
        it(`finds ${id} by another form of its word: "${term}" (${locale})`, async () => {
          expect(ids(await search(`${term} `, { locales: [locale] }))).to.include(id);
        });
      }

      it('stems in every language when no locale is given', async () => {
        expect(ids(await search('onderzoeken '))).to.deep.equal(['nl-onderzoek']);
        expect(ids(await search('adviezen '))).to.deep.equal(['nl-advies']);
        expect(ids(await search('Forschungen '))).to.deep.equal(['de-forschung']);
      });

      it('ignores accents on either side', async () => {
        expect(ids(await search('cafe '))).to.deep.equal(['nl-cafe']);
        expect(ids(await search('CAFÉ '))).to.deep.equal(['nl-cafe']);
        expect(ids(await search('études '))).to.deep.equal(['fr-recherche']);
        expect(ids(await search('kunftig '))).to.deep.equal(['de-forschung']);
      });

      it('finds a word of five letters or more with a typo in it', async () => {
        expect(ids(await search('onderzeok ', { locales: ['nl-nl'] }))).to.deep.equal(['nl-onderzoek']);
        expect(ids(await search('duurzaamheit ', { locales: ['nl-nl'] }))).to.deep.equal(['nl-onderzoek']);
        expect(ids(await search('gemeentn '))).to.deep.equal(['nl-onderzoek']);
      });

      it('does not let a short word with a typo match what it resembles', async () => {
        expect((await search('hyis ', { locales: ['nl-nl'] })).total).to.equal(0);
        expect((await search('raaf ', { locales: ['nl-nl'] })).total).to.equal(0);
      });

      it('treats the last word as a prefix while it is being typed', async () => {
        expect(ids(await search('duurza', { locales: ['nl-nl'] }))).to.deep.equal(['nl-onderzoek']);
        expect(ids(await search('duurzaamh'))).to.deep.equal(['nl-onderzoek']);
        expect(ids(await search('betaalbaar wo', { locales: ['nl-nl'] }))).to.deep.equal(['nl-advies']);
      });

      it('needs every word of the term', async () => {
        expect(ids(await search('onderzoek bomen '))).to.deep.equal(['nl-onderzoek']);
        expect((await search('onderzoek wannsee ')).total).to.equal(0);
      });

      it('ranks a title match above a match in the body only', async () => {
        const found = ids(await search('research ', { locales: ['en-gb'] }));
        expect(found).to.have.members(['en-research', 'en-agenda', 'en-annual']);
        expect(found[2]).to.equal('en-annual');
      });

      it('answers what a hit shows, with a higher score for a better match', async () => {
        const answer = await search('research ', { locales: ['en-gb'] });
        const agenda = answer.hits.find((hit) => hit.id === 'en-agenda')!;
        expect(agenda).to.include({ locale: 'en-gb', pageType: 'publication', title: 'Research agenda 2025', slug: 'research-agenda-2025', date: '2024-09-02' });
        expect(agenda.tags).to.deep.equal([]);
        const scores = answer.hits.map((hit) => hit.score);
        expect(scores[0]).to.be.greaterThan(scores[2]!);
        const brieven = (await search('brieven ')).hits[0]!;
        expect(brieven.tags).to.deep.equal([klimaat, wonen]);
      });

      it('highlights the matched words in a snippet of the body', async () => {
        const answer = await search('adviezen huizen ', { locales: ['nl-nl'] });
        expect(highlightedWords(answer, 'nl-advies')).to.deep.equal(['advies', 'huizen']);
        const text = answer.hits[0]!.snippet.map((part) => part.text).join('');
        expect(text).to.contain('De raad geeft een advies over betaalbare huizen');
        expect(highlightedWords(await search('duurza', { locales: ['nl-nl'] }), 'nl-onderzoek')).to.deep.equal([]);
        expect(highlightedWords(await search('gemeentn '), 'nl-onderzoek')).to.deep.equal(['gemeenten']);
      });

      it('counts page types, locales and tags over every match, largest first', async () => {
        const answer = await search('utrecht ', { count: 1 });
        expect(answer.total).to.equal(5);
        expect(answer.hits).to.have.length(1);
        expect(answer.facets.pageTypes).to.deep.equal([
          { value: 'article', count: 3 },
          { value: 'publication', count: 2 },
        ]);
        expect(answer.facets.locales).to.deep.equal([
          { value: 'nl-nl', count: 3 },
          { value: 'en-gb', count: 2 },
        ]);
        expect(answer.facets.tags).to.have.deep.members([
          { value: 'tag-klimaat', label: 'Klimaat', count: 2 },
          { value: 'tag-wonen', label: 'Wonen', count: 2 },
          { value: 'tag-climate', label: 'Climate', count: 1 },
        ]);
        expect(answer.facets.tags[2]).to.deep.equal({ value: 'tag-climate', label: 'Climate', count: 1 });
      });

      it('filters by locales, page types and every one of the tags', async () => {
        expect(ids(await search('utrecht ', { locales: ['en-gb'] }))).to.have.members(['en-research', 'en-annual']);
        expect(ids(await search('utrecht ', { pageTypes: ['publication'] }))).to.have.members(['nl-advies', 'en-annual']);
        expect(ids(await search('utrecht ', { tags: ['tag-klimaat'] }))).to.have.members(['nl-onderzoek', 'nl-brieven']);
        expect(ids(await search('utrecht ', { tags: ['tag-klimaat', 'tag-wonen'] }))).to.deep.equal(['nl-brieven']);
        expect(ids(await search('utrecht ', { locales: ['nl-nl'], pageTypes: ['publication'] }))).to.deep.equal(['nl-advies']);
        expect((await search('utrecht ', { locales: ['de-de'] })).total).to.equal(0);
      });

      it('still lists the other values in a filtered facet', async () => {
        const answer = await search('utrecht ', { pageTypes: ['article'], locales: ['nl-nl'] });
        expect(answer.total).to.equal(2);
        expect(answer.facets.pageTypes).to.deep.equal([
          { value: 'article', count: 2 },
          { value: 'publication', count: 1 },
        ]);
        expect(answer.facets.locales).to.deep.equal([
          { value: 'nl-nl', count: 2 },
          { value: 'en-gb', count: 1 },
        ]);
        expect(answer.facets.tags).to.have.deep.members([
          { value: 'tag-klimaat', label: 'Klimaat', count: 2 },
          { value: 'tag-wonen', label: 'Wonen', count: 1 },
        ]);
      });

      it('pages with count and offset under a stable total', async () => {
        const seen: string[] = [];
        for (const offset of [0, 2, 4]) {
          const answer = await search('utrecht ', { count: 2, offset });
          expect(answer.total).to.equal(5);
          seen.push(...ids(answer));
        }
        expect(seen).to.have.length(5);
        expect(seen).to.have.members(['nl-onderzoek', 'nl-advies', 'nl-brieven', 'en-research', 'en-annual']);
        expect((await search('utrecht ', { count: 2, offset: 6 })).hits).to.deep.equal([]);
      });

      it('lists every page newest first for an empty term, those without a date last', async () => {
        const answer = await search('');
        expect(answer.total).to.equal(pages.length);
        expect(ids(answer)).to.deep.equal([
          'en-agenda', 'nl-advies', 'nl-onderzoek', 'en-research', 'nl-brieven', 'en-annual', 'de-forschung', 'fr-recherche', 'nl-cafe',
        ]);
        expect(answer.facets.locales[0]).to.deep.equal({ value: 'nl-nl', count: 4 });
        const filtered = await search('  ', { pageTypes: ['publication'], count: 1, offset: 1 });
        expect(filtered.total).to.equal(3);
        expect(ids(filtered)).to.deep.equal(['nl-advies']);
        const tagged = await search('', { tags: ['tag-wonen'] });
        expect(ids(tagged)).to.deep.equal(['nl-advies', 'nl-brieven']);
      });

      it('shows the start of the text as the snippet when there is no term', async () => {
        const hit = (await search('', { locales: ['fr-fr'] })).hits[0]!;
        expect(hit.snippet).to.deep.equal([{ text: 'Les etudes montrent que le logement reste une priorite.', highlight: false }]);
      });

      it('takes a removed page out', async () => {
        await index.write('public', { remove: ['nl-advies', 'no-such-page'], generations: [1] });
        expect((await search('adviezen ')).total).to.equal(0);
        expect(await index.count('public')).to.equal(pages.length - 1);
        expect(ids(await search('utrecht ', { count: 10 }))).to.not.include('nl-advies');
        expect(await index.idsWithTag('public', 'tag-wonen')).to.deep.equal(['nl-brieven']);
      });

      it('replaces a page written again under the same id', async () => {
        const changed = { ...pages[1]!, title: 'Sociale huur', description: '', body: 'Nieuwe regels voor sociale huurwoningen.', tags: [klimaat] };
        await index.write('public', { put: [changed], generations: [1] });
        expect((await search('adviezen ')).total).to.equal(0);
        expect(ids(await search('huurwoningen '))).to.deep.equal(['nl-advies']);
        expect(await index.count('public')).to.equal(pages.length);
        expect(await index.idsWithTag('public', 'tag-wonen')).to.deep.equal(['nl-brieven']);
        expect(await index.idsWithTag('public', 'tag-klimaat')).to.have.members(['nl-onderzoek', 'nl-brieven', 'nl-advies']);
      });

      it('answers the ids of the pages with a tag', async () => {
        expect(await index.idsWithTag('public', 'tag-klimaat')).to.have.members(['nl-onderzoek', 'nl-brieven']);
        expect(await index.idsWithTag('public', 'tag-none')).to.deep.equal([]);
      });

      it('answers the pages with a tag in the generation being built too', async () => {
        const building = await index.createGeneration('public');
        const rebuilt = { ...pages[1]!, tags: [klimaat] };
        await index.write('public', { put: [rebuilt, { ...pages[0]!, id: 'nl-nieuw', tags: [klimaat] }], generations: [building] });
        expect(await index.idsWithTag('public', 'tag-klimaat')).to.have.members(['nl-onderzoek', 'nl-brieven', 'nl-advies', 'nl-nieuw']);
        await index.dropGeneration('public', building);
        expect(await index.idsWithTag('public', 'tag-klimaat')).to.have.members(['nl-onderzoek', 'nl-brieven']);
      });

      it('keeps the targets apart', async () => {
        expect(await index.count('admin')).to.equal(0);
        expect((await search('onderzoek ', {}, 'admin')).total).to.equal(0);
        expect((await index.state('admin')).checkpoint).to.equal(0);
      });

      it('never throws on query syntax in the term', async () => {
        const terms = [
          '"', '"onderzoek', 'onderzoek"', '*', 'onder*', '*zoek', 'NEAR(onderzoek advies)', 'NEAR', '-advies', 'advies -',
          'title:advies', '{title body}: x', 'body : x', '(advies', 'advies)', '()', 'AND', 'OR', 'NOT', 'advies AND OR NOT huis',
          '^advies', '+advies', 'a:b:c', "'", "l'été", '\\', '%', '_', '\u0000', '😀 onderzoek', 'x'.repeat(200), '" OR "" *',
          'onderzoek AND "', '"a" NEAR/3 "b"',
        ];
        for (const term of terms) {
          for (const fields of ['full', 'title-slug'] as const) {
            const answer = await search(term, { fields });
            expect(answer.total, term).to.be.a('number');
          }
        }
        expect(ids(await search('"onderzoek" AND (adviezen OR'))).to.deep.equal([]);
        expect(ids(await search('onderzoek* '))).to.deep.equal(['nl-onderzoek']);
      });
    });

    describe('when the admin searches titles and slugs', () => {
      beforeEach(async () => {
        await seed('admin', [
          page({ id: 'a1', locale: 'nl-nl', title: 'Jaarverslag', slug: 'jaarverslag-2023-financien', body: 'Over de begroting van de gemeente.' }),
          page({ id: 'a2', locale: 'nl-nl', title: 'Begroting 2024', slug: 'begroting', description: 'jaarverslag' }),
          page({ id: 'a3', locale: 'en-gb', title: 'Contact', slug: 'contact-us', tags: [{ id: 'tag-x', name: 'Jaarverslag' }] }),
        ]);
      });

      const titleSlug = (term: string) => search(term, { fields: 'title-slug' }, 'admin');

      it('matches titles and the words of slugs only', async () => {
        expect(ids(await titleSlug('jaarverslag '))).to.deep.equal(['a1']);
        expect(ids(await titleSlug('financien '))).to.deep.equal(['a1']);
        expect(ids(await titleSlug('us '))).to.deep.equal(['a3']);
        expect(ids(await titleSlug('begroting '))).to.deep.equal(['a2']);
        expect(ids(await titleSlug('gemeente '))).to.deep.equal([]);
      });

      it('matches the last word as a prefix', async () => {
        expect(ids(await titleSlug('jaarv'))).to.deep.equal(['a1']);
        expect(ids(await titleSlug('conta'))).to.deep.equal(['a3']);
        expect(ids(await titleSlug('2023 finan'))).to.deep.equal(['a1']);
      });

      it('lists every page for an empty term', async () => {
        expect((await titleSlug('')).total).to.equal(3);
      });
    });

    describe('when a write moves the checkpoint', () => {
      it('moves documents, checkpoint and meta together', async () => {
        await index.write('public', {
          put: [pages[0]!],
          generations: [1],
          checkpoint: 7,
          meta: { indexing: { state: 'success', at: '2024-05-01T10:00:00.000Z' }, removal: 'idle' },
        });
        expect(await index.state('public')).to.deep.equal({
          checkpoint: 7,
          active: 1,
          building: null,
          meta: { indexing: { state: 'success', at: '2024-05-01T10:00:00.000Z' }, removal: 'idle' },
        });
        expect(await index.count('public')).to.equal(1);
      });

      it('keeps the meta when a write does not replace it, and the checkpoint when it does not move it', async () => {
        await index.write('public', { generations: [1], checkpoint: 3, meta: { n: 1 } });
        await index.write('public', { put: [pages[1]!], generations: [1], checkpoint: 4 });
        expect(await index.state('public')).to.include({ checkpoint: 4 });
        expect((await index.state('public')).meta).to.deep.equal({ n: 1 });
        await index.write('public', { generations: [1], meta: { n: 2 } });
        expect(await index.state('public')).to.deep.equal({ checkpoint: 4, active: 1, building: null, meta: { n: 2 } });
        expect((await index.state('admin')).checkpoint).to.equal(0);
      });
    });

    describe('when a target is claimed by one process after another (the fence behind the lease)', () => {
      /** Runs a change and answers the error it was refused with, if any. */
      const refusal = async (change: () => Promise<unknown>): Promise<unknown> => {
        try {
          await change();
          return null;
        } catch (error) {
          return error;
        }
      };

      it('refuses every change in the name of the earlier holder, and the refused write changes nothing', async () => {
        await index.claim('public', 'process-a');
        await index.write('public', { put: [pages[0]!], generations: [1], checkpoint: 5, holder: 'process-a' });
        await index.claim('public', 'process-b');
        await index.write('public', { put: [pages[1]!], generations: [1], checkpoint: 9, meta: { by: 'b' }, holder: 'process-b' });

        const late = await refusal(() =>
          index.write('public', { put: [pages[2]!], remove: [pages[1]!.id], generations: [1], checkpoint: 6, meta: { by: 'a' }, holder: 'process-a' }),
        );
        expect(late).to.be.instanceOf(FencedOff);
        expect(await index.state('public')).to.deep.equal({ checkpoint: 9, active: 1, building: null, meta: { by: 'b' } });
        expect(ids(await search('betaalbaar '))).to.deep.equal([pages[1]!.id]);
        expect(await index.count('public')).to.equal(2);

        expect(await refusal(() => index.createGeneration('public', 'process-a'))).to.be.instanceOf(FencedOff);
        expect((await index.state('public')).building).to.equal(null);
        const next = await index.createGeneration('public', 'process-b');
        expect(await refusal(() => index.activate('public', next, 'process-a'))).to.be.instanceOf(FencedOff);
        expect(await refusal(() => index.dropGeneration('public', next, 'process-a'))).to.be.instanceOf(FencedOff);
        expect(await refusal(() => index.clear('public', 1, 'process-a'))).to.be.instanceOf(FencedOff);
        expect(await index.state('public')).to.include({ active: 1, building: next });
        expect(await index.count('public')).to.equal(2);
        await index.activate('public', next, 'process-b');
        expect(await index.state('public')).to.include({ active: next, building: null });
      });

      it('keeps the targets apart, and lets a change that names no holder through', async () => {
        await index.claim('public', 'process-b');
        await index.write('admin', { generations: [1], checkpoint: 3, holder: 'nobody-claimed-admin' }).then(
          () => expect.fail('a holder that never claimed the admin target wrote to it'),
          (error: unknown) => expect(error).to.be.instanceOf(FencedOff),
        );
        await index.write('public', { generations: [1], checkpoint: 4 });
        expect((await index.state('public')).checkpoint).to.equal(4);
      });
    });

    describe('when a new generation is built beside the active one', () => {
      it('keeps answering from the old one until it is activated, then from the new one', async () => {
        await seed('public', pages.slice(0, 3));
        const building = await index.createGeneration('public');
        expect(building).to.not.equal(1);
        expect(await index.state('public')).to.deep.include({ active: 1, building });
        expect(await index.count('public', building)).to.equal(0);

        await index.write('public', { put: [pages[4]!, pages[5]!], generations: [building], checkpoint: 2 });
        // A live change while the build runs goes to both.
        await index.write('public', { put: [pages[6]!], generations: [1, building], checkpoint: 3 });
        expect(await index.count('public')).to.equal(4);
        expect(await index.count('public', building)).to.equal(3);
        expect(ids(await search('onderzoek '))).to.deep.equal(['nl-onderzoek']);
        expect((await search('research ')).total).to.equal(1);

        await index.activate('public', building);
        expect(await index.state('public')).to.deep.include({ active: building, building: null, checkpoint: 3 });
        expect((await search('onderzoek ')).total).to.equal(0);
        expect(ids(await search('research '))).to.have.members(['en-research', 'en-agenda', 'en-annual']);
        expect(await index.count('public')).to.equal(3);
        expect((await index.state('admin')).active).to.equal(1);

        await index.write('public', { put: [pages[0]!], generations: [building] });
        expect(ids(await search('onderzoek '))).to.deep.equal(['nl-onderzoek']);
      });

      it('drops an abandoned build and leaves the active one as it was', async () => {
        await seed('public', pages.slice(0, 3));
        const building = await index.createGeneration('public');
        await index.write('public', { put: [pages[4]!], generations: [building] });
        await index.dropGeneration('public', building);
        expect(await index.state('public')).to.deep.include({ active: 1, building: null });
        expect(await index.count('public')).to.equal(3);
        expect(ids(await search('onderzoek '))).to.deep.equal(['nl-onderzoek']);

        const next = await index.createGeneration('public');
        expect(await index.count('public', next)).to.equal(0);
        await index.activate('public', next);
        expect(await index.count('public')).to.equal(0);
      });
    });

    describe('when a generation is cleared', () => {
      it('removes every document and can be filled again', async () => {
        const active = await seed();
        await index.clear('public', active);
        expect(await index.count('public')).to.equal(0);
        expect((await search('onderzoek ')).total).to.equal(0);
        expect((await search('')).total).to.equal(0);
        expect(await index.idsWithTag('public', 'tag-klimaat')).to.deep.equal([]);
        expect((await index.state('public')).active).to.equal(active);

        await index.write('public', { put: [pages[1]!], generations: [active] });
        expect(ids(await search('adviezen '))).to.deep.equal(['nl-advies']);
        expect(ids(await search('duurzaamheit '))).to.deep.equal([]);
      });
    });
  });
}
