import { expect } from 'chai';
import { content, heading, richText } from '../page-fixtures';
import { mergeVersions } from './merge';

const h = heading('h', 'Kop');
const t = richText('t', '<p>Tekst</p>');
const base = content({ blocks: [h, t] });

describe('three-way merge of a stale save', () => {
  it('takes each field from the side that changed it', () => {
    const result = mergeVersions(base, content({ ...base, title: 'Hun titel' }), content({ ...base, seoTitle: 'Mijn SEO' }));
    expect(result).to.deep.equal({ content: content({ ...base, title: 'Hun titel', seoTitle: 'Mijn SEO' }), conflicts: [] });
  });

  it('reports a field both sides changed differently, and not one they changed alike', () => {
    expect(mergeVersions(base, content({ ...base, title: 'A' }), content({ ...base, title: 'B' })).conflicts).to.deep.equal(['title']);
    expect(mergeVersions(base, content({ ...base, seoKeywords: ['x'] }), content({ ...base, seoKeywords: ['x'] })).conflicts).to.deep.equal([]);
  });

  it('keeps an edit of one block and a new block of the other side, in place', () => {
    const theirs = content({ blocks: [h, richText('t', '<p>Hun tekst</p>')] });
    const mine = content({ blocks: [h, heading('n', 'Nieuw'), t] });
    expect(mergeVersions(base, theirs, mine).content.blocks).to.deep.equal([h, heading('n', 'Nieuw'), richText('t', '<p>Hun tekst</p>')]);
  });

  it('keeps blocks both sides added', () => {
    const theirs = content({ blocks: [h, t, heading('a', 'A')] });
    const mine = content({ blocks: [heading('b', 'B'), h, t] });
    expect(mergeVersions(base, theirs, mine).content.blocks.map((b) => b.key)).to.deep.equal(['b', 'h', 't', 'a']);
  });

  it('removes a block one side removed and the other left alone', () => {
    expect(mergeVersions(base, content({ blocks: [t] }), base).content.blocks).to.deep.equal([t]);
  });

  it('reports a block one side removed and the other changed', () => {
    const result = mergeVersions(base, content({ blocks: [t] }), content({ blocks: [heading('h', 'Anders'), t] }));
    expect(result.conflicts).to.deep.equal(['blocks.h']);
  });

  it('applies one side\'s re-ordering to the other side\'s edits', () => {
    const theirs = content({ blocks: [h, richText('t', '<p>Hun tekst</p>')] });
    const mine = content({ blocks: [t, h] });
    expect(mergeVersions(base, theirs, mine)).to.deep.equal({ content: content({ blocks: [richText('t', '<p>Hun tekst</p>'), h] }), conflicts: [] });
  });

  it('reports two different re-orderings', () => {
    const three = content({ blocks: [h, t, heading('x', 'X')] });
    const theirs = content({ blocks: [t, h, heading('x', 'X')] });
    const mine = content({ blocks: [heading('x', 'X'), h, t] });
    expect(mergeVersions(three, theirs, mine).conflicts).to.deep.equal(['blocks.order']);
  });
});
