import { expect } from 'chai';
import { valueErrors } from '../../input';
import { blockType, blocksAllowedOn, defaultProps } from '../block-types';

/** What the cards block's schema says of props: `code property` per problem. */
function problems(props: Record<string, unknown>): string[] {
  return valueErrors(blockType('cards')!.props, props, 'pageVersion').map((i) => `${i.code} ${i.property}`);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `0190a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`);

describe('the cards block type', () => {
  it('shows chosen pages: one to twelve of them, each once', () => {
    expect(problems({ title: 'Lees ook', mode: 'chosen', pageIDs: ids(2), pageType: '', count: 3 })).to.deep.equal([]);
    expect(problems({ mode: 'chosen', pageIDs: [] })).to.deep.equal(['V_01 pageIDs']);
    expect(problems({ mode: 'chosen', pageIDs: ids(13) })).to.deep.equal(['V_14 pageIDs']);
    expect(problems({ mode: 'chosen', pageIDs: [ids(1)[0], ids(1)[0]] })).to.deep.equal(['V_12 pageIDs']);
    expect(problems({ mode: 'chosen', pageIDs: ['../etc'] })).to.deep.equal(['V_12 pageIDs[0]']);
  });

  it('or the latest pages of a type (any type for \'\'), one to twelve, without choosing any', () => {
    expect(problems({ mode: 'latest', pageIDs: [], pageType: 'article', count: 12 })).to.deep.equal([]);
    expect(problems({ mode: 'latest', pageType: '', count: 1 })).to.deep.equal([]);
    expect(problems({ mode: 'latest', pageType: 'recipe', count: 3 })).to.deep.equal(['V_12 pageType']);
    expect(problems({ mode: 'latest', count: 0 })).to.deep.equal(['V_12 count']);
    expect(problems({ mode: 'latest', count: 13 })).to.deep.equal(['V_14 count']);
    expect(problems({ mode: 'latest', count: 2.5 })).to.deep.equal(['V_12 count']);
  });

  it('knows no other mode', () => {
    expect(problems({ mode: 'random', pageIDs: ids(1) })).to.deep.equal(['V_12 mode']);
  });

  it('starts in chosen mode with nothing chosen, three latest pages of any type', () => {
    expect(defaultProps('cards')).to.deep.include({ title: '', mode: 'chosen', pageIDs: [], pageType: '', count: 3 });
  });

  it('may stand on every page type, with an icon of its own', () => {
    expect(blocksAllowedOn('article')).to.include('cards');
    expect(blocksAllowedOn('home')).to.include('cards');
    expect(blockType('cards')!.icon).to.equal('cards');
  });
});
