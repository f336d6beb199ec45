import { expect } from 'chai';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { mergeCandidates } from './merge-candidates';

const tag = (id: string, name: string, overrides: Partial<TagView> = {}): TagView => ({ id, name, slug: id, locale: 'nl-nl', visibility: 'public', pageCount: 1, publishedPageCount: 1, ...overrides });
const source = tag('a', 'Zeespiegelstijging');
const tags = [
  source,
  tag('b', 'Klimaat'),
  tag('c', 'Duurzame energie'),
  tag('d', 'Éénrichtingsverkeer'),
  tag('e', 'Intern klimaatoverleg', { visibility: 'private' }),
  tag('f', 'Climate', { locale: 'en-gb' }),
];

describe('the tags a tag may be merged into', () => {
  it('are the others of its locale and visibility, by name', () => {
    expect(mergeCandidates(tags, source, '').map((t) => t.name)).to.deep.equal(['Duurzame energie', 'Éénrichtingsverkeer', 'Klimaat']);
  });

  it('are found by the start of the name or of a word, without capitals or accents', () => {
    expect(mergeCandidates(tags, source, 'KLIM').map((t) => t.name)).to.deep.equal(['Klimaat']);
    expect(mergeCandidates(tags, source, 'energ').map((t) => t.name)).to.deep.equal(['Duurzame energie']);
    expect(mergeCandidates(tags, source, 'eenr').map((t) => t.name)).to.deep.equal(['Éénrichtingsverkeer']);
    expect(mergeCandidates(tags, source, 'maat')).to.deep.equal([]);
  });
});
