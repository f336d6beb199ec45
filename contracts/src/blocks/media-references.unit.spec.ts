import { expect } from 'chai';
import type { Block } from './block';
import { mediaReferences } from './media-references';

const block = (type: string, props: Record<string, unknown>, more: Partial<Block> = {}): Block => ({ type, key: type, props, anchorPoint: '', ...more });

describe('media references of blocks', () => {
  it('finds the image a block type declares as an image, and the block images and files it holds, each once', () => {
    const blocks = [
      block('image', { externalUrl: '/media/jaarverslag.png', alt: 'Omslag', caption: '' }),
      block('image', { externalUrl: ' /media/jaarverslag.png ', alt: '', caption: '' }),
      block('text', { html: '<p><img src="/media/in-tekst.png"></p>' }, { __images: [{ hash: 'a1', fileName: 'a.png', altText: '', fileID: 'f1' }], __files: [{ hash: 'b2', fileName: 'rapport.pdf' }] }),
    ];
    expect(mediaReferences(blocks)).to.deep.equal({ images: ['/media/jaarverslag.png', 'a1'], files: ['b2'] });
  });

  it('reads no other prop as media, whatever it holds, and nothing of a block type it does not know', () => {
    const blocks = [
      block('callToAction', { label: 'Lees /media/rapport.pdf', url: '/media/rapport.pdf' }),
      block('heading', { text: '/media/kop.png', level: 2 }),
      block('retired', { url: '/media/oud.png' }),
    ];
    expect(mediaReferences(blocks)).to.deep.equal({ images: [], files: [] });
  });
});
