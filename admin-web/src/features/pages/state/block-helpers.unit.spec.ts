import { expect } from 'chai';
import { aBlock } from '../../../testing/pages';
import { blockLabel, blockSummary, newBlock, newBlockKey } from './block-helpers';

describe('blocks in the editor', () => {
  it('get keys of at most 64 characters', () => {
    expect(newBlockKey(() => 'k'.repeat(100))).to.have.length(64);
    expect(newBlockKey()).to.match(/^[0-9a-f-]{36}$/);
  });

  it('start with their type\'s defaults and no anchor', () => {
    expect(newBlock('heading', 'k')).to.deep.equal({ type: 'heading', key: 'k', props: { level: 2 }, anchorPoint: '', __images: [], __files: [] });
  });

  it('are named by their type\'s label', () => {
    expect(['heading', 'text', 'image', 'callToAction'].map(blockLabel)).to.deep.equal(['Heading', 'Rich text', 'Image', 'Call to action']);
    expect(blockLabel('carousel')).to.equal('carousel');
  });

  describe('summaries', () => {
    it('show the first filled-in text, without markup', () => {
      expect(blockSummary(aBlock({ type: 'text', props: { html: '<p>Wij zijn <b>Pagelog</b>&nbsp;en meer.</p>' } }))).to.equal('Wij zijn Pagelog en meer.');
      expect(blockSummary(aBlock({ type: 'callToAction', props: { title: '', text: 'Bel ons', buttonText: 'Bel' } }))).to.equal('Bel ons');
    });

    it('tell a table without a caption by its rows, and a team member by name', () => {
      const rows = [['Dienst', 'Prijs'], ['Quickscan', '€ 1.500'], ['', '']];
      expect(blockSummary(aBlock({ type: 'table', props: { caption: '', table: { headerRow: true, rows } } }))).to.equal('Dienst Prijs · Quickscan € 1.500');
      expect(blockSummary(aBlock({ type: 'table', props: { caption: 'Tarieven', table: { headerRow: true, rows } } }))).to.equal('Tarieven');
      expect(blockSummary(aBlock({ type: 'team', props: { name: 'Anna de Vries', function: 'Onderzoeker' } }))).to.equal('Anna de Vries');
    });

    it('skip choices such as a style', () => {
      expect(blockSummary(aBlock({ type: 'callToAction', props: { title: '', text: '', buttonText: '', url: '', style: 'primary' } }))).to.equal('');
    });

    it('are shortened to 80 characters', () => {
      const summary = blockSummary(aBlock({ props: { text: 'woord '.repeat(40) } }));
      expect(summary.length).to.be.at.most(80);
      expect(summary.endsWith('…')).to.equal(true);
    });

    it('name the library images or files of a block without text', () => {
      const image = { hash: 'b'.repeat(64), fileName: 'beach.jpg', altText: '', fileID: 'beach' };
      expect(blockSummary(aBlock({ type: 'image', props: { externalUrl: '', alt: '', caption: '' }, __images: [image] }))).to.equal('beach.jpg');
      expect(blockSummary(aBlock({ type: 'image', props: { externalUrl: '', alt: '', caption: 'Strand' }, __images: [image] }))).to.equal('Strand');
      const files = [{ hash: 'c'.repeat(64), fileName: 'report.pdf' }, { hash: 'd'.repeat(64), fileName: 'guide.pdf' }];
      expect(blockSummary(aBlock({ type: 'downloads', props: { title: '' }, __files: files }))).to.equal('report.pdf, guide.pdf');
    });

    it('are empty for a block without text', () => {
      expect(blockSummary(aBlock({ props: { level: 2 } }))).to.equal('');
    });
  });
});
