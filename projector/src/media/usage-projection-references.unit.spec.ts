import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import { blockHashes } from './usage-projection-references';

const hash = 'ab'.repeat(32);
const video = (props: Record<string, unknown>): Block => ({ type: 'video', key: 'v', anchorPoint: '', props: { title: 'Film', link: '', ...props } });

describe('the references where-used indexes for a version\'s blocks', () => {
  it('indexes a video block under its video\'s reference key, next to the hashes of images and files', () => {
    const image: Block = { type: 'image', key: 'i', anchorPoint: '', props: { externalUrl: '', alt: '', caption: '' }, __images: [{ hash, fileName: 'a.jpg', altText: '', fileID: 'f1' }] };
    const keys = blockHashes([video({ provider: 'youtube', videoId: 'dQw4w9WgXcQ' }), image, video({ provider: 'vimeo', videoId: '76979871' }), video({ provider: 'youtube', videoId: 'dQw4w9WgXcQ' })]);
    expect(keys).to.deep.equal([hash, 'video:vimeo:76979871', 'video:youtube:dQw4w9WgXcQ']);
  });

  it('indexes nothing for a video block without a known provider or an id, nor for such props on another block type', () => {
    expect(blockHashes([video({ provider: 'dailymotion', videoId: 'x1' }), video({ provider: 'youtube', videoId: '' }), video({ provider: 'vimeo' })])).to.deep.equal([]);
    expect(blockHashes([{ type: 'heading', key: 'h', anchorPoint: '', props: { text: 'Kop', provider: 'youtube', videoId: 'dQw4w9WgXcQ' } }])).to.deep.equal([]);
  });
});
