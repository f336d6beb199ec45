import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { emptyContact } from '@pagelog/contracts/settings/site-settings';
import { link } from '../testing/menu-links';
import { App } from './app';
import type { PageState } from './page-state';

const heading = (key: string, text: string, level: number): Block => ({ type: 'heading', key, props: { text, level }, anchorPoint: '' });
const text = (key: string, html: string): Block => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const image = (key: string): Block => ({ type: 'image', key, props: { externalUrl: '/assets/site/a.svg', alt: 'Een beeld', caption: '' }, anchorPoint: '' });

function page(over: Partial<PublicPageView> = {}, blocks: Block[] = [], props: Record<string, unknown> = {}): PublicPageView {
  const type = over.type ?? 'base';
  return {
    slug: 'publicaties/wachttijden',
    type,
    locale: 'nl-nl',
    breadcrumbs: [
      { title: 'Welkom', path: '/' },
      { title: 'Publicaties', path: '/publicaties' },
    ],
    ...over,
    pageVersion: {
      pageID: 'p1',
      versionID: 'v1',
      title: 'Wachttijden in de wijkverpleging',
      seoTitle: '',
      seoDescription: '',
      seoKeywords: [],
      seoImage: [],
      blocks,
      pageType: { id: type, header: type === 'landing-page' ? 'minimal' : 'default', footer: 'default', props },
      images: [],
      files: [],
    },
  };
}

function render(state: Partial<PageState> & Pick<PageState, 'page'>): Document {
  const html = renderToStaticMarkup(<App state={{ status: 200, siteName: 'Pagelog', defaultLocale: 'nl-nl', locale: state.page?.locale ?? 'nl-nl', siblings: null, ...state }} />);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

const texts = (doc: ParentNode, selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent);

describe('the page (App)', () => {
  describe('an article', () => {
    const article = page({ type: 'article' }, [text('t', '<p>Inleiding</p>'), heading('h1', 'Een kop die H1 wilde zijn', 1), heading('h2', 'Gewone kop', 2)], {
      author: 'Daan Bakker',
      publicationDate: '2026-01-20',
      summary: 'Wie alleen de intake meet, ziet de helft.',
    });

    it('has its title as its only H1, with the byline and date under it, and its heading blocks below H1', () => {
      const doc = render({ page: article });
      expect(texts(doc, 'h1')).to.deep.equal(['Wachttijden in de wijkverpleging']);
      expect(texts(doc, 'main h2')).to.deep.equal(['Een kop die H1 wilde zijn', 'Gewone kop']);
      const header = doc.querySelector('article > header')!;
      expect(header.querySelector('h1 + .article-intro .article-byline')!.textContent).to.equal('Door Daan Bakker · 20 januari 2026');
      expect(header.querySelector('.article-summary')!.textContent).to.equal('Wie alleen de intake meet, ziet de helft.');
    });

    it('shows its breadcrumbs: a named landmark with an ordered list, the home page as "Home", itself last and current', () => {
      const nav = render({ page: article }).querySelector('nav.breadcrumbs')!;
      expect(nav.getAttribute('aria-label')).to.equal('Kruimelpad');
      const items = [...nav.querySelectorAll('ol > li')];
      expect(items.map((item) => item.textContent)).to.deep.equal(['Home', 'Publicaties', 'Wachttijden in de wijkverpleging']);
      expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['/', '/publicaties']);
      expect(items.at(-1)!.querySelector('[aria-current="page"]')!.textContent).to.equal('Wachttijden in de wijkverpleging');
      expect(nav.querySelectorAll('[aria-current]')).to.have.length(1);
    });
  });

  it('shows no breadcrumbs on a page with nothing above it, nor on the 404 page', () => {
    expect(render({ page: page({ slug: 'home', breadcrumbs: [] }) }).querySelector('nav.breadcrumbs')).to.equal(null);
    expect(render({ page: page({ slug: '404' }), status: 404 }).querySelector('nav.breadcrumbs')).to.equal(null);
  });

  it('opens a landing page, and the home page, with a hero: the opening heading and text, and the image after them beside them', () => {
    const blocks = [heading('h', 'Onderzoek dat verder kijkt', 1), text('t', '<p>Wij helpen.</p>'), image('i'), heading('h2', 'Waar wij aan werken', 2), image('later')];
    for (const over of [{ type: 'landing-page' }, { slug: 'home', breadcrumbs: [] }]) {
      const doc = render({ page: page(over, blocks) });
      const hero = doc.querySelector('main > .hero')!;
      expect(texts(hero, '.hero__text h1, .hero__text p')).to.deep.equal(['Onderzoek dat verder kijkt', 'Wij helpen.']);
      expect(hero.querySelector('.hero__media img')!.getAttribute('loading')).to.equal('eager');
      expect(texts(doc, '.hero ~ .page-column h2')).to.deep.equal(['Waar wij aan werken']);
      expect(doc.querySelector('.hero ~ .page-column img')!.getAttribute('loading')).to.equal('lazy');
    }
    expect(render({ page: page({}, blocks) }).querySelector('.hero')).to.equal(null);
    expect(render({ page: page({ type: 'landing-page' }, [text('t', '<p>Geen kop</p>')]) }).querySelector('.hero')).to.equal(null);
  });

  it("shows the organisation's name, menus and details from the chrome", () => {
    const doc = render({
      page: page(),
      chrome: {
        site: { name: 'Helder Onderzoek', logo: null, contact: { ...emptyContact, city: 'Utrecht' }, social: [] },
        menus: { main: [link('m', 'Publicaties', '/publicaties')], footer: [link('f', 'Vacatures', '/vacatures')], service: [link('s', 'Privacy', '/privacy')] },
      },
    });
    expect(doc.querySelector('.site-header__brand')!.textContent).to.equal('Helder Onderzoek');
    expect(texts(doc, 'nav.main-menu a')).to.deep.equal(['Publicaties']);
    expect(doc.querySelector('nav.main-menu a')!.hasAttribute('aria-current')).to.equal(false);
    expect(texts(doc, 'footer nav a')).to.deep.equal(['Vacatures', 'Privacy']);
    expect(doc.querySelector('footer address')!.textContent).to.include('Utrecht');
  });

  it('falls back to the configured site name, without menus or details, when it has no chrome', () => {
    const doc = render({ page: page() });
    expect(doc.querySelector('.site-header__brand')!.textContent).to.equal('Pagelog');
    expect(doc.querySelector('nav.main-menu, footer nav, footer address')).to.equal(null);
    expect(doc.querySelector('.site-footer__copyright')!.textContent).to.match(/^© \d{4} Pagelog$/);
  });

  it('links the translations of a found page in the header, and searches in the language of the page', () => {
    const nl = { pageID: 'p1', locale: 'nl-nl', slug: 'a', path: '/a', title: 'A' };
    const en = { pageID: 'p2', locale: 'en-gb', slug: 'a', path: '/en-gb/a', title: 'A' };
    const english = render({ page: page({ locale: 'en-gb' }), siblings: { pageID: 'p1', pages: [nl, en] } });
    expect(texts(english, 'header nav.language-switcher a')).to.deep.equal(['Nederlands', 'English']);
    expect(english.querySelector('header form')!.getAttribute('action')).to.equal('/en-gb/search');
    // Siblings read for another page are never shown.
    expect(render({ page: page(), siblings: { pageID: 'other', pages: [nl, en] } }).querySelector('nav.language-switcher')).to.equal(null);
  });
});
