import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageCard, PublicPageView } from '@pagelog/contracts/pages/page';
import { pageTypes } from '@pagelog/contracts/pages/page-types';
import { emptyContact, type SiteContact } from '@pagelog/contracts/settings/site-settings';
import { axeViolations, nuCheckerProblems } from '../../testing/markup-checks';
import { App } from '../app';
import { PageCard } from '../blocks/page-card';
import { siteTexts } from '../language/site-texts';
import { noMenus, type PageState } from '../page-state';
import { paginationPages } from '../layout/pagination';
import type { OverviewView, TypeView } from './type-view';
import { TypedPage } from './typed-page';

const hash = '0123456789abcdef'.repeat(4);
const contact: SiteContact = { ...emptyContact, streetAddress: 'Oudegracht 12', postalCode: '3511 AB', city: 'Utrecht', phone: '+31 (0)30 123 45 67', email: 'info@example.nl', chamberOfCommerceNumber: '12345678' };
const text = (key: string, html: string): Block => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const heading = (key: string, value: string, level: number): Block => ({ type: 'heading', key, props: { text: value, level }, anchorPoint: '' });

function page(type: string, props: Record<string, unknown>, { title = 'Wachttijden in de wijkverpleging', locale = 'nl-nl', slug = 'publicaties/wachttijden', blocks = [] as Block[] } = {}): PublicPageView {
  const definition = pageTypes[type as keyof typeof pageTypes];
  return {
    slug,
    type,
    locale,
    breadcrumbs: [{ title: 'Welkom', path: '/' }],
    pageVersion: {
      pageID: 'page-1',
      versionID: 'v1',
      title,
      seoTitle: '',
      seoDescription: '',
      seoKeywords: [],
      seoImage: [],
      blocks,
      pageType: { id: type, header: definition.header, footer: definition.footer, props },
      images: [],
      files: [],
    },
  };
}

function stateOf(view: PublicPageView, typeView?: TypeView, site: { contact?: SiteContact } = {}): PageState {
  return {
    page: view,
    status: 200,
    siteName: 'Onderzoeksbureau',
    defaultLocale: 'nl-nl',
    locale: view.locale,
    siblings: null,
    chrome: { site: { name: 'Onderzoeksbureau', logo: null, contact: site.contact ?? contact, social: [] }, menus: noMenus },
    ...(typeView ? { typeView } : {}),
  };
}

const renderApp = (state: PageState) => renderToStaticMarkup(<App state={state} />);
const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
const textsOf = (doc: ParentNode, selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent);
/** A type's own content as the main landmark holds it, for the markup checks. */
const content = (state: PageState) =>
  renderToStaticMarkup(<TypedPage page={state.page!} trail={null} typeView={state.typeView} site={state.chrome!.site} texts={siteTexts(state.locale)} defaultLocale="nl-nl" />);
/** A whole document as the site serves it (no preload links: React adds those for the first image). */
const documentOf = (state: PageState) =>
  `<!DOCTYPE html><html lang="${state.locale.slice(0, 2)}"><head><meta charset="utf-8"><title>${state.page!.pageVersion.title}</title></head><body>${renderApp(state).replace(/<link rel="preload"[^>]*>/g, '')}</body></html>`;

const publication = page('publication', {
  authors: 'Anna de Vries, Ben Smit',
  publicationDate: '2026-02-01',
  summary: 'Wat bewoners willen weten over een warmtenet.',
  mainDownload: { hash, fileName: 'rapport-warmtenet.pdf', size: 1_234_567, contentType: 'application/pdf' },
}, { blocks: [text('t', '<p>Inleiding</p>'), heading('h', 'Aanpak', 1)] });

const member = page('team-member', {
  photo: { hash, fileName: 'anna.jpg', altText: 'Anna de Vries aan haar bureau', fileID: 'f1', width: 800, height: 1000 },
  photoUrl: '',
  function: 'Senior onderzoeker',
  specialties: 'Mobiliteit, Energietransitie',
  linkedinUrl: 'https://www.linkedin.com/in/anna-de-vries',
  email: 'anna@example.nl',
  phone: '030 123 45 67',
}, { title: 'Anna de Vries', slug: 'team/anna-de-vries' });

const vacancy = page('vacancy', { location: 'Utrecht', hours: '32–36', closingDate: '2026-04-30', summary: 'Kom ons team versterken.' }, { title: 'Onderzoeker energie', slug: 'vacatures/onderzoeker' });

const card = (n: number, more: Partial<PublicPageCard> = {}): PublicPageCard => ({
  pageID: `p${n}`,
  locale: 'nl-nl',
  type: 'publication',
  slug: `publicaties/p${n}`,
  path: `/publicaties/p${n}`,
  title: `Publicatie ${n}`,
  summary: `Samenvatting ${n}`,
  image: null,
  date: `2026-01-${String(10 + n).padStart(2, '0')}`,
  ...more,
});

const overview = page('overview', { listedType: 'publication', pageSize: 2 }, { title: 'Publicaties', slug: 'publicaties', blocks: [text('intro', '<p>Al ons onderzoek.</p>')] });
const overviewView = (over: Partial<OverviewView> = {}): OverviewView => ({
  kind: 'overview',
  listedType: 'publication',
  pageNumber: 2,
  pageCount: 3,
  items: [card(3, { image: { kind: 'library', blockKey: null, image: { hash, fileName: 'cover.jpg', altText: 'Omslag', fileID: 'f2' } } }), card(4)],
  total: 6,
  path: '/publicaties',
  ...over,
});

describe('the page types on the site', () => {
  describe('a publication', () => {
    it('is an article: its title the one H1, its authors and date as facts, its summary, and the main download with type and size', () => {
      const doc = parse(renderApp(stateOf(publication)));
      expect(textsOf(doc, 'h1')).to.deep.equal(['Wachttijden in de wijkverpleging']);
      const header = doc.querySelector('main article > header')!;
      expect(textsOf(header, 'dt')).to.deep.equal(['Auteurs', 'Gepubliceerd']);
      expect(textsOf(header, 'dd')).to.deep.equal(['Anna de Vries, Ben Smit', '1 februari 2026']);
      expect(header.querySelector('time')!.getAttribute('datetime')).to.equal('2026-02-01');
      expect(header.querySelector('.article-summary')!.textContent).to.equal('Wat bewoners willen weten over een warmtenet.');
      const download = header.querySelector('a.main-download__link')!;
      expect(download.getAttribute('href')).to.equal(`/api/cms/medialib/get-page-file/page-1/type_file_mainDownload/${hash}/rapport-warmtenet.pdf?download=1`);
      expect(download.getAttribute('download')).to.equal('rapport-warmtenet.pdf');
      expect(download.textContent).to.equal('Downloaden rapport-warmtenet.pdf (PDF, 1,2 MB)');
      // A heading block of level 1 steps down below the title.
      expect(textsOf(doc, 'main h2')).to.include('Aanpak');
    });

    it('speaks the page\'s language, and leaves out what is not set', () => {
      const english = parse(renderApp(stateOf(page('publication', { authors: 'Ann Smith', publicationDate: '2026-02-01' }, { locale: 'en-gb' }))));
      expect(textsOf(english, 'main dt')).to.deep.equal(['Authors', 'Published']);
      expect(textsOf(english, 'main dd')).to.deep.equal(['Ann Smith', '1 February 2026']);
      expect(english.querySelector('.main-download')).to.equal(null);
      const bare = parse(renderApp(stateOf(page('publication', {}))));
      expect(bare.querySelector('main .article-intro')).to.equal(null);
    });
  });

  describe('a team member', () => {
    it('shows the photo, function, specialties and the ways to reach them as links', () => {
      const doc = parse(renderApp(stateOf(member)));
      expect(textsOf(doc, 'h1')).to.deep.equal(['Anna de Vries']);
      const details = doc.querySelector('main article > header .team-member')!;
      const img = details.querySelector('.team-member__photo img')!;
      expect(img.getAttribute('src')).to.include(`/get-page-file/page-1/type_image_photo/${hash}/anna.jpg`);
      expect(img.getAttribute('alt')).to.equal('Anna de Vries aan haar bureau');
      expect(details.querySelector('.team-member__function')!.textContent).to.equal('Senior onderzoeker');
      expect(textsOf(details, '.team-member__specialties li')).to.deep.equal(['Mobiliteit', 'Energietransitie']);
      expect(textsOf(details, 'dt')).to.deep.equal(['E-mail', 'Telefoon', 'LinkedIn']);
      expect([...details.querySelectorAll('dd a')].map((a) => a.getAttribute('href'))).to.deep.equal(['mailto:anna@example.nl', 'tel:0301234567', 'https://www.linkedin.com/in/anna-de-vries']);
    });

    it('takes a photo by its address when there is no library photo, and links LinkedIn only on linkedin.com', () => {
      const other = page('team-member', { photoUrl: 'https://images.example.com/bram.jpg', linkedinUrl: 'https://evil.example/in/bram' }, { title: 'Bram Jansen' });
      const doc = parse(renderApp(stateOf(other)));
      const img = doc.querySelector('.team-member__photo img')!;
      expect(img.getAttribute('src')).to.equal('https://images.example.com/bram.jpg');
      expect(img.getAttribute('alt')).to.equal('');
      expect(doc.querySelector('main dl')).to.equal(null);
      expect(renderApp(stateOf(page('team-member', { photoUrl: 'javascript:alert(1)' })))).to.not.include('javascript');
    });
  });

  describe('a vacancy', () => {
    it('lists its location, hours and closing date as facts, open until the closing date', () => {
      const doc = parse(renderApp(stateOf(vacancy, { kind: 'vacancy', closed: false })));
      expect(textsOf(doc, 'main dt')).to.deep.equal(['Locatie', 'Uren per week', 'Sluitingsdatum']);
      expect(textsOf(doc, 'main dd')).to.deep.equal(['Utrecht', '32–36', '30 april 2026']);
      expect(doc.querySelector('main dd time')!.getAttribute('datetime')).to.equal('2026-04-30');
      expect(doc.querySelector('.vacancy-status')).to.equal(null);
    });

    it('says it is closed after the closing date, in the page\'s language', () => {
      expect(parse(renderApp(stateOf(vacancy, { kind: 'vacancy', closed: true }))).querySelector('.vacancy-status--closed')!.textContent).to.equal('Gesloten');
      const english = page('vacancy', { closingDate: '2026-04-30' }, { locale: 'en-gb' });
      expect(parse(renderApp(stateOf(english, { kind: 'vacancy', closed: true }))).querySelector('.vacancy-status--closed')!.textContent).to.equal('Closed');
    });
  });

  describe('a contact page', () => {
    it("shows the organisation's contact details from the site settings, as the footer does", () => {
      const doc = parse(renderApp(stateOf(page('contact', {}, { title: 'Contact', slug: 'contact', blocks: [text('t', '<p>Bel of mail ons.</p>')] }))));
      const card = doc.querySelector('main .contact-card')!;
      expect(card.querySelector('h2')!.textContent).to.equal('Contactgegevens');
      expect(textsOf(card, 'address .contact-card__line')).to.deep.equal(['Oudegracht 12', '3511 AB Utrecht']);
      expect([...card.querySelectorAll('address a')].map((a) => a.getAttribute('href'))).to.deep.equal(['tel:+31301234567', 'mailto:info@example.nl']);
      expect(textsOf(card, 'dd')).to.include('12345678');
      expect(doc.querySelector('main .block-text')).to.not.equal(null);
    });

    it('shows no details when the settings have none', () => {
      const doc = parse(renderApp(stateOf(page('contact', {}, { title: 'Contact' }), undefined, { contact: emptyContact })));
      expect(doc.querySelector('main .contact-card')).to.equal(null);
      expect(textsOf(doc, 'h1')).to.deep.equal(['Contact']);
    });
  });

  describe('an overview', () => {
    it('lists its page of pages as cards under the introduction, each title an H2 linking to the page, with date and summary', () => {
      const doc = parse(renderApp(stateOf(overview, overviewView())));
      expect(textsOf(doc, 'h1')).to.deep.equal(['Publicaties']);
      expect(doc.querySelector('main .block-text')!.textContent).to.equal('Al ons onderzoek.');
      const items = [...doc.querySelectorAll('main ul.overview__list > li > article.page-card')];
      expect(items.map((item) => item.querySelector('h2 > a')!.getAttribute('href'))).to.deep.equal(['/publicaties/p3', '/publicaties/p4']);
      expect(textsOf(doc, '.page-card__title')).to.deep.equal(['Publicatie 3', 'Publicatie 4']);
      expect(items[0]!.querySelector('time')!.getAttribute('datetime')).to.equal('2026-01-13');
      expect(items[0]!.querySelector('time')!.textContent).to.equal('13 januari 2026');
      expect(items[0]!.querySelector('.page-card__summary')!.textContent).to.equal('Samenvatting 3');
      // The card's image is its page's SEO image, decorative beside the title.
      const img = items[0]!.querySelector('img')!;
      expect(img.getAttribute('src')).to.include(`/get-page-file/p3/seo_image/${hash}/cover.jpg`);
      expect(img.getAttribute('alt')).to.equal('');
      expect(items[1]!.querySelector('img')).to.equal(null);
    });

    it('has a pagination landmark: previous and next with rel, the numbers with the current one marked', () => {
      const doc = parse(renderApp(stateOf(overview, overviewView())));
      const nav = doc.querySelector('nav.pagination')!;
      expect(nav.getAttribute('aria-label')).to.equal('Paginering');
      expect(nav.querySelector('.pagination__status')!.textContent).to.equal('Pagina 2 van 3');
      expect(nav.querySelector('a[rel="prev"]')!.getAttribute('href')).to.equal('/publicaties');
      expect(nav.querySelector('a[rel="next"]')!.getAttribute('href')).to.equal('/publicaties?page=3');
      expect([...nav.querySelectorAll('.pagination__page a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label'), a.getAttribute('aria-current')])).to.deep.equal([
        ['1', '/publicaties', 'Pagina 1', null],
        ['2', '/publicaties?page=2', 'Pagina 2', 'page'],
        ['3', '/publicaties?page=3', 'Pagina 3', null],
      ]);
      const first = parse(renderApp(stateOf(overview, overviewView({ pageNumber: 1 }))));
      expect(first.querySelector('a[rel="prev"]')).to.equal(null);
      const last = parse(renderApp(stateOf(overview, overviewView({ pageNumber: 3 }))));
      expect(last.querySelector('a[rel="next"]')).to.equal(null);
      const one = parse(renderApp(stateOf(overview, overviewView({ pageNumber: 1, pageCount: 1, total: 2 }))));
      expect(one.querySelector('nav.pagination')).to.equal(null);
    });

    it('shows the first, the last and the pages around the current one, with gaps between', () => {
      expect(paginationPages(1, 1)).to.deep.equal([1]);
      expect(paginationPages(1, 5)).to.deep.equal([1, 2, null, 5]);
      expect(paginationPages(5, 10)).to.deep.equal([1, null, 4, 5, 6, null, 10]);
      expect(paginationPages(3, 5)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(paginationPages(10, 10)).to.deep.equal([1, null, 9, 10]);
      expect(paginationPages(4, 10)).to.deep.equal([1, 2, 3, 4, 5, null, 10]);
    });

    it('says when nothing is published yet, when the page asked for lies past the last, and when the list cannot be read', () => {
      const empty = parse(renderApp(stateOf(overview, overviewView({ pageNumber: 1, pageCount: 1, items: [], total: 0 }))));
      expect(empty.querySelector('.overview__message')!.textContent).to.equal('Hier is nog niets gepubliceerd.');
      expect(empty.querySelector('nav.pagination')).to.equal(null);
      const past = parse(renderApp(stateOf(overview, overviewView({ pageNumber: 7, items: [] }))));
      expect(textsOf(past, '.overview__message p')).to.deep.equal(['Deze pagina van de lijst bestaat niet.', 'Naar de eerste pagina']);
      expect(past.querySelector('.overview__message a')!.getAttribute('href')).to.equal('/publicaties');
      const failed = parse(renderApp(stateOf(page('overview', {}, { locale: 'en-gb' }), overviewView({ items: null, total: 0 }))));
      expect(failed.querySelector('.overview__message')!.textContent).to.equal('The list cannot be shown right now. Please try again later.');
    });
  });

  describe('the header and footer', () => {
    it('follow the variant each page type declares', () => {
      for (const [type, { header, footer }] of Object.entries(pageTypes) as [string, { header: string; footer: string }][]) {
        const doc = parse(renderApp(stateOf(page(type, {}))));
        expect(doc.querySelector('header.site-header')?.className ?? 'none', type).to.equal(header === 'none' ? 'none' : `site-header site-header--${header}`);
        expect(doc.querySelector('footer') === null, type).to.equal(footer === 'none');
      }
      expect(pageTypes['landing-page'].header).to.equal('minimal');
    });
  });

  it('opens a home page and an expertise page that start with a heading with the hero band', () => {
    for (const type of ['home', 'expertise']) {
      const doc = parse(renderApp(stateOf(page(type, {}, { slug: 'expertise/energie', blocks: [heading('h', 'Energie en klimaat', 1), text('t', '<p>Wat wij doen.</p>')] }))));
      expect(doc.querySelector('main .hero h1')?.textContent, type).to.equal('Energie en klimaat');
    }
  });

  describe('a card of a page', () => {
    it('shows a library image of the page\'s type data, and an image by its address, decoratively', () => {
      const typed = renderToStaticMarkup(<PageCard card={card(1, { image: { kind: 'library', blockKey: null, typeField: 'photo', image: { hash, fileName: 'anna.jpg', altText: 'Anna', fileID: 'f' } } })} headingLevel={3} locale="nl-nl" />);
      expect(typed).to.include(`/get-page-file/p1/type_image_photo/${hash}/anna.jpg`);
      expect(typed).to.include('<h3 class="page-card__title">');
      const byUrl = renderToStaticMarkup(<PageCard card={card(1, { image: { kind: 'url', url: 'https://img.example.com/a.jpg' } })} headingLevel={2} locale="en-gb" />);
      expect(byUrl).to.include('<img src="https://img.example.com/a.jpg" alt=""');
      expect(byUrl).to.include('11 January 2026');
      const unsafe = renderToStaticMarkup(<PageCard card={card(1, { image: { kind: 'url', url: 'javascript:alert(1)' }, date: 'gisteren' })} headingLevel={2} locale="nl-nl" />);
      expect(unsafe).to.not.include('<img');
      expect(unsafe).to.not.include('<time');
    });
  });

  describe('the markup', () => {
    const states = () => [
      stateOf(publication),
      stateOf(member),
      stateOf(vacancy, { kind: 'vacancy', closed: true }),
      stateOf(page('contact', {}, { title: 'Contact', slug: 'contact' })),
      stateOf(overview, overviewView()),
      stateOf(overview, overviewView({ pageNumber: 1, pageCount: 1, items: [], total: 0 })),
      stateOf(page('publication', { authors: 'Ann Smith', publicationDate: '2026-02-01', mainDownload: { hash, fileName: 'report.pdf' } }, { locale: 'en-gb' })),
    ];

    it('is valid HTML by the Nu HTML Checker, for each page type', async function () {
      this.timeout(60_000);
      const all = states();
      const problems = await nuCheckerProblems(all.map(documentOf));
      problems.forEach((found, i) => expect(found, `${all[i]!.page!.type}: ${found.join('\n')}`).to.deep.equal([]));
    });

    it('breaks no WCAG 2.2 A or AA rule axe-core can check without layout, for each page type', async () => {
      for (const state of states()) {
        const violations = await axeViolations(content(state), state.locale.slice(0, 2));
        expect(violations, `${state.page!.type}: ${violations.join('\n')}`).to.deep.equal([]);
      }
    });
  });
});
