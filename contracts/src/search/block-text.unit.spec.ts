import { expect } from 'chai';
import { object, string } from 'yup';
import type { Block } from '../blocks/block';
import { allBlocks, blockType, type BlockTypeId } from '../blocks/block-types';
import { pageType } from '../pages/page-types';
import { blockText, htmlText, propsText } from './block-text';

const hash = (digit: string) => digit.repeat(64);
const image = { hash: hash('a'), fileName: 'IMG_2041.png', altText: 'Een grafiek van het aantal besluiten', fileID: 'f1', width: 800, height: 600 };
const block = (type: BlockTypeId, props: Record<string, unknown>, more: Partial<Block> = {}): Block => ({ type, key: type, props, anchorPoint: '', ...more });

/**
 * One block of every type, filled in as an editor would (the record does not compile without an
 * entry for a new type), with what search must find and what it must not.
 */
const everyBlock: Record<BlockTypeId, { block: Block; finds: string[]; never: string[] }> = {
  hero: {
    block: block('hero', { title: 'Wat we dit jaar leerden', intro: 'Twaalf maanden onderzoek.', buttonText: 'Lees het rapport', link: '/rapport', externalUrl: '', alt: '' }, { __images: [image] }),
    finds: ['Wat we dit jaar leerden', 'Twaalf maanden onderzoek.', 'Lees het rapport', 'Een grafiek van het aantal besluiten'],
    never: ['/rapport', 'IMG_2041', hash('a')],
  },
  heading: { block: block('heading', { text: 'Onze bevindingen', level: 2 }, { anchorPoint: 'bevindingen' }), finds: ['Onze bevindingen'], never: ['2', 'bevindingen\n'] },
  text: {
    block: block('text', { html: '<p>Wij onderzoeken <strong>besluit&shy;vorming</strong> &amp; beleid.</p><ul><li><p>Een</p></li><li>Twee</li></ul><p>Lees <a href="/over-ons">over&nbsp;ons</a>.</p>' }),
    finds: ['Wij onderzoeken besluitvorming & beleid.', 'Een\nTwee', 'Lees over ons.'],
    never: ['<', '/over-ons', '&amp;', 'strong'],
  },
  image: {
    block: block('image', { caption: 'Besluiten per kwartaal', externalUrl: '', alt: '' }, { __images: [{ ...image, hash: hash('b') }] }),
    finds: ['Besluiten per kwartaal', 'Een grafiek van het aantal besluiten'],
    never: [hash('b'), 'f1'],
  },
  imageWithText: {
    block: block('imageWithText', { html: '<p>Naast het beeld.</p>', imagePosition: 'right', externalUrl: 'https://example.org/team.jpg', alt: 'Het team aan tafel' }),
    finds: ['Naast het beeld.', 'Het team aan tafel'],
    never: ['right', 'example.org'],
  },
  downloads: {
    block: block('downloads', { title: 'Het volledige rapport' }, { __files: [{ hash: hash('c'), fileName: 'jaarverslag-2024_def.pdf', size: 1_234_567, contentType: 'application/pdf' }] }),
    finds: ['Het volledige rapport', 'jaarverslag 2024 def'],
    never: [hash('c'), 'application/pdf', '1234567'],
  },
  video: {
    block: block('video', { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Het onderzoek in drie minuten', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    finds: ['Het onderzoek in drie minuten'],
    never: ['youtube', 'dQw4w9WgXcQ'],
  },
  callToAction: {
    block: block('callToAction', { title: 'Werk met ons', text: 'Wij denken graag mee.', buttonText: 'Neem contact op', url: 'page:contact', style: 'primary' }),
    finds: ['Werk met ons', 'Wij denken graag mee.', 'Neem contact op'],
    never: ['page:', 'primary'],
  },
  cards: {
    block: block('cards', { title: 'Lees ook', mode: 'latest', pageIDs: [], pageType: 'article', count: 3 }),
    finds: ['Lees ook'],
    never: ['latest', 'article', '3'],
  },
  quote: {
    block: block('quote', { text: 'Het onderzoek gaf ons houvast.', person: 'Anna de Vries', role: 'Gemeente Utrecht' }),
    finds: ['Het onderzoek gaf ons houvast.', 'Anna de Vries', 'Gemeente Utrecht'],
    never: [],
  },
  keyFigures: {
    block: block('keyFigures', { title: 'In cijfers', figures: [{ number: '40', unit: '', label: 'organisaties' }, { number: '12', unit: 'mnd', label: 'onderzoek' }] }),
    finds: ['In cijfers', '40 organisaties', '12 mnd onderzoek'],
    never: [],
  },
  faq: {
    block: block('faq', { title: 'Vragen', items: [{ question: 'Wie deed mee?', answer: 'Veertig organisaties.\n\nUit heel Nederland.' }] }),
    finds: ['Vragen', 'Wie deed mee?', 'Veertig organisaties.', 'Uit heel Nederland.'],
    never: [],
  },
  team: {
    block: block(
      'team',
      { name: 'Anna de Vries', function: 'Onderzoeker', description: 'Leidt het onderzoek.', specialties: 'Mobiliteit, Energie', linkedinUrl: 'https://www.linkedin.com/in/anna' },
      { __images: [{ ...image, hash: hash('d'), altText: 'Portret van Anna', decorative: false }] },
    ),
    finds: ['Anna de Vries', 'Onderzoeker', 'Leidt het onderzoek.', 'Mobiliteit, Energie', 'Portret van Anna'],
    never: ['linkedin'],
  },
  table: {
    block: block('table', { caption: 'Deelnemers per sector', table: { headerRow: true, rows: [['Sector', 'Aantal'], ['Overheid', '25'], ['Bedrijven', '15']] } }),
    finds: ['Deelnemers per sector', 'Sector | Aantal\nOverheid | 25\nBedrijven | 15'],
    never: ['true'],
  },
  anchorMenu: { block: block('anchorMenu', { title: 'Op deze pagina' }), finds: ['Op deze pagina'], never: [] },
  searchBox: { block: block('searchBox', { label: 'Zoek in ons onderzoek' }), finds: ['Zoek in ons onderzoek'], never: [] },
  formEmbed: { block: block('formEmbed', { form: 'informationRequest', title: 'Stel uw vraag' }), finds: ['Stel uw vraag'], never: ['informationRequest'] },
};

describe('the searchable text of a block', () => {
  it('has a fixture of every block type, valid by its own schema', () => {
    expect(Object.keys(everyBlock)).to.have.members(allBlocks.map((b) => b.id));
    for (const { block: fixture } of Object.values(everyBlock)) {
      expect(() => blockType(fixture.type)!.props.validateSync(fixture.props, { abortEarly: false }), fixture.type).to.not.throw();
    }
  });

  for (const [type, { block: fixture, finds, never }] of Object.entries(everyBlock)) {
    it(`holds the words of a ${type} block a visitor reads, and no addresses, ids or choices`, () => {
      const text = blockText(fixture);
      for (const words of finds) expect(text, type).to.include(words);
      for (const words of never) expect(text, type).to.not.include(words);
    });
  }

  it('puts each field on a line of its own, empty ones left out', () => {
    expect(blockText(everyBlock.quote.block)).to.equal('Het onderzoek gaf ons houvast.\nAnna de Vries\nGemeente Utrecht');
    expect(blockText(block('quote', { text: 'Alleen dit.', person: '', role: '  ' }))).to.equal('Alleen dit.');
  });

  it('leaves out the alternative text of a decorative image', () => {
    expect(blockText(block('image', { caption: '', externalUrl: '', alt: '' }, { __images: [{ ...image, decorative: true }] }))).to.equal('');
  });

  it('reads a block of an unknown type as its media only, and odd values as nothing', () => {
    expect(blockText(block('gone' as BlockTypeId, { title: 'Weg' }, { __images: [image] }))).to.equal('Een grafiek van het aantal besluiten');
    expect(blockText(block('faq', { title: 7, items: 'not a list' }))).to.equal('');
    expect(blockText(block('table', { caption: '', table: null }))).to.equal('');
  });

  it('finds a new block type by what its props declare', () => {
    const schema = object({
      title: string().default(''),
      code: string().default('').meta({ searchable: false }),
      target: string().default('').meta({ widget: 'link' }),
      body: string().default('').meta({ widget: 'html' }),
      kind: string().oneOf(['a', 'b']).default('a'),
    });
    expect(propsText(schema, { title: 'Nieuw', code: 'X-123', target: 'page:abc', body: '<p>Eerste</p><p>Tweede</p>', kind: 'b' })).to.equal('Nieuw\nEerste\nTweede');
  });
});

describe('the searchable text of rich text', () => {
  it('shows headings, paragraphs, list items, quotations and line breaks as lines', () => {
    expect(htmlText('<h2>Kop</h2><p>Een<br>twee</p><blockquote><p>Citaat</p></blockquote><ol><li>Punt</li></ol>')).to.equal('Kop\nEen\ntwee\nCitaat\nPunt');
  });

  it('decodes character references, named and numeric, and keeps inline elements in their line', () => {
    expect(htmlText('<p>caf&eacute; &#8364;&nbsp;5 &lt;b&gt; <em>nu</em>!</p>')).to.equal('café € 5 <b> nu!');
  });

  it('reads an image as its alternative text and never shows a script', () => {
    expect(htmlText('<p>Zie <img src="/a.png" alt="de kaart"> hier</p><script>alert(1)</script>')).to.equal('Zie de kaart hier');
  });

  it('reads source line breaks inside a paragraph as spaces', () => {
    expect(htmlText('<p>een\n  twee</p>')).to.equal('een twee');
    expect(htmlText('gewone tekst')).to.equal('gewone tekst');
  });
});

describe('the searchable text of type data', () => {
  it('holds a publication\'s authors, summary and main download, not its date', () => {
    const text = propsText(pageType('publication')!.typeData, {
      authors: 'A. de Vries, B. Jansen',
      publicationDate: '2026-02-01',
      summary: 'Wat we leerden.',
      mainDownload: { hash: hash('e'), fileName: 'rapport_2026.pdf', size: 10, contentType: 'application/pdf' },
    });
    expect(text).to.equal('A. de Vries, B. Jansen\nWat we leerden.\nrapport 2026');
  });

  it('leaves out a team member\'s addresses and a photo\'s file name', () => {
    const text = propsText(pageType('team-member')!.typeData, {
      photo: { ...image, altText: 'Anna lacht' },
      photoUrl: '',
      function: 'Onderzoeker',
      specialties: 'Mobiliteit',
      linkedinUrl: 'https://www.linkedin.com/in/anna',
      email: 'anna@example.org',
      phone: '',
    });
    expect(text).to.equal('Anna lacht\nOnderzoeker\nMobiliteit');
  });
});
