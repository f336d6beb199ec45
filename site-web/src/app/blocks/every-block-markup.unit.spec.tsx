import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { allBlocks, blockType, type BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import type { PublicPageCard, PublicPageView } from '@pagelog/contracts/pages/page';
import type { PrepareContext } from '../../server/prepare-context';
import { preparePage } from '../../server/prepare-page';
import { axeViolations, documentAround, nuCheckerProblems } from '../../testing/markup-checks';
import { BlockList } from './block-list';

const hash = (digit: string) => digit.repeat(64);
const image = { hash: hash('a'), fileName: 'grafiek.png', altText: 'Een grafiek van het aantal besluiten', fileID: 'f1', width: 800, height: 600 };
const block = (type: BlockTypeId, key: string, props: Record<string, unknown>, more: Partial<Block> = {}): Block => ({ type, key, props, anchorPoint: '', ...more });

/**
 * One block of every type of the registry, as an editor fills it in (the record does not compile
 * without an entry for a new type), each valid by its own schema.
 */
const everyBlock: Record<BlockTypeId, Block> = {
  hero: block('hero', 'hero', { title: 'Wat we dit jaar leerden', intro: 'Twaalf maanden onderzoek.', buttonText: 'Lees het rapport', link: '/rapport', externalUrl: '', alt: '' }, { __images: [image] }),
  heading: block('heading', 'kop', { text: 'Onze bevindingen', level: 2 }, { anchorPoint: 'bevindingen' }),
  text: block('text', 'tekst', { html: '<p>Wij onderzoeken <strong>besluitvorming</strong>. Lees <a href="/over-ons">over ons</a>.</p><ul><li><p>Een</p></li></ul>' }),
  image: block('image', 'beeld', { caption: 'Besluiten per kwartaal', externalUrl: '', alt: '' }, { __images: [{ ...image, hash: hash('b'), cropParams: { x: 100, y: 50, width: 400, height: 300, rotate: 0, scaleX: 1, scaleY: 1 }, width: 400, height: 300 }] }),
  imageWithText: block('imageWithText', 'beeld-tekst', { html: '<p>Naast het beeld.</p>', imagePosition: 'right', externalUrl: '/media/team.jpg', alt: 'Het team aan tafel' }),
  downloads: block('downloads', 'downloads', { title: 'Het volledige rapport' }, { __files: [{ hash: hash('c'), fileName: 'jaarverslag.pdf', size: 1_234_567, contentType: 'application/pdf' }] }),
  video: block('video', 'video', { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Het onderzoek in drie minuten', link: '' }),
  callToAction: block('callToAction', 'cta', { title: 'Werk met ons', text: 'Wij denken graag mee.', buttonText: 'Neem contact op', url: 'page:contact', style: 'primary' }),
  cards: block('cards', 'kaarten', { title: 'Lees ook', mode: 'chosen', pageIDs: ['contact', 'gone'], pageType: '', count: 3 }),
  quote: block('quote', 'citaat', { text: 'Het onderzoek gaf ons houvast.', person: 'Anna de Vries', role: 'Gemeente Utrecht' }),
  keyFigures: block('keyFigures', 'cijfers', { title: 'In cijfers', figures: [{ number: '40', unit: '', label: 'organisaties' }, { number: '12', unit: 'mnd', label: 'onderzoek' }] }),
  faq: block('faq', 'vragen', { title: 'Vragen', items: [{ question: 'Wie deed mee?', answer: 'Veertig organisaties.' }] }),
  team: block('team', 'anna', { name: 'Anna de Vries', function: 'Onderzoeker', description: 'Leidt het onderzoek.', specialties: 'Mobiliteit, Energie', linkedinUrl: 'https://www.linkedin.com/in/anna' }, { __images: [{ ...image, hash: hash('d'), altText: 'Anna de Vries' }] }),
  table: block('table', 'tabel', { caption: 'Deelnemers per sector', table: { headerRow: true, rows: [['Sector', 'Aantal'], ['Overheid', '25'], ['Bedrijven', '15']] } }),
  anchorMenu: block('anchorMenu', 'menu', { title: 'Op deze pagina' }),
  searchBox: block('searchBox', 'zoek', { label: '' }),
  formEmbed: block('formEmbed', 'formulier', { form: 'informationRequest', title: 'Stel uw vraag' }),
};

const contact: PublicPageCard = { pageID: 'contact', locale: 'nl-nl', type: 'contact', slug: 'contact', path: '/contact', title: 'Contact', summary: 'Zo bereikt u ons.', image: null, date: '2026-01-05' };
const context: PrepareContext = {
  page: { pageID: 'page-1', locale: 'nl-nl' },
  cards: async (ids) => ids.flatMap((id) => (id === contact.pageID ? [contact] : [])),
  list: async () => ({ total: 1, items: [contact] }),
};

async function renderedPage(locale = 'nl-nl'): Promise<string> {
  const page = {
    slug: 'jaarverslag',
    type: 'base',
    locale,
    pageVersion: { pageID: 'page-1', versionID: 'v1', title: 'Jaarverslag', blocks: Object.values(everyBlock), pageType: { id: 'base', header: 'default', footer: 'default', props: {} }, images: [], files: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] },
  } as PublicPageView;
  const prepared = await preparePage(page, context);
  const html = renderToStaticMarkup(<BlockList blocks={prepared.pageVersion.blocks} pageID="page-1" locale={locale} defaultLocale="nl-nl" topHeadingLevel={2} />);
  // The page's title is its one H1, as the page renders it; React's preload link for the first image goes to the head.
  return `<h1>Jaarverslag</h1>${html.replace(/<link rel="preload"[^>]*>/g, '')}`;
}

describe('every block type on one page', () => {
  it('has a fixture valid by its own schema', () => {
    expect(Object.keys(everyBlock)).to.have.members(allBlocks.map((b) => b.id));
    for (const fixture of Object.values(everyBlock)) {
      expect(() => blockType(fixture.type)!.props.validateSync(fixture.props, { abortEarly: false }), fixture.type).to.not.throw();
    }
  });

  it('renders each block that has something to show', async () => {
    const html = await renderedPage();
    for (const text of ['Wat we dit jaar leerden', 'Onze bevindingen', 'besluitvorming', 'Besluiten per kwartaal', 'Naast het beeld.', 'jaarverslag.pdf', 'Het onderzoek in drie minuten', 'Werk met ons', 'Zo bereikt u ons.', 'Het onderzoek gaf ons houvast.', 'organisaties', 'Wie deed mee?', 'Anna de Vries', 'Deelnemers per sector', 'Op deze pagina']) {
      expect(html, text).to.include(text);
    }
    expect(html).to.include('href="/contact"');
    expect(html).to.not.include('page:');
    expect(html).to.include('Stel uw vraag').and.include('name="question"');
  });

  it('is valid HTML by the Nu HTML Checker, in Dutch and in English', async function () {
    this.timeout(60_000);
    const [nl, en] = await nuCheckerProblems([documentAround(await renderedPage()), documentAround(await renderedPage('en-gb'), 'en')]);
    expect(nl, nl!.join('\n')).to.deep.equal([]);
    expect(en, en!.join('\n')).to.deep.equal([]);
  });

  it('breaks no WCAG 2.2 A or AA rule axe-core can check without layout', async () => {
    const violations = await axeViolations(await renderedPage());
    expect(violations, violations.join('\n')).to.deep.equal([]);
  });
});
