import { expect } from 'chai';
import { pageTypes } from '../pages/page-types';
import { allBlocks, blockType, blocksAllowedOn, blockTypes } from './block-types';

describe('the block registry', () => {
  it('knows each block type of allBlocks by its id, once, and no other', () => {
    const ids = allBlocks.map((block) => block.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(Object.keys(blockTypes)).to.deep.equal(ids);
    for (const block of allBlocks) expect(blockType(block.id)).to.equal(block);
    expect(blockType('constructor')).to.equal(undefined);
  });

  it('gives each block type a label, a line for the add-block menu and an icon', () => {
    for (const block of allBlocks) {
      expect(block.label.trim(), block.id).to.not.equal('');
      expect(block.description.trim(), block.id).to.not.equal('');
      expect(block.icon, block.id).to.match(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('gives each page type the block types that say they belong on it, in the registry order', () => {
    expect(blocksAllowedOn('base')).to.deep.equal(allBlocks.map((block) => block.id));
    expect(blocksAllowedOn('article')).to.deep.equal(['heading', 'text', 'image', 'imageWithText', 'downloads', 'video', 'callToAction', 'cards', 'quote', 'keyFigures', 'faq', 'table', 'anchorMenu', 'formEmbed']);
    for (const type of Object.values(pageTypes)) expect(type.allowedBlocks).to.deep.equal(blocksAllowedOn(type.id));
  });
});
