import { expect } from 'chai';
import { valueErrors } from '../../input';
import { blockType, defaultProps } from '../block-types';

/** What a block type's schema says of props: `code property` per problem. */
function problems(type: string, props: Record<string, unknown>): string[] {
  return valueErrors(blockType(type)!.props, props, 'pageVersion').map((i) => `${i.code} ${i.property}`);
}

describe('the quote block type', () => {
  it('needs the quotation; the person and role are optional', () => {
    expect(problems('quote', { text: 'Meten is weten.', person: 'Heike Kamerlingh Onnes', role: 'natuurkundige' })).to.deep.equal([]);
    expect(problems('quote', { text: 'Alleen de tekst.' })).to.deep.equal([]);
    expect(problems('quote', { text: '   ', person: 'Iemand' })).to.deep.equal(['V_01 text']);
    expect(problems('quote', { text: 'x'.repeat(1001) })).to.deep.equal(['V_14 text']);
  });
});

describe('the key figures block type', () => {
  const figure = (number: string, unit: string, label: string) => ({ number, unit, label });

  it('holds one to eight figures, each a number as written, a unit and a label', () => {
    expect(problems('keyFigures', { title: 'In cijfers', figures: [figure('1.200', '', 'onderzoeken'), figure('87', '%', 'tevreden opdrachtgevers')] })).to.deep.equal([]);
    expect(problems('keyFigures', { figures: [] })).to.deep.equal(['V_01 figures']);
    expect(problems('keyFigures', { figures: Array.from({ length: 9 }, () => figure('1', '', 'x')) })).to.deep.equal(['V_14 figures']);
  });

  it('names the field of the figure that is wrong', () => {
    expect(problems('keyFigures', { figures: [figure('12', '', 'goed'), figure('', '', 'geen getal')] })).to.deep.equal(['V_01 figures[1].number']);
    expect(problems('keyFigures', { figures: [figure('12', 'x'.repeat(21), '')] })).to.have.members(['V_14 figures[0].unit', 'V_01 figures[0].label']);
  });

  it('refuses a figure with a property it does not know, or that is not an object', () => {
    expect(problems('keyFigures', { figures: [{ ...figure('1', '', 'x'), colour: 'red' }] })).to.not.deep.equal([]);
    expect(problems('keyFigures', { figures: ['12 onderzoeken'] })).to.not.deep.equal([]);
  });

  it('starts a new block with one empty figure to fill in', () => {
    expect(defaultProps('keyFigures').figures).to.have.length(1);
  });
});

describe('the questions and answers block type', () => {
  it('holds one to forty questions, each with its answer', () => {
    expect(problems('faq', { title: 'Veelgestelde vragen', items: [{ question: 'Wat kost een offerte?', answer: 'Niets.' }] })).to.deep.equal([]);
    expect(problems('faq', { items: [{ question: 'Zonder antwoord?', answer: '' }] })).to.deep.equal(['V_01 items[0].answer']);
    expect(problems('faq', { items: [] })).to.deep.equal(['V_01 items']);
  });
});

describe('the anchor menu block type', () => {
  it('needs nothing but may have a title', () => {
    expect(problems('anchorMenu', {})).to.deep.equal([]);
    expect(problems('anchorMenu', { title: 'Op deze pagina' })).to.deep.equal([]);
  });
});

describe('the image with text block type', () => {
  const block = (props: Record<string, unknown>, images: { hash: string; fileName: string; altText: string; fileID: string }[] = []) => ({ type: 'imageWithText', key: 'mt', props: { ...defaultProps('imageWithText'), ...props }, anchorPoint: '', __images: images });
  const all = (b: ReturnType<typeof block>) => [...problems('imageWithText', b.props), ...(blockType('imageWithText')!.check?.(b) ?? []).map((p) => `${p.code} ${p.property}`)];

  it('needs an image, from the library or by address, and well-formed rich text', () => {
    expect(all(block({ html: '<p>Tekst</p>', externalUrl: '/a.png' }))).to.deep.equal([]);
    expect(all(block({ html: '<p>Tekst</p>' }, [{ hash: 'a'.repeat(64), fileName: 'a.jpg', altText: 'A', fileID: 'f' }]))).to.deep.equal([]);
    expect(all(block({ html: '<p>Tekst</p>' }))).to.deep.equal(['V_01 __images']);
    expect(all(block({ html: '<p><b>open</p>', externalUrl: '/a.png' }))).to.deep.equal(['V_15 html']);
    expect(all(block({ html: '<p>x</p>', externalUrl: '/a.png', imagePosition: 'boven' }))).to.deep.equal(['V_12 imagePosition']);
  });
});
