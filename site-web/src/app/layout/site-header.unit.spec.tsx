import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { emptyContact } from '@pagelog/contracts/settings/site-settings';
import { link } from '../../testing/menu-links';
import { siteTexts } from '../language/site-texts';
import type { ChromeSite } from '../page-state';
import { SiteHeader, type SiteHeaderProps } from './site-header';

const site: ChromeSite = { name: 'Helder Onderzoek', logo: null, contact: emptyContact, social: [] };
const menu = [
  link('about', 'Over ons', '/over-ons'),
  link('expertise', 'Expertise', '/expertise', [link('energy', 'Energie', '/expertise/energie', [link('heat', 'Warmte', '/expertise/energie/warmte')]), link('care', 'Zorg', '/expertise/zorg')]),
  link('kvk', 'KvK', 'https://www.kvk.nl'),
];

function header(props: Partial<SiteHeaderProps> = {}): Document {
  const html = renderToStaticMarkup(
    <SiteHeader variant="default" site={site} homeHref="/" menu={menu} currentPath="/expertise/zorg" texts={siteTexts('nl-nl')} searchAction="/zoeken" {...props} />,
  );
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

describe('the site header', () => {
  it('links the logo, or else the name, to the home page of the language', () => {
    expect(header().querySelector('a.site-header__brand')!.outerHTML).to.equal('<a class="site-header__brand" href="/">Helder Onderzoek</a>');
    const logo = { url: '/api/cms/settings/image/logo/abc/logo.svg', width: null, height: null, alt: 'Helder Onderzoek, naar de startpagina' };
    const brand = header({ site: { ...site, logo }, homeHref: '/en-gb' }).querySelector('a.site-header__brand')!;
    expect(brand.getAttribute('href')).to.equal('/en-gb');
    expect(brand.querySelector('img')!.getAttribute('src')).to.equal(logo.url);
    expect(brand.querySelector('img')!.getAttribute('alt')).to.equal('Helder Onderzoek, naar de startpagina');
    expect(brand.textContent).to.equal('');
  });

  it('names the organisation when its logo has no alternative text, and leaves out a logo it cannot load safely', () => {
    const logo = { url: '/logo.png', width: 200, height: 60, alt: ' ' };
    const img = header({ site: { ...site, logo } }).querySelector('a.site-header__brand img')!;
    expect([img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).to.deep.equal(['Helder Onderzoek', '200', '60']);
    expect(header({ site: { ...site, logo: { ...logo, url: 'javascript:alert(1)' } } }).querySelector('a.site-header__brand')!.textContent).to.equal('Helder Onderzoek');
  });

  it('puts the main menu in a named navigation landmark, the current page marked and its parent item on the trail', () => {
    const nav = header().querySelector('nav.main-menu')!;
    expect(nav.getAttribute('aria-label')).to.equal('Hoofdmenu');
    expect([...nav.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}${a.getAttribute('aria-current') ? ' (current)' : ''}`)).to.deep.equal([
      'Over ons /over-ons',
      'Expertise /expertise',
      'Energie /expertise/energie',
      'Warmte /expertise/energie/warmte',
      'Zorg /expertise/zorg (current)',
      'KvK https://www.kvk.nl',
    ]);
    expect(nav.querySelector('.main-menu__item--active > a')!.textContent).to.equal('Expertise');
  });

  it('gives an item with sub-items a closed disclosure button named after it, controlling its sub-menu', () => {
    const doc = header();
    const buttons = [...doc.querySelectorAll('nav.main-menu button')];
    expect(buttons).to.have.length(1);
    const button = buttons[0]!;
    expect(button.getAttribute('type')).to.equal('button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.textContent).to.equal('Submenu: Expertise');
    const submenu = doc.getElementById(button.getAttribute('aria-controls')!)!;
    expect(submenu.tagName).to.equal('UL');
    expect([...submenu.querySelectorAll(':scope > li > a')].map((a) => a.textContent)).to.deep.equal(['Energie', 'Zorg']);
  });

  it('folds the menu, the search field and the languages behind a menu button that controls them', () => {
    const doc = header({ languages: <nav className="language-switcher" aria-label="Taal" /> });
    const toggle = doc.querySelector('button.menu-toggle')!;
    expect(toggle.textContent).to.equal('Menu');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    const panel = doc.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([...panel.children].map((child) => child.className)).to.deep.equal(['main-menu', 'site-search', 'language-switcher']);
    expect(doc.querySelector('header')!.getAttribute('data-island')).to.equal('site-header');
  });

  it('sends the search to the search page of the language as a GET form with a labelled field', () => {
    const form = header({ texts: siteTexts('en-gb'), searchAction: '/en-gb/search' }).querySelector('form')!;
    expect([form.getAttribute('action'), form.getAttribute('method'), form.getAttribute('role')]).to.deep.equal(['/en-gb/search', 'get', 'search']);
    const field = form.querySelector('input')!;
    expect([field.getAttribute('type'), field.getAttribute('name'), field.getAttribute('placeholder')]).to.deep.equal(['search', 'q', 'Search by keyword']);
    expect(form.querySelector(`label[for="${field.id}"]`)!.textContent).to.equal('Search');
    expect(form.querySelector('button[type="submit"]')!.textContent).to.equal('Search');
  });

  it('leaves out the search field in the minimal header, and the menu button when nothing is left to fold', () => {
    expect(header({ variant: 'minimal' }).querySelector('form')).to.equal(null);
    expect(header({ variant: 'minimal' }).querySelector('button.menu-toggle')).not.to.equal(null);
    const bare = header({ variant: 'minimal', menu: [], languages: <nav className="language-switcher" aria-label="Taal" /> });
    expect(bare.querySelector('button')).to.equal(null);
    expect(bare.querySelector('header')!.hasAttribute('data-island')).to.equal(false);
    expect(bare.querySelector('nav.language-switcher')).not.to.equal(null);
    expect(header({ variant: 'none' }).body.innerHTML).to.equal('');
  });

  it('leaves out menu items whose link the site refuses, with what hangs under them, and items without a label', () => {
    const doc = header({ menu: [link('bad', 'Kwaad', 'javascript:alert(1)', [link('child', 'Kind', '/kind')]), link('empty', ' ', '/leeg'), link('ok', 'Goed', '/goed')] });
    expect([...doc.querySelectorAll('nav.main-menu a')].map((a) => a.textContent)).to.deep.equal(['Goed']);
  });

  it('shows no main menu at all when the locale has none', () => {
    expect(header({ menu: [] }).querySelector('nav')).to.equal(null);
  });
});
