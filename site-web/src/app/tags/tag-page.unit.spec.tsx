import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicPageCard, PublicPageList, PublicPageView } from '@pagelog/contracts/pages/page';
import { emptyContact, type PublicSettings } from '@pagelog/contracts/settings/site-settings';
import { menusTag, pageTag, SETTINGS_TAG, tagPathTag, taggedPagesTag, tagTag } from '@pagelog/contracts/site/cache-tags';
import type { PageListQuery } from '@pagelog/contracts/site/site-reads';
import type { PublicTag, TagView } from '@pagelog/contracts/tags/tag';
import { buildHead } from '../../server/build-head';
import type { Rendered } from '../../server/render-cache';
import { renderDocument } from '../../server/render-document';
import type { TracedSiteReads } from '../../server/site-api';
import type { SiteLogger } from '../../server/site-logger';
import { TAG_PAGE_SIZE, tagPageRender } from '../../server/tag-page-render';
import { axeViolations, nuCheckerProblems } from '../../testing/markup-checks';
import { App } from '../app';
import type { PageState } from '../page-state';
import { mayBeTagPagePath, tagPageAddress, tagPath } from '../tag-path';

const quiet: SiteLogger = { info() {}, warn() {}, error() {} };
const settings: PublicSettings = {
  availableLocales: ['nl-nl', 'en-gb'],
  defaultLocale: 'nl-nl',
  customSlugLocales: [],
  site: { name: 'Helder Onderzoek', logo: null, contact: emptyContact, social: [], defaultSeoImage: null },
};
const energy: TagView = { id: 't1', name: 'Energietransitie', slug: 'energietransitie', locale: 'nl-nl', visibility: 'public', pageCount: 14, publishedPageCount: 14 };

function card(n: number, type = 'article'): PublicPageCard {
  return { pageID: `p${n}`, locale: 'nl-nl', type, slug: `nieuws/p${n}`, path: `/nieuws/p${n}`, title: `Artikel ${n}`, summary: `Samenvatting ${n}`, image: null, date: `2026-02-${String(28 - n).padStart(2, '0')}` };
}
/** Fourteen published pages carrying the tag, newest first: two pages of the list. */
const taggedPages = Array.from({ length: 14 }, (_, i) => card(i + 1, i === 1 ? 'publication' : 'article'));

/** The reads a tag page makes, from memory: the public tags (a private one is not among them, as tags/public never answers it) and their pages. */
function fakeReads(lists: PageListQuery[] = []): TracedSiteReads {
  const unused = () => Promise.reject(new Error('not read by a tag page'));
  return {
    settings: async () => settings,
    menus: async () => ({ main: [], footer: [], service: [] }),
    publicTag: async (locale, slug) => (locale === 'nl-nl' && slug === 'energietransitie' ? energy : null),
    pageList: async (query): Promise<PublicPageList> => {
      lists.push(query);
      const items = query.tag === energy.id ? taggedPages : [];
      return { total: items.length, items: items.slice(query.offset, query.offset + query.count), listedTag: query.tag === energy.id ? energy.id : null };
    },
    pageBySlug: unused,
    siblings: unused,
    pageCards: unused,
    search: unused,
  };
}

const render = tagPageRender({ clientAssets: () => ({ stylesheets: [], modulePreloads: [], scripts: [] }), publicUrl: 'https://www.example.test', logger: quiet });

async function tagPage(slug: string, listPage = 1, locale = 'nl-nl', lists: PageListQuery[] = []): Promise<Rendered | null> {
  return render({ reads: fakeReads(lists), settings, locale, slug, listPage, requestId: 'r1' });
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}
const bodyOf = (html: string) => html.slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'));
const textOf = (doc: ParentNode, selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent?.replace(/\s+/g, ' ').trim());

describe('a tag page', () => {
  describe('of a public tag on published pages', () => {
    it('is headed by the tag\'s name and lists its pages newest first, with type, date and summary, each title linking to its page', async () => {
      const lists: PageListQuery[] = [];
      const rendered = (await tagPage('energietransitie', 1, 'nl-nl', lists))!;
      expect(rendered.status).to.equal(200);
      expect(lists).to.deep.equal([{ locale: 'nl-nl', type: '', tag: 't1', count: TAG_PAGE_SIZE, offset: 0 }]);
      const doc = parse(rendered.html!);
      expect(textOf(doc, 'main h1')).to.deep.equal(['Onderwerp: Energietransitie']);
      expect(textOf(doc, '.tag-page__count')).to.deep.equal(['14 pagina’s']);
      const items = doc.querySelectorAll('main .overview__list > li');
      expect(items).to.have.length(TAG_PAGE_SIZE);
      const first = items[0]!;
      expect([first.querySelector('h2 > a')!.textContent, first.querySelector('h2 > a')!.getAttribute('href')]).to.deep.equal(['Artikel 1', '/nieuws/p1']);
      expect(first.querySelector('.page-card__date')!.textContent).to.equal('Artikel · 27 februari 2026');
      expect(items[1]!.querySelector('.page-card__type')!.textContent).to.equal('Publicatie');
      expect(first.querySelector('.page-card__summary')!.textContent).to.equal('Samenvatting 1');
    });

    it('is titled and described for search engines, its own address canonical, with the next page of the list', async () => {
      const html = (await tagPage('energietransitie'))!.html!;
      expect(html).to.include('<title>Onderwerp: Energietransitie | Helder Onderzoek</title>');
      expect(html).to.include('<link rel="canonical" href="https://www.example.test/tag/energietransitie">');
      expect(html).to.include('<link rel="next" href="https://www.example.test/tag/energietransitie?page=2">');
      expect(html).to.include('<html lang="nl-NL">').and.not.include('noindex');
    });

    it('pages its list with the pagination, the second page reading on after the first twelve', async () => {
      const lists: PageListQuery[] = [];
      const rendered = (await tagPage('energietransitie', 2, 'nl-nl', lists))!;
      expect(rendered.status).to.equal(200);
      expect(lists[0]!.offset).to.equal(TAG_PAGE_SIZE);
      const doc = parse(rendered.html!);
      expect(textOf(doc, 'main .overview__list h2')).to.deep.equal(['Artikel 13', 'Artikel 14']);
      const nav = doc.querySelector('nav.pagination')!;
      expect(nav.getAttribute('aria-label')).to.equal('Paginering');
      expect(nav.querySelector('a[rel="prev"]')!.getAttribute('href')).to.equal('/tag/energietransitie');
      expect(nav.querySelector('a[aria-current="page"]')!.textContent).to.equal('2');
      expect(rendered.html).to.include('<link rel="canonical" href="https://www.example.test/tag/energietransitie?page=2">');
    });

    it('is kept with the tags of its tag (a rename, a merge), of its pages, of its address, and of the settings and menus around it', async () => {
      const rendered = (await tagPage('energietransitie'))!;
      expect(rendered.cacheable).to.equal(true);
      expect(rendered.tags).to.include.members([SETTINGS_TAG, menusTag('nl-nl'), tagTag('t1'), taggedPagesTag('t1'), tagPathTag('nl-nl', 'energietransitie'), pageTag('p1')]);
    });
  });

  describe('that is not there', () => {
    it('is no tag page for an unknown tag, a private one or a tag of another locale: the path is answered as any other', async () => {
      // tags/public answers a private tag as it answers an unknown one: not found.
      expect(await tagPage('bestaat-niet')).to.equal(null);
      expect(await tagPage('intern-overleg')).to.equal(null);
      expect(await tagPage('energietransitie', 1, 'en-gb')).to.equal(null);
    });

    it('answers 404 for a page of its list past the last, saying so and linking to the first, kept out of search engines', async () => {
      const rendered = (await tagPage('energietransitie', 3))!;
      expect(rendered.status).to.equal(404);
      const doc = parse(rendered.html!);
      expect(textOf(doc, 'main h1')).to.deep.equal(['Onderwerp: Energietransitie']);
      expect(textOf(doc, '.overview__message p')).to.deep.equal(['Deze pagina van de lijst bestaat niet.', 'Naar de eerste pagina']);
      expect(doc.querySelector('.overview__message a')!.getAttribute('href')).to.equal('/tag/energietransitie');
      expect(rendered.html).to.include('<meta name="robots" content="noindex">');
    });
  });

  describe('markup', () => {
    it('is valid HTML by the Nu HTML Checker and breaks no WCAG 2.2 A or AA rule axe-core can check without layout, on a page of the list and past it', async function () {
      this.timeout(60_000);
      const documents = [(await tagPage('energietransitie'))!.html!, (await tagPage('energietransitie', 2))!.html!, (await tagPage('energietransitie', 3))!.html!];
      const problems = await nuCheckerProblems(documents);
      for (const list of problems) expect(list, list.join('\n')).to.deep.equal([]);
      for (const html of documents) {
        const violations = await axeViolations(bodyOf(html), 'nl', { page: true });
        expect(violations, violations.join('\n')).to.deep.equal([]);
      }
    });
  });
});

describe('the address of a tag page', () => {
  it('is /tag/<slug> in the default locale and /<locale>/tag/<slug> in the others, the slug encoded', () => {
    expect(tagPath('nl-nl', 'energietransitie', 'nl-nl')).to.equal('/tag/energietransitie');
    expect(tagPath('en-gb', 'energy-transition', 'nl-nl')).to.equal('/en-gb/tag/energy-transition');
    expect(tagPath('nl-nl', 'café', 'nl-nl')).to.equal('/tag/caf%C3%A9');
  });

  it('is read back from a path, and only from a path of that shape', () => {
    expect(tagPageAddress('/tag/energietransitie', 'nl-nl')).to.deep.equal({ locale: 'nl-nl', slug: 'energietransitie' });
    expect(tagPageAddress('/en-gb/tag/energy-transition', 'nl-nl')).to.deep.equal({ locale: 'en-gb', slug: 'energy-transition' });
    expect(tagPageAddress('/tag/caf%C3%A9', 'nl-nl')).to.deep.equal({ locale: 'nl-nl', slug: 'café' });
    for (const path of ['/tag', '/tag/a/b', '/tags/a', '/over-ons', '/en-gb/tag']) {
      expect(tagPageAddress(path, 'nl-nl'), path).to.equal(null);
      expect(mayBeTagPagePath(path), path).to.equal(false);
    }
    expect(mayBeTagPagePath('/de-de/tag/thema')).to.equal(true);
  });
});

describe("a page's tags", () => {
  const tags: PublicTag[] = [
    { id: 't1', name: 'Energietransitie', slug: 'energietransitie' },
    { id: 't2', name: 'Zorg', slug: 'zorg' },
  ];
  function article(type: string, pageTags: PublicTag[] | undefined, locale = 'nl-nl'): PageState {
    const page: PublicPageView = {
      slug: 'nieuws/warmtenet',
      type,
      locale,
      breadcrumbs: [],
      ...(pageTags ? { tags: pageTags } : {}),
      pageVersion: {
        pageID: 'p1',
        versionID: 'v1',
        title: 'Wat bewoners willen weten over een warmtenet',
        blocks: [{ type: 'text', key: 'tekst', props: { html: '<p>Bewoners vroegen naar de prijs.</p>' }, anchorPoint: '' }],
        pageType: { id: type, header: 'default', footer: 'default', props: { author: 'Marieke Jansen', publicationDate: '2026-02-10', summary: '' } },
        images: [],
        files: [],
        seoTitle: '',
        seoDescription: '',
        seoKeywords: [],
        seoImage: [],
      },
    };
    return { page, status: 200, siteName: 'Helder Onderzoek', defaultLocale: 'nl-nl', locale, siblings: null };
  }
  const doc = (state: PageState) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(<App state={state} />)}</body>`, 'text/html') as unknown as Document;

  it('are listed under "Onderwerpen" at the end of an article and a publication, each a link to its tag page', () => {
    for (const type of ['article', 'publication']) {
      const page = doc(article(type, tags));
      const list = page.querySelector('article .page-tags ul')!;
      const label = page.getElementById(list.getAttribute('aria-labelledby')!)!;
      expect(label.textContent, type).to.equal('Onderwerpen');
      expect([...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]), type).to.deep.equal([
        ['Energietransitie', '/tag/energietransitie'],
        ['Zorg', '/tag/zorg'],
      ]);
    }
    const english = doc(article('article', [{ id: 't3', name: 'Care', slug: 'care' }], 'en-gb'));
    expect(english.querySelector('.page-tags__label')!.textContent).to.equal('Topics');
    expect(english.querySelector('.page-tags a')!.getAttribute('href')).to.equal('/en-gb/tag/care');
  });

  it('are not shown when a page has none, nor entries that are not tags', () => {
    expect(doc(article('article', [])).querySelector('.page-tags')).to.equal(null);
    expect(doc(article('article', undefined)).querySelector('.page-tags')).to.equal(null);
    const odd = [{ id: 'x', name: 'Zonder adres', slug: '' }, null, ...tags.slice(0, 1)] as unknown as PublicTag[];
    expect(textOf(doc(article('article', odd)), '.page-tags a')).to.deep.equal(['Energietransitie']);
  });

  it('make valid, accessible markup', async function () {
    this.timeout(60_000);
    const state = article('article', tags);
    const head = buildHead({ page: state.page, siteName: 'Helder Onderzoek', publicUrl: 'https://www.example.test', defaultLocale: 'nl-nl', locale: 'nl-nl', siblings: [] });
    const [problems] = await nuCheckerProblems([renderDocument({ state, head, assets: { stylesheets: [], modulePreloads: [], scripts: [] } })]);
    expect(problems, problems!.join('\n')).to.deep.equal([]);
    const violations = await axeViolations(renderToStaticMarkup(<App state={state} />), 'nl', { page: true });
    expect(violations, violations.join('\n')).to.deep.equal([]);
  });
});
