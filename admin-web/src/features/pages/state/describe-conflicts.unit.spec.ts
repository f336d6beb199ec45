import { expect } from 'chai';
import { aBlock } from '../../../testing/pages';
import { describeConflicts } from './describe-conflicts';

describe('the parts of a conflicting save', () => {
  const mine = { blocks: [aBlock({ key: 'a' }), aBlock({ key: 'b', type: 'image' })] };
  const theirs = { blocks: [aBlock({ key: 'a' }), aBlock({ key: 'c', type: 'callToAction' })] };

  it('name fields by their labels and blocks by type and position', () => {
    expect(describeConflicts(['title', 'seoKeywords', 'blocks.b', 'blocks.order'], mine, theirs)).to.deep.equal([
      { kind: 'field', label: 'Title' },
      { kind: 'field', label: 'SEO keywords' },
      { kind: 'block', label: 'Image', position: 2 },
      { kind: 'order' },
    ]);
  });

  it('name a block the editor removed from the newer version, without a position', () => {
    expect(describeConflicts(['blocks.c'], mine, theirs)).to.deep.equal([{ kind: 'block', label: 'Call to action', position: null }]);
  });

  it('name page settings and list each part once', () => {
    expect(describeConflicts(['settings.slug', 'settings.typeData', 'settings.slug'], mine)).to.deep.equal([
      { kind: 'field', label: 'Slug' },
      { kind: 'typeData' },
    ]);
  });
});
