import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import { blockErrors } from './decider';

const hash = '0123456789abcdef'.repeat(4);
const photo = { hash, fileName: 'anna.jpg', altText: 'Anna de Vries', fileID: 'f1' };
const block = (type: string, props: Record<string, unknown>, more: Partial<Block> = {}): Block => ({ type, key: `k-${type}`, props, anchorPoint: '', ...more });
/** What the command side says of a version's blocks on a blank page: `code property` per problem. */
const problems = (...blocks: Block[]) => blockErrors('base', blocks).map((item) => `${item.code} ${item.property}`);

describe('storing a version with the hero, team, table, search box and form blocks', () => {
  it('takes each when it is filled in as its type asks', () => {
    expect(
      problems(
        block('hero', { title: 'Onderzoek dat verder kijkt', intro: '', buttonText: 'Contact', link: '/contact', externalUrl: '', alt: '' }, { __images: [photo] }),
        block('team', { name: 'Anna de Vries', function: 'Onderzoeker', description: '', specialties: 'Mobiliteit', linkedinUrl: 'https://www.linkedin.com/in/anna' }, { __images: [photo] }),
        block('table', { caption: 'Tarieven', table: { headerRow: true, rows: [['Dienst', 'Prijs'], ['Quickscan', '€ 1.500']] } }),
        block('searchBox', { label: '' }),
        block('formEmbed', { form: 'quoteRequest', title: 'Offerte aanvragen' }),
      ),
    ).to.deep.equal([]);
  });

  it('names the property of the block that is wrong, with the catalogue code', () => {
    expect(
      problems(
        block('hero', { title: '', link: '/contact' }),
        block('team', { name: 'Anna', linkedinUrl: 'https://evil.test/anna' }),
        block('table', { table: { headerRow: true, rows: [['a', 'b'], ['c']] } }),
        block('searchBox', { label: 'x'.repeat(81) }),
        block('formEmbed', { form: 'newsletterPopup' }),
      ),
    ).to.have.members(['V_01 blocks[0].props.title', 'V_01 blocks[0].props.buttonText', 'V_13 blocks[1].props.linkedinUrl', 'V_12 blocks[2].props.table.rows', 'V_14 blocks[3].props.label', 'V_12 blocks[4].props.form']);
  });

  it('refuses a second photo of a team member (V_14), and images on a block without an image slot (V_12)', () => {
    expect(problems(block('team', { name: 'Anna' }, { __images: [photo, { ...photo, fileID: 'f2' }] }))).to.deep.equal(['V_14 blocks[0].__images']);
    expect(problems(block('table', { table: { headerRow: false, rows: [['a']] } }, { __images: [photo] }))).to.deep.equal(['V_12 blocks[0].__images']);
  });
});
