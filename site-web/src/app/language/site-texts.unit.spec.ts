import { expect } from 'chai';
import { siteTexts } from './site-texts';

describe('siteTexts', () => {
  it("follows the page's locale with the region dropped", () => {
    expect(siteTexts('nl-nl').skipToContent).to.equal('Naar de inhoud');
    expect(siteTexts('nl').notFoundTitle).to.equal('Pagina niet gevonden');
    expect(siteTexts('en-gb').languageSwitcher).to.equal('Language');
    expect(siteTexts('de-de').languageSwitcher).to.equal('Sprache');
    expect(siteTexts('fr-fr').languageSwitcher).to.equal('Langue');
    expect(siteTexts('nl-nl').languageSwitcher).to.equal('Taal');
  });

  it('reads a locale in any case', () => {
    expect(siteTexts('NL-BE').search).to.equal('Zoeken');
  });

  it('falls back to English for a language it has no texts for, also one named like an object member', () => {
    for (const locale of ['es-es', 'pt', '', 'constructor', '__proto__']) {
      expect(siteTexts(locale), locale).to.deep.equal(siteTexts('en'));
    }
  });

  it('has every text in every language', () => {
    const keys = Object.keys(siteTexts('en')).sort();
    for (const locale of ['nl', 'de', 'fr']) {
      const texts = siteTexts(locale);
      expect(Object.keys(texts).sort(), locale).to.deep.equal(keys);
      expect(Object.values(texts).every((text) => text.trim() !== ''), locale).to.equal(true);
      expect(texts.skipToContent, locale).not.to.equal(siteTexts('en').skipToContent);
    }
  });
});
