import { expect } from 'chai';
import { valueErrors } from '../../input';
import type { Block } from '../block';
import { blockType, defaultProps } from '../block-types';
import { mediaReferences } from '../media-references';
import { internalLinks } from '../links';
import { isLinkedInUrl, specialtiesOf } from './team-block';

/** What a block type's schema says of props: `code property` per problem. */
function problems(type: string, props: Record<string, unknown>): string[] {
  return valueErrors(blockType(type)!.props, props, 'pageVersion').map((i) => `${i.code} ${i.property}`);
}

const hash = '0123456789abcdef'.repeat(4);

describe('the hero block type', () => {
  const hero = (props: Record<string, unknown>) => ({ ...defaultProps('hero'), title: 'Onderzoek dat verder kijkt', ...props });

  it('needs a title; the introduction, image and call to action are optional', () => {
    expect(problems('hero', hero({}))).to.deep.equal([]);
    expect(problems('hero', hero({ intro: 'Wij helpen beleid met feiten.', buttonText: 'Neem contact op', link: '/contact', externalUrl: 'https://cdn.example/hero.jpg', alt: 'Een onderzoeker' }))).to.deep.equal([]);
    expect(problems('hero', hero({ title: '  ' }))).to.deep.equal(['V_01 title']);
    expect(problems('hero', hero({ title: 'x'.repeat(255) }))).to.deep.equal(['V_11 title']);
    expect(problems('hero', hero({ intro: 'x'.repeat(1001) }))).to.deep.equal(['V_14 intro']);
  });

  it('needs the button text when the button has a link, and the link when it has a text', () => {
    expect(problems('hero', hero({ link: '/contact' }))).to.deep.equal(['V_01 buttonText']);
    expect(problems('hero', hero({ buttonText: 'Neem contact op' }))).to.deep.equal(['V_01 link']);
    expect(problems('hero', hero({ buttonText: 'x'.repeat(81), link: '/contact' }))).to.deep.equal(['V_14 buttonText']);
  });

  it('refuses a link or an image address the link rule does not accept', () => {
    expect(problems('hero', hero({ buttonText: 'Klik', link: 'javascript:alert(1)' }))).to.deep.equal(['V_13 link']);
    expect(problems('hero', hero({ externalUrl: 'mailto:a@b.nl' }))).to.deep.equal(['V_13 externalUrl']);
  });

  it('holds at most one library image, and its link and image are found as links and uses', () => {
    expect(blockType('hero')!.media).to.deep.equal({ images: { label: 'Image', min: 0, max: 1 } });
    const block: Block = { type: 'hero', key: 'h', props: hero({ buttonText: 'Over ons', link: '/over-ons', externalUrl: '/media/hero.jpg' }), anchorPoint: '' };
    expect(internalLinks([block])).to.include('/over-ons');
    expect(mediaReferences([block]).images).to.deep.equal(['/media/hero.jpg']);
  });
});

describe('the team member block type', () => {
  const member = (props: Record<string, unknown>) => ({ ...defaultProps('team'), name: 'Anna de Vries', ...props });

  it('needs a name; function, description, specialties and LinkedIn are optional', () => {
    expect(problems('team', member({}))).to.deep.equal([]);
    expect(problems('team', member({ function: 'Senior onderzoeker', description: 'Anna leidt ons mobiliteitsonderzoek.', specialties: 'Mobiliteit, Energietransitie', linkedinUrl: 'https://www.linkedin.com/in/anna-de-vries' }))).to.deep.equal([]);
    expect(problems('team', member({ name: '' }))).to.deep.equal(['V_01 name']);
    expect(problems('team', member({ function: 'x'.repeat(255) }))).to.deep.equal(['V_11 function']);
    expect(problems('team', member({ description: 'x'.repeat(2001) }))).to.deep.equal(['V_14 description']);
  });

  it('takes specialties as one line separated by commas, each of them short', () => {
    expect(specialtiesOf(' Mobiliteit,Energietransitie , ,Wonen ')).to.deep.equal(['Mobiliteit', 'Energietransitie', 'Wonen']);
    expect(specialtiesOf(undefined)).to.deep.equal([]);
    expect(problems('team', member({ specialties: `Mobiliteit, ${'x'.repeat(81)}` }))).to.deep.equal(['V_14 specialties']);
    expect(problems('team', member({ specialties: 'x, '.repeat(200) }))).to.deep.equal(['V_14 specialties']);
  });

  it('takes only an https address on linkedin.com as the LinkedIn URL (V_13 otherwise)', () => {
    for (const url of ['https://www.linkedin.com/in/anna', 'https://linkedin.com/in/anna', 'https://nl.linkedin.com/in/anna?trk=x', 'HTTPS://WWW.LINKEDIN.COM/in/anna']) {
      expect(isLinkedInUrl(url), url).to.equal(true);
    }
    for (const url of ['http://www.linkedin.com/in/anna', 'https://linkedin.com.evil.test/in/anna', 'https://evil.test/linkedin.com', 'https://evil.test@linkedin.com/in/a', 'https://www.linkedin.com:8443/in/a', 'https://notlinkedin.com/in/a', 'javascript:alert(1)//linkedin.com', 'https://www.linkedin.com/in/a b', 'https://www.linkedin.com\\@evil.test', 'www.linkedin.com/in/anna']) {
      expect(isLinkedInUrl(url), url).to.equal(false);
    }
    expect(problems('team', member({ linkedinUrl: 'https://evil.test/in/anna' }))).to.deep.equal(['V_13 linkedinUrl']);
  });

  it('holds at most one photo from the media library', () => {
    expect(blockType('team')!.media).to.deep.equal({ images: { label: 'Photo', min: 0, max: 1 } });
    const block: Block = { type: 'team', key: 't', props: member({}), anchorPoint: '', __images: [{ hash, fileName: 'anna.jpg', altText: 'Anna', fileID: 'f1' }] };
    expect(mediaReferences([block]).images).to.deep.equal([hash]);
  });
});

describe('the table block type', () => {
  const table = (rows: unknown, headerRow: unknown = true, caption = 'Tarieven 2025') => ({ caption, table: { headerRow, rows } });

  it('takes a caption, the header-row switch and rows of plain-text cells', () => {
    expect(problems('table', table([['Dienst', 'Prijs'], ['Quickscan', '€ 1.500'], ['Onderzoek', 'op aanvraag']]))).to.deep.equal([]);
    expect(problems('table', table([['Alleen data', '12']], false, ''))).to.deep.equal([]);
    expect(problems('table', table([['a']], 'ja'))).to.deep.equal(['V_12 table.headerRow']);
  });

  it('starts a new table with the header row on and three empty rows of two cells, which need text before they are stored', () => {
    const props = defaultProps('table');
    expect(props).to.deep.equal({ caption: '', table: { headerRow: true, rows: [['', ''], ['', ''], ['', '']] } });
    expect(problems('table', props)).to.deep.equal(['V_01 table.rows']);
  });

  it('refuses rows of unequal length (V_12), and no rows or empty rows (V_01)', () => {
    expect(problems('table', table([['a', 'b'], ['c']]))).to.deep.equal(['V_12 table.rows']);
    expect(problems('table', table([]))).to.deep.equal(['V_01 table.rows']);
    expect(problems('table', table([[]]))).to.deep.include('V_01 table.rows[0]');
  });

  it('keeps within 200 rows, 20 columns and 500 characters a cell (V_14), and a caption within 254 (V_11)', () => {
    expect(problems('table', table(Array.from({ length: 200 }, () => ['x'])))).to.deep.equal([]);
    expect(problems('table', table(Array.from({ length: 201 }, () => ['x'])))).to.deep.equal(['V_14 table.rows']);
    expect(problems('table', table([Array.from({ length: 20 }, () => 'x')]))).to.deep.equal([]);
    expect(problems('table', table([Array.from({ length: 21 }, () => 'x')]))).to.deep.equal(['V_14 table.rows[0]']);
    expect(problems('table', table([['x'.repeat(500), 'x'.repeat(501)]]))).to.deep.equal(['V_14 table.rows[0][1]']);
    expect(problems('table', table([['a']], true, 'x'.repeat(255)))).to.deep.equal(['V_11 caption']);
  });

  it('refuses a cell that is not text, and a table prop of another shape', () => {
    expect(problems('table', table([['a', 3]]))).to.deep.equal(['V_12 table.rows[0][1]']);
    expect(problems('table', table([['a', null]]))).to.deep.equal(['V_12 table.rows[0][1]']);
    expect(problems('table', table('a,b'))).to.deep.equal(['V_12 table.rows']);
    expect(problems('table', { table: { rows: [['a']], colour: 'red' } })).to.deep.equal(['V_12 table.colour']);
  });
});

describe('the search box block type', () => {
  it('needs nothing: an empty text gives the site\'s own words; a text of its own is short', () => {
    expect(defaultProps('searchBox')).to.deep.equal({ label: '' });
    expect(problems('searchBox', {})).to.deep.equal([]);
    expect(problems('searchBox', { label: 'Zoek in onze publicaties' })).to.deep.equal([]);
    expect(problems('searchBox', { label: 'x'.repeat(81) })).to.deep.equal(['V_14 label']);
  });
});

describe('the form block type', () => {
  it('places one of the five embeddable forms, with an optional title', () => {
    expect(defaultProps('formEmbed')).to.deep.equal({ form: 'informationRequest', title: '' });
    for (const form of ['informationRequest', 'quoteRequest', 'download', 'newsletter', 'researchLicence']) {
      expect(problems('formEmbed', { form, title: 'Vraag informatie aan' }), form).to.deep.equal([]);
    }
  });

  it('refuses the newsletter popup, unknown forms and an empty choice (V_12)', () => {
    expect(problems('formEmbed', { form: 'newsletterPopup' })).to.deep.equal(['V_12 form']);
    expect(problems('formEmbed', { form: 'contact' })).to.deep.equal(['V_12 form']);
    // An empty value is no choice of the list, as for a video's provider.
    expect(problems('formEmbed', { form: '' })).to.deep.equal(['V_12 form']);
    expect(problems('formEmbed', { form: 'newsletter', title: 'x'.repeat(255) })).to.deep.equal(['V_11 title']);
  });
});
