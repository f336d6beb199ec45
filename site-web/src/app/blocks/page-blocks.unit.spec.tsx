import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import type { PrepareContext } from '../../server/prepare-context';
import { preparePage } from '../../server/prepare-page';
import { axeViolations, documentAround, nuCheckerProblems } from '../../testing/markup-checks';
import { BlockList, type BlockListProps } from './block-list';

const hash = '0123456789abcdef'.repeat(4);
const block = (type: string, key: string, props: Record<string, unknown>, more: Partial<Block> = {}): Block => ({ type, key, props, anchorPoint: '', ...more });
const render = (blocks: Block[], props: Partial<BlockListProps> = {}) => renderToStaticMarkup(<BlockList blocks={blocks} pageID="page-1" locale="nl-nl" defaultLocale="nl-nl" {...props} />);
/** Markup without React's preload link for the page's first image. */
const withoutPreload = (html: string) => html.replace(/<link rel="preload"[^>]*>/g, '');

const hero = (props: Record<string, unknown> = {}, more: Partial<Block> = {}) =>
  block('hero', 'hero', { title: 'Onderzoek dat verder kijkt', intro: 'Wij helpen beleid met feiten.', buttonText: 'Neem contact op', link: '/contact', externalUrl: '', alt: '', ...props }, more);
const member = (key: string, props: Record<string, unknown> = {}, more: Partial<Block> = {}) =>
  block('team', key, { name: 'Anna de Vries', function: 'Senior onderzoeker', description: 'Anna leidt ons mobiliteitsonderzoek.', specialties: 'Mobiliteit, Energietransitie', linkedinUrl: 'https://www.linkedin.com/in/anna-de-vries', ...props }, more);
const table = (rows: unknown, headerRow: unknown = true, caption = 'Tarieven 2025') => block('table', 'tab', { caption, table: { headerRow, rows } });
const rows = [['Dienst', 'Prijs'], ['Quickscan', '€ 1.500'], ['Onderzoek', 'op aanvraag']];

describe('the hero block', () => {
  it('renders a section with the title as the page\'s H1, the introduction and a button', () => {
    expect(render([hero()])).to.equal(
      '<section class="block block-hero"><div class="block-hero__text">' +
        '<h1 class="block-hero__title">Onderzoek dat verder kijkt</h1>' +
        '<p class="block-hero__intro">Wij helpen beleid met feiten.</p>' +
        '<p class="block-hero__action"><a class="button button--primary" href="/contact">Neem contact op</a></p>' +
        '</div></section>',
    );
  });

  it('takes an H2 where the page\'s title is the H1 (an article)', () => {
    expect(render([hero()], { topHeadingLevel: 2 })).to.include('<h2 class="block-hero__title">Onderzoek dat verder kijkt</h2>');
  });

  it('shows its image beside the text, loaded at once as the page\'s first image', () => {
    const html = render([hero({ externalUrl: '/media/hero.jpg', alt: 'Onderzoekers aan het werk' }), block('image', 'later', { externalUrl: '/media/b.jpg', alt: 'B', caption: '' })]);
    expect(html).to.include('<section class="block block-hero block-hero--with-media">');
    expect(html).to.match(/<div class="block-hero__media"><img src="\/media\/hero.jpg" alt="Onderzoekers aan het werk" loading="eager"[^>]*fetchPriority="high"/i);
    expect(html).to.match(/<img src="\/media\/b.jpg" alt="B" loading="lazy"/);
    const library = render([hero({}, { __images: [{ hash, fileName: 'hero.jpg', altText: 'Het team', fileID: 'f1' }] })]);
    expect(library).to.include(hash);
    expect(library).to.include('alt="Het team"');
  });

  it('leaves out a button without a text or a safe link, and renders nothing without a title', () => {
    expect(render([hero({ buttonText: '' })])).not.to.include('<a');
    expect(render([hero({ link: 'javascript:alert(1)' })])).not.to.match(/<a|javascript/);
    expect(render([hero({ title: ' ' })])).to.equal('');
  });
});

describe('the hero block as the server prepares it', () => {
  /** The hero's link after preparing, with the pages that are live (id → path). */
  async function preparedLink(link: string, live: Record<string, string>): Promise<unknown> {
    const context: PrepareContext = {
      page: { pageID: 'self', locale: 'nl-nl' },
      cards: async (ids) => ids.flatMap((id) => (live[id] === undefined ? [] : [{ pageID: id, locale: 'nl-nl', type: 'base', slug: live[id]!.slice(1), path: live[id]!, title: id, summary: '', image: null, date: '' }])),
      list: async () => null,
    };
    const page: PublicPageView = {
      slug: 'home',
      type: 'base',
      locale: 'nl-nl',
      pageVersion: { pageID: 'self', versionID: 'v1', title: 'Home', blocks: [hero({ link })], pageType: { id: 'base', header: 'default', footer: 'default', props: {} }, images: [], files: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] },
    } as PublicPageView;
    return (await preparePage(page, context)).pageVersion.blocks[0]!.props.link;
  }

  it('points the button at a page picked by id where it is now, and drops a link the site cannot follow', async () => {
    expect(await preparedLink('page:p1#team', { p1: '/over-ons' })).to.equal('/over-ons#team');
    expect(await preparedLink('page:gone', {})).to.equal('');
    expect(await preparedLink('javascript:alert(1)', {})).to.equal('');
    expect(await preparedLink(' /contact ', {})).to.equal('/contact');
  });
});

describe('the team member block', () => {
  it('renders an article: photo, name as a heading, function, description, specialties and LinkedIn', () => {
    const html = render([member('anna', {}, { __images: [{ hash, fileName: 'anna.jpg', altText: 'Anna de Vries', fileID: 'f1' }] })]);
    expect(html).to.match(/^<div class="block block-team-group"><article class="block block-team"><div class="block-team__photo"><picture>.*<\/picture><\/div>/);
    expect(html).to.include(
      '<h2 class="block-team__name">Anna de Vries</h2>' +
        '<p class="block-team__function">Senior onderzoeker</p>' +
        '<p class="block-team__description">Anna leidt ons mobiliteitsonderzoek.</p>',
    );
    expect(html).to.match(/<p id="([^"]+)" class="block-team__specialties-label">Specialismen<\/p><ul class="block-team__specialties" aria-labelledby="\1"><li>Mobiliteit<\/li><li>Energietransitie<\/li><\/ul>/);
    expect(html).to.include('<p class="block-team__linkedin"><a href="https://www.linkedin.com/in/anna-de-vries">LinkedIn<span class="visually-hidden">: Anna de Vries</span></a></p></article></div>');
    expect(render([member('anna')], { locale: 'en-gb' })).to.include('>Specialties</p>');
  });

  it('sets consecutive members in one group, and starts a new group after another block', () => {
    const html = render([member('a'), member('b', { name: 'Bram Jansen' }), block('text', 't', { html: '<p>tekst</p>' }), member('c', { name: 'Carla Smit' })]);
    expect(html.match(/<div class="block block-team-group">/g)).to.have.length(2);
    expect(html).to.match(/^<div class="block block-team-group"><article[^]*Anna de Vries[^]*<\/article><article[^]*Bram Jansen[^]*<\/article><\/div><div class="block block-text">/);
  });

  it('names a member one heading level below the heading the block stands under', () => {
    const levels = (blocks: Block[], top: 1 | 2 = 1) => [...render(blocks, { topHeadingLevel: top }).matchAll(/<(h\d) class="block-team__name">/g)].map((m) => m[1]);
    expect(levels([block('heading', 'h', { text: 'Ons team', level: 2 }), member('a'), member('b')])).to.deep.equal(['h3', 'h3']);
    expect(levels([block('heading', 'h', { text: 'Directie', level: 3 }), member('a'), block('heading', 'h2', { text: 'Team', level: 2 }), member('b')])).to.deep.equal(['h4', 'h3']);
    expect(levels([hero(), member('a')])).to.deep.equal(['h2']);
    expect(levels([member('a')], 2)).to.deep.equal(['h3']);
  });

  it('links only to a LinkedIn profile, and leaves out what is empty', () => {
    const html = render([member('a', { linkedinUrl: 'https://evil.test/in/anna', function: '', description: '', specialties: ' , ' })]);
    expect(html).to.equal('<div class="block block-team-group"><article class="block block-team"><h2 class="block-team__name">Anna de Vries</h2></article></div>');
    expect(render([member('a', { name: '' })])).not.to.include('<article');
  });
});

describe('the table block', () => {
  it('renders a table with its caption, the first row as column headers and the others as data', () => {
    const html = render([table(rows)]);
    expect(html).to.match(
      new RegExp(
        '^<div class="block block-table" role="region" tabindex="0" aria-labelledby="([^"]+)"><table class="block-table__table"><caption id="\\1">Tarieven 2025</caption>' +
          '<thead><tr><th scope="col">Dienst</th><th scope="col">Prijs</th></tr></thead>' +
          '<tbody><tr><td>Quickscan</td><td>€ 1.500</td></tr><tr><td>Onderzoek</td><td>op aanvraag</td></tr></tbody></table></div>$',
      ),
    );
  });

  it('puts every row in the body when the header row is off, and names the region without a caption', () => {
    const html = render([table(rows, false, '')]);
    expect(html).not.to.match(/<thead|<th|<caption/);
    expect(html.match(/<tr>/g)).to.have.length(3);
    expect(html).to.include('aria-label="Tabel"');
    expect(render([table(rows, false, '')], { locale: 'en-gb' })).to.include('aria-label="Table"');
  });

  it('fills out a short stored row, escapes cells, and renders nothing without text', () => {
    const html = render([table([['a', 'b'], ['<script>x</script>'], 'geen rij'])]);
    expect(html).to.include('<tr><td>&lt;script&gt;x&lt;/script&gt;</td><td></td></tr>');
    expect(html.match(/<tr>/g)).to.have.length(2);
    expect(render([table([['', ' ']])])).to.equal('');
    expect(render([table('geen tabel')])).to.equal('');
  });
});

describe('the search box block', () => {
  it('renders the header\'s GET search form to the search page of the page\'s language, its field named by the site\'s words', () => {
    const html = render([block('searchBox', 's', { label: '' })]);
    expect(html).to.match(
      /^<form class="block block-search" role="search" action="\/zoeken" method="get"><label class="visually-hidden" for="([^"]+)">Zoek op trefwoord<\/label><input class="site-search__input" id="\1" type="search" [^>]*><button class="site-search__button" type="submit">Zoeken<\/button><\/form>$/,
    );
    expect(html).to.include('name="q"');
    expect(html).to.include('placeholder="Zoek op trefwoord"');
    const english = render([block('searchBox', 's', {})], { locale: 'en-gb' });
    expect(english).to.include('action="/en-gb/search"');
    expect(english).to.include('placeholder="Search by keyword"');
  });

  it('takes the editor\'s text as label and placeholder', () => {
    const html = render([block('searchBox', 's', { label: 'Zoek in onze publicaties' })]);
    expect(html).to.match(/>Zoek in onze publicaties<\/label>/);
    expect(html).to.include('placeholder="Zoek in onze publicaties"');
  });
});

describe('the form block', () => {
  it('renders the form of its declaration: the title, each field labelled, optional ones said so, the honeypot out of sight', () => {
    const html = render([block('formEmbed', 'f', { form: 'newsletter', title: 'Blijf op de hoogte' })]);
    expect(html).to.include('data-island="form"').and.include('&quot;form&quot;:&quot;newsletter&quot;');
    expect(html).to.match(/<h2 id="form-f-title" class="block-form__title">Blijf op de hoogte<\/h2>/);
    expect(html).to.match(/<label class="block-form__label" for="form-f-email">E-mailadres<\/label>/);
    const email = html.match(/<input type="email"[^>]*>/)![0];
    for (const attribute of ['id="form-f-email"', 'name="email"', 'required=""', 'autoComplete="email"', 'maxLength="254"']) expect(email, attribute).to.include(attribute);
    expect(html).to.match(/Naam<span class="block-form__optional"> \(optioneel\)<\/span>/);
    expect(html).to.include('<legend class="block-form__label">Onderwerpen');
    expect(html).to.include('name="privacyConsent"');
    expect(html).to.match(/<div class="block-form__trap" aria-hidden="true">.*tabindex="-1"[^>]*name="website"/i);
    expect(html).to.include('>Aanmelden</button>');
  });

  it("takes the form's own title and the page's language when the block gives none", () => {
    const html = render([block('formEmbed', 'q', { form: 'quoteRequest', title: '' })], { locale: 'en-gb' });
    expect(html).to.include('>Request a quote</h2>').and.include('>Budget</label>').and.include('(optional)');
  });

  it('renders nothing for the popup form or one it does not know', () => {
    expect(render([block('formEmbed', 'p', { form: 'newsletterPopup', title: '' })])).to.equal('');
  });
});

describe('the new blocks on a page', () => {
  const page = [
    hero({ externalUrl: '/media/hero.jpg', alt: 'Onderzoekers aan het werk' }),
    block('heading', 'team-heading', { text: 'Ons team', level: 2 }),
    member('anna', {}, { __images: [{ hash, fileName: 'anna.jpg', altText: 'Anna de Vries', fileID: 'f1', width: 800, height: 800 }] }),
    member('bram', { name: 'Bram Jansen', linkedinUrl: 'https://nl.linkedin.com/in/bram' }, { anchorPoint: 'bram' }),
    table(rows),
    table(rows, false, ''),
    block('searchBox', 's1', {}),
    block('searchBox', 's2', { label: 'Zoek in publicaties' }),
    block('formEmbed', 'f', { form: 'download', title: '' }),
  ];

  it('is valid HTML by the Nu HTML Checker, with the header search beside a search box', async function () {
    this.timeout(60_000);
    const header = '<header><form role="search" action="/zoeken" method="get"><label for="site-search-q">Zoeken</label><input id="site-search-q" type="search" name="q"></form></header>';
    const [nl, en] = await nuCheckerProblems([documentAround(withoutPreload(header + render(page))), documentAround(withoutPreload(render(page, { locale: 'en-gb', topHeadingLevel: 2 })), 'en')]);
    expect(nl, nl!.join('\n')).to.deep.equal([]);
    expect(en, en!.join('\n')).to.deep.equal([]);
  });

  it('breaks no WCAG 2.2 A or AA rule axe-core can check without layout', async () => {
    const violations = await axeViolations(withoutPreload(render(page)));
    expect(violations, violations.join('\n')).to.deep.equal([]);
  });
});
