import { expect } from 'chai';
import { localesWithPagesRemoved, moved, toggleLocale } from './settings-form';

describe('the site settings form', () => {
  it('adds a locale at the end, keeping the order the site has, and drops a removed one from the custom-slug locales', () => {
    const values = { availableLocales: ['nl-nl' as const, 'en-gb' as const], customSlugLocales: ['en-gb' as const] };
    expect(toggleLocale(values, 'de-de', true)).to.deep.equal({ availableLocales: ['nl-nl', 'en-gb', 'de-de'], customSlugLocales: ['en-gb'] });
    expect(toggleLocale(values, 'en-gb', false)).to.deep.equal({ availableLocales: ['nl-nl'], customSlugLocales: [] });
  });

  it('names only the removed locales that have pages', () => {
    expect(localesWithPagesRemoved(['nl-nl', 'en-gb', 'de-de'], { availableLocales: ['nl-nl'] }, { 'en-gb': 4, 'de-de': 0 })).to.deep.equal([{ locale: 'en-gb', pages: 4 }]);
    expect(localesWithPagesRemoved(['nl-nl', 'en-gb'], { availableLocales: ['nl-nl', 'en-gb', 'fr-fr'] }, { 'en-gb': 4 })).to.deep.equal([]);
  });

  it('moves a row up and down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).to.deep.equal(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).to.deep.equal(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 0, -1)).to.deep.equal(['a', 'b', 'c']);
  });
});
