import { expect } from 'chai';
import { pageTypeIds } from '@pagelog/contracts/pages/page-type-ids';
import { searchTexts } from './search-texts';

describe('searchTexts', () => {
  it('follows the page\'s locale with the region dropped, English for a language without its own', () => {
    expect(searchTexts('nl-nl').heading).to.equal('Zoeken');
    expect(searchTexts('en-gb').heading).to.equal('Search');
    for (const locale of ['es-es', '', '__proto__']) expect(searchTexts(locale), locale).to.equal(searchTexts('en'));
  });

  it('counts results in the singular and the plural, the number in the language\'s own format', () => {
    expect(searchTexts('nl-nl').resultCount(1, 'onderzoek')).to.equal('1 resultaat voor “onderzoek”');
    expect(searchTexts('nl-nl').resultCount(1234, 'onderzoek')).to.equal('1.234 resultaten voor “onderzoek”');
    expect(searchTexts('en-gb').resultCount(12, 'research')).to.equal('12 results for “research”');
    expect(searchTexts('en-gb').documentTitle('research', 'Site')).to.equal('Search: research – Site');
    expect(searchTexts('nl-nl').documentTitle('', 'Site')).to.equal('Zoeken – Site');
  });

  it('has every text and a name for every page type in every language', () => {
    const keys = Object.keys(searchTexts('en')).sort();
    for (const locale of ['nl', 'en', 'de', 'fr']) {
      const texts = searchTexts(locale);
      expect(Object.keys(texts).sort(), locale).to.deep.equal(keys);
      expect(Object.keys(texts.pageTypes).sort(), locale).to.deep.equal([...pageTypeIds].sort());
      expect(Object.values(texts.pageTypes).every((name) => name.trim() !== ''), locale).to.equal(true);
    }
    expect(searchTexts('en').pageTypes.article).to.equal('Article');
    expect(searchTexts('nl').pageTypes['team-member']).to.equal('Teamlid');
  });
});
