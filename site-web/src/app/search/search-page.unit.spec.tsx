import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SearchResponse, SearchResultItem } from '@pagelog/contracts/search/search';
import { buildHead } from '../../server/build-head';
import { renderDocument } from '../../server/render-document';
import { axeViolations, nuCheckerProblems } from '../../testing/markup-checks';
import { App } from '../app';
import type { PageState } from '../page-state';
import { searchPath } from '../search-path';
import { parseSearchQuery } from './search-query';
import { searchTexts } from './search-texts';
import type { SearchOutcome } from './search-view';

function result(id: string, over: Partial<SearchResultItem> = {}): SearchResultItem {
  return {
    id,
    locale: 'nl-nl',
    pageType: 'article',
    title: `Onderzoek ${id}`,
    path: `/nieuws/onderzoek-${id}`,
    snippet: [
      { text: 'Ons ', highlight: false },
      { text: 'onderzoek', highlight: true },
      { text: ' naar wachttijden.', highlight: false },
    ],
    date: '2026-03-12',
    tags: [],
    score: 1,
    ...over,
  };
}

function answer(total: number, results: SearchResultItem[], facets: Partial<SearchResponse['facets']> = {}): SearchResponse {
  return { total, results, facets: { pageTypes: [{ value: 'article', count: total }], locales: [], tags: [], ...facets } };
}

/** The search results page's state as the server makes it, for `/zoeken?…` or `/en-gb/search?…`. */
function state(querystring: string, outcome: SearchOutcome, locale = 'nl-nl'): PageState {
  return {
    page: null,
    status: 200,
    siteName: 'Helder Onderzoek',
    defaultLocale: 'nl-nl',
    locale,
    siblings: null,
    search: { path: searchPath(locale, 'nl-nl'), query: parseSearchQuery(querystring), outcome },
  };
}

function render(pageState: PageState): Document {
  const html = renderToStaticMarkup(<App state={pageState} />);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

const textOf = (doc: ParentNode, selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent?.replace(/\s+/g, ' ').trim());

const twelve = answer(
  12,
  Array.from({ length: 10 }, (_, i) => result(String(i + 1))),
  {
    pageTypes: [
      { value: 'article', count: 8 },
      { value: 'publication', count: 4 },
    ],
    tags: [{ value: 'tag-zorg', label: 'Zorg', count: 5 }],
  },
);

describe('the search results page', () => {
  describe('with results', () => {
    const doc = render(state('q=onderzoek', { kind: 'results', response: twelve }));

    it('says how many pages were found for the words, in the page\'s language', () => {
      expect(textOf(doc, 'main h1')).to.deep.equal(['Zoeken']);
      expect(textOf(doc, '.search-page__summary')).to.deep.equal(['12 resultaten voor “onderzoek”']);
      const english = render(state('q=research', { kind: 'results', response: answer(1, [result('1', { locale: 'en-gb', path: '/en-gb/news/research' })]) }, 'en-gb'));
      expect(textOf(english, '.search-page__summary')).to.deep.equal(['1 result for “research”']);
    });

    it('lists each result with its title linking to it, its type and date in the page\'s language, and its snippet with the match marked', () => {
      const first = doc.querySelector('ol.search-results > li')!;
      const link = first.querySelector('h2 > a')!;
      expect([link.textContent, link.getAttribute('href')]).to.deep.equal(['Onderzoek 1', '/nieuws/onderzoek-1']);
      expect(first.querySelector('.search-result__meta')!.textContent).to.equal('Artikel · 12 maart 2026');
      expect(first.querySelector('time')!.getAttribute('datetime')).to.equal('2026-03-12');
      expect(first.querySelector('.search-result__snippet')!.innerHTML).to.equal('Ons <mark>onderzoek</mark> naar wachttijden.');
      expect(doc.querySelectorAll('ol.search-results > li')).to.have.length(10);

      const english = render(state('q=research', { kind: 'results', response: answer(1, [result('1', { pageType: 'publication', date: '2026-03-12T09:30:00.000Z' })]) }, 'en-gb'));
      expect(english.querySelector('.search-result__meta')!.textContent).to.equal('Publication · 12 March 2026');
    });

    it('shows a title or snippet holding markup as text, never as markup', () => {
      const hostile = result('x', {
        title: '<script>alert(1)</script>Titel',
        snippet: [
          { text: '<img src=x onerror=alert(2)>', highlight: false },
          { text: '<b>vet</b>', highlight: true },
        ],
      });
      const html = renderToStaticMarkup(<App state={state('q=vet', { kind: 'results', response: answer(1, [hostile]) })} />);
      expect(html).to.not.include('<script>alert').and.not.include('<img src=x').and.not.include('<b>vet');
      const page = render(state('q=vet', { kind: 'results', response: answer(1, [hostile]) }));
      expect(page.querySelector('main script, main img, main b')).to.equal(null);
      expect(page.querySelector('.search-result__title')!.textContent).to.equal('<script>alert(1)</script>Titel');
      expect(page.querySelector('.search-result__snippet mark')!.textContent).to.equal('<b>vet</b>');
    });

    it('links a result only to a path on this site', () => {
      const page = render(state('q=x', { kind: 'results', response: answer(1, [result('1', { path: 'javascript:alert(1)' })]) }));
      expect(page.querySelector('.search-result__title a')).to.equal(null);
      expect(page.querySelector('.search-result__title')!.textContent).to.equal('Onderzoek 1');
    });

    it('keeps the words in its own search form, named apart from the header\'s, sent to the same page by GET', () => {
      const form = doc.querySelector('main form[role="search"]')!;
      expect([form.getAttribute('action'), form.getAttribute('method'), form.getAttribute('aria-label')]).to.deep.equal(['/zoeken', 'get', 'Zoeken op deze site']);
      const field = form.querySelector('input[name="q"]')!;
      expect(field.getAttribute('value')).to.equal('onderzoek');
      expect(form.querySelector(`label[for="${field.id}"]`)!.textContent).to.equal('Zoeken');
      expect(doc.querySelectorAll('[id]').length).to.equal(new Set([...doc.querySelectorAll('[id]')].map((e) => e.id)).size);
    });
  });

  describe('with more results than fit on a page', () => {
    const doc = render(state('q=onderzoek&type=article&page=2', { kind: 'results', response: answer(25, [result('11'), result('12')]) }));

    it('numbers the results on from the page before, and offers the other pages in a named navigation that keeps the words and filters', () => {
      expect(doc.querySelector('ol.search-results')!.getAttribute('start')).to.equal('11');
      const nav = doc.querySelector('nav.pagination')!;
      expect(nav.getAttribute('aria-label')).to.equal('Pagina’s met resultaten');
      expect(nav.querySelector('.pagination__status')!.textContent).to.equal('Pagina 2 van 3');
      expect([...nav.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}${a.getAttribute('aria-current') ? ' (current)' : ''}`)).to.deep.equal([
        'Vorige /zoeken?q=onderzoek&type=article',
        '1 /zoeken?q=onderzoek&type=article',
        '2 /zoeken?q=onderzoek&type=article&page=2 (current)',
        '3 /zoeken?q=onderzoek&type=article&page=3',
        'Volgende /zoeken?q=onderzoek&type=article&page=3',
      ]);
      expect(nav.querySelector('a[rel="prev"]')).to.not.equal(null);
    });

    it('has no pagination when every result fits on one page', () => {
      expect(render(state('q=onderzoek', { kind: 'results', response: answer(3, [result('1')]) })).querySelector('nav.pagination')).to.equal(null);
    });

    it('says a page past the last holds no results, and links to the first', () => {
      const past = render(state('q=onderzoek&page=9', { kind: 'results', response: answer(25, []) }));
      expect(textOf(past, '.search-page__message p')).to.deep.equal(['Zoveel resultaten zijn er niet.', 'Naar de eerste resultaten']);
      expect(past.querySelector('.search-page__message a')!.getAttribute('href')).to.equal('/zoeken?q=onderzoek');
      expect(past.querySelector('ol.search-results, nav.pagination')).to.equal(null);
    });
  });

  describe('with facets', () => {
    it('offers the page types and tags as checkboxes with their counts, in a GET form that keeps the words', () => {
      const doc = render(state('q=onderzoek&type=publication', { kind: 'results', response: twelve }));
      const form = doc.querySelector('form.search-filters')!;
      expect([form.getAttribute('action'), form.getAttribute('method')]).to.deep.equal(['/zoeken', 'get']);
      expect(doc.getElementById(form.getAttribute('aria-labelledby')!)!.textContent).to.equal('Resultaten filteren');
      expect(form.querySelector('input[type="hidden"][name="q"]')!.getAttribute('value')).to.equal('onderzoek');
      expect(textOf(form, 'legend')).to.deep.equal(['Soort pagina', 'Onderwerpen']);
      const boxes = [...form.querySelectorAll('input[type="checkbox"]')].map((box) => {
        const label = form.querySelector(`label[for="${box.id}"]`)!.textContent;
        return `${box.getAttribute('name')}=${box.getAttribute('value')} ${label}${box.hasAttribute('checked') ? ' (checked)' : ''}`;
      });
      expect(boxes).to.deep.equal(['type=article Artikel (8)', 'type=publication Publicatie (4) (checked)', 'tag=tag-zorg Zorg (5)']);
      expect(form.querySelector('button[type="submit"]')!.textContent).to.equal('Filters toepassen');
      const clear = form.querySelector('.search-filters__clear a')!;
      expect([clear.textContent, clear.getAttribute('href')]).to.deep.equal(['Alle filters wissen', '/zoeken?q=onderzoek']);
    });

    it('lists a type filtered on even when nothing of it is left, and has no clear link without filters', () => {
      const kept = render(state('q=onderzoek&type=vacancy', { kind: 'results', response: answer(2, [result('1')]) }));
      expect(textOf(kept, '.search-filters label')).to.deep.equal(['Artikel (2)', 'Vacature (0)']);
      const none = render(state('q=onderzoek', { kind: 'results', response: twelve }));
      expect(none.querySelector('.search-filters__clear')).to.equal(null);
    });

    it('lists the pages of a tag without words: the count alone, the tag ticked by its name, kept when the form is sent', () => {
      const tagged = answer(5, [result('1')], { tags: [{ value: 'tag-zorg', label: 'Zorg', count: 5 }] });
      const doc = render(state('tag=tag-zorg', { kind: 'results', response: tagged }));
      expect(textOf(doc, '.search-page__summary')).to.deep.equal(['5 resultaten']);
      const box = doc.querySelector('form.search-filters input[name="tag"]')!;
      expect([box.getAttribute('value'), box.hasAttribute('checked'), doc.querySelector(`label[for="${box.id}"]`)!.textContent]).to.deep.equal(['tag-zorg', true, 'Zorg (5)']);
      const english = render(state('tag=tag-care', { kind: 'results', response: answer(0, [], { pageTypes: [] }) }, 'en-gb'));
      expect(textOf(english, '.search-page__none p')[0]).to.equal('No results.');
    });

    it('offers no filter form when there is nothing to choose between', () => {
      expect(render(state('q=onderzoek', { kind: 'results', response: answer(2, [result('1')]) })).querySelector('form.search-filters')).to.equal(null);
    });
  });

  describe('without results', () => {
    it('says so in Dutch, with what to try and a link to the home page', () => {
      const doc = render(state('q=onderzeok', { kind: 'results', response: answer(0, [], { pageTypes: [] }) }));
      expect(textOf(doc, '.search-page__none p')).to.deep.equal(['Geen resultaten voor “onderzeok”.', 'Zo vindt u misschien wel wat u zoekt:']);
      expect(textOf(doc, '.search-page__none li')).to.deep.equal(['Controleer de spelling van uw woorden.', 'Gebruik minder woorden, of andere woorden met dezelfde betekenis.', 'Naar de startpagina']);
      expect(doc.querySelector('.search-page__none a')!.getAttribute('href')).to.equal('/');
      expect(doc.querySelector('ol.search-results, form.search-filters')).to.equal(null);
    });

    it('says so in English, offering to search without the filters when there are any', () => {
      const doc = render(state('q=reserch&type=article', { kind: 'results', response: answer(0, [], { pageTypes: [] }) }, 'en-gb'));
      expect(textOf(doc, '.search-page__none p')[0]).to.equal('No results for “reserch”.');
      expect([...doc.querySelectorAll('.search-page__none li')].map((li) => `${li.textContent} ${li.querySelector('a')?.getAttribute('href') ?? ''}`.trim())).to.deep.equal([
        'Check the spelling of your words.',
        'Use fewer words, or other words that mean the same.',
        'Search without filters /en-gb/search?q=reserch',
        'Go to the home page /en-gb',
      ]);
    });
  });

  describe('before a search and when one cannot be done', () => {
    it('shows the form alone without words', () => {
      const doc = render(state('', { kind: 'form' }));
      expect(doc.querySelector('main form[role="search"] input[name="q"]')!.getAttribute('value')).to.equal(null);
      expect(textOf(doc, '.search-page__message')).to.deep.equal(['Typ een of meer woorden en kies Zoeken.']);
      expect(doc.querySelector('.search-page__summary, ol.search-results, form.search-filters, nav.pagination')).to.equal(null);
    });

    it('says a term is too long, or that the search was refused, in the page\'s language', () => {
      expect(textOf(render(state('q=aaa', { kind: 'rejected', tooLong: true })), '.search-page__message')).to.deep.equal(['Uw zoekopdracht is te lang. Gebruik hoogstens 200 tekens.']);
      expect(textOf(render(state('q=aaa', { kind: 'rejected', tooLong: true }, 'en-gb')), '.search-page__message')).to.deep.equal(['Your search is too long. Please use at most 200 characters.']);
      expect(textOf(render(state('q=aaa', { kind: 'rejected', tooLong: false }, 'en-gb')), '.search-page__message')).to.deep.equal(['This search cannot be done. Please try other words.']);
    });

    it('says the search is not available right now', () => {
      expect(textOf(render(state('q=onderzoek', { kind: 'unavailable' })), '.search-page__message')).to.deep.equal(['Zoeken lukt op dit moment niet. Probeer het later opnieuw.']);
      expect(textOf(render(state('q=research', { kind: 'unavailable' }, 'en-gb')), '.search-page__message')).to.deep.equal(['Search is not available right now. Please try again later.']);
    });
  });

  describe('as a document', () => {
    function documentOf(pageState: PageState): string {
      const head = buildHead({
        page: null,
        siteName: pageState.siteName,
        publicUrl: 'https://www.example.test',
        defaultLocale: pageState.defaultLocale,
        locale: pageState.locale,
        siblings: [],
        documentTitle: searchTexts(pageState.locale).documentTitle(pageState.search!.query.term, pageState.siteName),
      });
      return renderDocument({ state: pageState, head, assets: { stylesheets: [], modulePreloads: [], scripts: [] } });
    }
    const results = state('q=onderzoek&type=publication&page=2', { kind: 'results', response: { ...twelve, total: 25 } });
    const none = state('q=reserch&type=article', { kind: 'results', response: answer(0, [], { pageTypes: [] }) }, 'en-gb');
    const refused = state('q=aaa', { kind: 'rejected', tooLong: true });
    const empty = state('', { kind: 'form' }, 'en-gb');

    it('is titled by the words searched and kept out of search engines', () => {
      const html = documentOf(results);
      expect(html).to.include('<title>Zoeken: onderzoek – Helder Onderzoek</title>').and.include('<meta name="robots" content="noindex">');
      expect(html).to.not.include('rel="canonical"');
      expect(documentOf(empty)).to.include('<title>Search – Helder Onderzoek</title>');
      expect(documentOf(none)).to.include('<html lang="en-GB">').and.include('<title>Search: reserch – Helder Onderzoek</title>');
    });

    it('is valid HTML by the Nu HTML Checker, with results, without, refused and empty, in Dutch and English', async function () {
      this.timeout(60_000);
      const problems = await nuCheckerProblems([results, none, refused, empty].map(documentOf));
      for (const list of problems) expect(list, list.join('\n')).to.deep.equal([]);
    });

    it('breaks no WCAG 2.2 A or AA rule axe-core can check without layout', async () => {
      for (const pageState of [results, none, refused, empty]) {
        const body = renderToStaticMarkup(<App state={pageState} />);
        const violations = await axeViolations(body, pageState.locale.slice(0, 2), { page: true });
        expect(violations, violations.join('\n')).to.deep.equal([]);
      }
    });
  });
});

describe('the header\'s search field', () => {
  it('asks for a keyword in the page\'s language and searches on the results page of that language, on every page', () => {
    const dutch = render(state('', { kind: 'form' }));
    const english = render({ page: null, status: 404, siteName: 'Helder Onderzoek', defaultLocale: 'nl-nl', locale: 'en-gb', siblings: null });
    for (const [doc, action, placeholder, label] of [
      [dutch, '/zoeken', 'Zoek op trefwoord', 'Zoeken'],
      [english, '/en-gb/search', 'Search by keyword', 'Search'],
    ] as const) {
      const form = doc.querySelector('header form[role="search"]')!;
      expect([form.getAttribute('action'), form.getAttribute('method')]).to.deep.equal([action, 'get']);
      const field = form.querySelector('input[name="q"]')!;
      expect(field.getAttribute('placeholder')).to.equal(placeholder);
      expect(form.querySelector(`label[for="${field.id}"]`)!.textContent).to.equal(label);
    }
  });
});
