import { expect } from 'chai';
import { blockImageSchema } from '@pagelog/contracts/blocks/block-media';
import { aDocument, anItem } from '../../testing/media';
import { blockFileOf, blockImageOf } from './block-media';

describe('a chosen library item as a block stores it', () => {
  it('gives an image its hash, name, id, the default alternative text and its size', () => {
    const image = blockImageOf(anItem());
    expect(image).to.deep.equal({ hash: 'a'.repeat(64), fileName: 'beach.jpg', altText: 'A beach at dawn', fileID: 'item-1', width: 2560, height: 1440 });
    expect(blockImageSchema.isValidSync(image)).to.equal(true);
  });

  it('keeps the crop of the use, and the size of what the crop shows', () => {
    const crop = { x: 10, y: 20, width: 800, height: 450, rotate: 0, scaleX: 1, scaleY: 1 };
    expect(blockImageOf(anItem(), crop)).to.include({ width: 800, height: 450 }).and.to.have.deep.property('cropParams', crop);
  });

  it('keeps the item’s focal point with the use, when it has one', () => {
    const image = blockImageOf(anItem({ focalPoint: { x: 0.2, y: 0.75 } }));
    expect(image.focalPoint).to.deep.equal({ x: 0.2, y: 0.75 });
    expect(blockImageSchema.isValidSync(image)).to.equal(true);
    expect(blockImageOf(anItem())).to.not.have.property('focalPoint');
  });

  it('gives a download its hash and name, with size and type', () => {
    expect(blockFileOf(aDocument())).to.deep.equal({ hash: 'a'.repeat(64), fileName: 'report.pdf', size: 52_000, contentType: 'application/pdf' });
  });
});
