import { expect } from 'chai';
import { locales } from '@pagelog/contracts/locales';
import { mayBeSearchPath, searchPageLocale, searchPath } from './search-path';

describe('the search results page path', () => {
  it('is /zoeken where Dutch is the default, /search where another language is, and under the locale otherwise', () => {
    expect(searchPath('nl-nl', 'nl-nl')).to.equal('/zoeken');
    expect(searchPath('en-gb', 'nl-nl')).to.equal('/en-gb/search');
    expect(searchPath('de-de', 'nl-nl')).to.equal('/de-de/search');
    expect(searchPath('en-gb', 'en-gb')).to.equal('/search');
    expect(searchPath('nl-nl', 'en-gb')).to.equal('/nl-nl/zoeken');
  });

  it('is recognised as the search page of its locale whatever the default, and only then', () => {
    for (const defaultLocale of locales) {
      for (const locale of locales) {
        const path = searchPath(locale, defaultLocale);
        expect(searchPageLocale(path, defaultLocale), `${path} (default ${defaultLocale})`).to.equal(locale);
        expect(mayBeSearchPath(path), path).to.equal(true);
      }
    }
    expect(searchPageLocale('/search', 'nl-nl')).to.equal(null);
    expect(searchPageLocale('/en-gb/zoeken', 'nl-nl')).to.equal(null);
    expect(searchPageLocale('/zoeken/meer', 'nl-nl')).to.equal(null);
    for (const path of ['/', '/over-ons', '/zoeken/meer', '/en-gb/about/search', '/zoekenx']) expect(mayBeSearchPath(path), path).to.equal(false);
  });
});
