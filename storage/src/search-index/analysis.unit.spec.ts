import { expect } from 'chai';
import {
  buildSnippet,
  closeEnough,
  dutchSpellingVariants,
  editDistance,
  normalize,
  parseQuery,
  snowballStem,
  stem,
  words,
} from './analysis';

const highlighted = (parts: { text: string; highlight: boolean }[]) => parts.filter((part) => part.highlight).map((part) => part.text);
const joined = (parts: { text: string }[]) => parts.map((part) => part.text).join('');

describe('search text analysis', () => {
  describe('when text is normalized', () => {
    it('lowercases and removes accents', () => {
      expect(normalize('Café Ééntje Über Ça')).to.equal('cafe eentje uber ca');
    });

    it('spells out letters that are not a base letter with a mark', () => {
      expect(normalize('Straße Ærø Œuvre Łódź')).to.equal('strasse aero oeuvre lodz');
    });
  });

  describe('when text is split into words', () => {
    it('splits on punctuation, apostrophes and hyphens, keeping digits', () => {
      expect(words("Het kind's rapport: 2024-onderzoek (n.a.v. Café-bezoek)!")).to.deep.equal([
        'het', 'kind', 's', 'rapport', '2024', 'onderzoek', 'n', 'a', 'v', 'cafe', 'bezoek',
      ]);
    });

    it('answers no words for punctuation only', () => {
      expect(words(' -- "*" () ')).to.deep.equal([]);
    });
  });

  describe('when words are stemmed', () => {
    const pairs: [string, string, string][] = [
      ['nl', 'onderzoeken', 'onderzoek'],
      ['nl', 'adviezen', 'advies'],
      ['nl', 'huizen', 'huis'],
      ['nl', 'brieven', 'brief'],
      ['nl', 'organisaties', 'organisatie'],
      ['en', 'researching', 'research'],
      ['en', 'studies', 'study'],
      ['de', 'forschungen', 'forschung'],
      ['de', 'hauser', 'haus'],
      ['fr', 'recherches', 'recherche'],
      ['fr', 'etudes', 'etude'],
    ];
    for (const [language, inflected, base] of pairs) {
      it(`gives ${language} "${inflected}" and "${base}" one stem`, () => {
        expect(stem(language, normalize(inflected))).to.equal(stem(language, normalize(base)));
      });
    }

    it('gives German "Häuser" and "Haus" one stem after normalizing', () => {
      expect(stem('de', words('Häuser')[0]!)).to.equal(stem('de', words('Haus')[0]!));
    });

    it('keeps different Dutch words apart', () => {
      expect(stem('nl', 'huis')).to.not.equal(stem('nl', 'huid'));
      expect(stem('nl', 'brief')).to.not.equal(stem('nl', 'bries'));
    });

    it('leaves a word of a language without a stemmer unchanged', () => {
      expect(stem('xx', 'researching')).to.equal('researching');
      expect(snowballStem('pl', 'badania')).to.equal('badania');
    });

    it('is the classic Snowball stem where the Dutch folding does not apply', () => {
      expect(snowballStem('nl', 'adviezen')).to.equal('adviez');
      expect(stem('nl', 'onderzoeken')).to.equal(snowballStem('nl', 'onderzoeken'));
    });
  });

  describe('when an engine stems Dutch with classic Snowball', () => {
    it('lists every classic lexeme that folds together with the given one', () => {
      expect(dutchSpellingVariants('adviez')).to.include.members(['adviez', 'advies']);
      expect(dutchSpellingVariants('advies')).to.include.members(['adviez', 'advies']);
      expect(dutchSpellingVariants('organisatie')).to.include.members(['organisatie', 'organisaties']);
      expect(dutchSpellingVariants('huiz')).to.include.members(['huiz', 'huis']);
      expect(dutchSpellingVariants('briev')).to.include.members(['briev', 'brief']);
    });

    it('answers only lexemes that fold to the same stem, the given one first', () => {
      for (const lexeme of ['adviez', 'organisaties', 'huis', 'brief', 'onderzoek']) {
        const variants = dutchSpellingVariants(lexeme);
        expect(variants[0]).to.equal(lexeme);
        for (const variant of variants) expect(stem('nl', variant), variant).to.equal(stem('nl', lexeme));
      }
      expect(dutchSpellingVariants('onderzoek')).to.deep.equal(['onderzoek']);
    });

    it('covers what the classic stemmer makes of both spellings', () => {
      for (const [a, b] of [['adviezen', 'advies'], ['huizen', 'huis'], ['brieven', 'brief'], ['organisaties', 'organisatie']] as const) {
        expect(dutchSpellingVariants(snowballStem('nl', a))).to.include(snowballStem('nl', b));
        expect(dutchSpellingVariants(snowballStem('nl', b))).to.include(snowballStem('nl', a));
      }
    });
  });

  describe('when a search term is parsed', () => {
    it('stems each word in the languages of the locales, without repeats', () => {
      const [word] = parseQuery('adviezen ', ['nl-nl', 'nl-be']);
      expect(word).to.deep.equal({ text: 'adviezen', stems: [stem('nl', 'adviezen')], prefix: false, fuzzy: true });
    });

    it('stems in all four languages when no locale is given', () => {
      const [word] = parseQuery('studies', []);
      expect(word!.stems).to.have.members([...new Set(['nl', 'en', 'de', 'fr'].map((l) => stem(l, 'studies')))]);
      expect(word!.stems).to.include('studi');
    });

    it('treats the last word as a prefix while it is being typed', () => {
      expect(parseQuery('duurzaam onderz', ['nl-nl']).map((w) => w.prefix)).to.deep.equal([false, true]);
      expect(parseQuery('duurzaam onderz ', ['nl-nl']).map((w) => w.prefix)).to.deep.equal([false, false]);
    });

    it('allows typos only in words of five letters or more', () => {
      expect(parseQuery('huis kamer', ['nl-nl']).map((w) => w.fuzzy)).to.deep.equal([false, true]);
    });

    it('looks for typos in the first three long words only, so a long term costs no more than three vocabulary scans', () => {
      const fuzzy = parseQuery('onderzoek adviezen gemeente huis energietransitie bewoners warmtenet', ['nl-nl']).map((w) => w.fuzzy);
      expect(fuzzy).to.deep.equal([true, true, true, false, false, false, false]);
    });

    it('ignores one-letter words except digits, and syntax characters', () => {
      expect(parseQuery('"a" * 7 NEAR(x) -y: OR', ['en-gb']).map((w) => w.text)).to.deep.equal(['7', 'near', 'or']);
    });

    it('keeps at most twelve words', () => {
      const term = Array.from({ length: 20 }, (_, i) => `woord${i}`).join(' ');
      const parsed = parseQuery(term, ['nl-nl']);
      expect(parsed).to.have.length(12);
      expect(parsed[11]!.text).to.equal('woord11');
      expect(parsed[11]!.prefix).to.equal(false);
    });

    it('answers nothing for an empty term', () => {
      expect(parseQuery('   ', [])).to.deep.equal([]);
    });
  });

  describe('when a word may be a typo', () => {
    it('measures edits', () => {
      expect(editDistance('onderzeok', 'onderzoek')).to.equal(2);
    });

    it('allows one edit in 5–7 letters, two from 8, none below 5', () => {
      expect(closeEnough('duurzaamheit', 'duurzaamheid')).to.equal(true);
      expect(closeEnough('onderzeok', 'onderzoek')).to.equal(true);
      expect(closeEnough('kamre', 'kamer')).to.equal(false);
      expect(closeEnough('kamar', 'kamer')).to.equal(true);
      expect(closeEnough('kamar', 'kammen')).to.equal(false);
      expect(closeEnough('huys', 'huis')).to.equal(false);
      expect(closeEnough('onderzoekje', 'onderwerp')).to.equal(false);
    });
  });

  describe('when a snippet is built', () => {
    const body =
      'Het jaarverslag beschrijft de plannen van de gemeente voor de komende jaren. ' +
      'Er is veel aandacht voor wonen, verkeer en groen in de wijken. '.repeat(4) +
      'Het nieuwe onderzoek naar duurzaamheid laat zien dat de onderzoeken van vorig jaar goed waren. ' +
      'Daarna volgt een lange opsomming van cijfers over begrotingen en uitgaven. '.repeat(4);

    it('shows the part with the most matches and highlights the matched words', () => {
      const parts = buildSnippet(body, 'nl', parseQuery('onderzoek duurzaamheid', ['nl-nl']));
      expect(highlighted(parts)).to.deep.equal(['onderzoek', 'duurzaamheid', 'onderzoeken']);
      const text = joined(parts);
      expect(text.startsWith('…')).to.equal(true);
      expect(text.endsWith('…')).to.equal(true);
      expect(text.length).to.be.at.most(203);
    });

    it('cuts at word boundaries', () => {
      const text = joined(buildSnippet(body, 'nl', parseQuery('duurzaamheid', ['nl-nl']), 80));
      const inner = text.replace(/^…/, '').replace(/…$/, '');
      for (const word of inner.split(/\s+/)) expect(body).to.match(new RegExp(`(^|\\s)${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`));
    });

    it('highlights prefixes of the last word and close misspellings', () => {
      expect(highlighted(buildSnippet(body, 'nl', parseQuery('duurza', ['nl-nl'])))).to.deep.equal(['duurzaamheid']);
      expect(highlighted(buildSnippet(body, 'nl', parseQuery('duurzaamheit ', ['nl-nl'])))).to.deep.equal(['duurzaamheid']);
    });

    it('matches accents either way and keeps the text as written', () => {
      const parts = buildSnippet('Een bezoek aan het Café in Zürich.', 'nl', parseQuery('cafe zurich', ['nl-nl']));
      expect(highlighted(parts)).to.deep.equal(['Café', 'Zürich']);
      expect(joined(parts)).to.equal('Een bezoek aan het Café in Zürich.');
    });

    it('merges neighbouring parts of the same kind', () => {
      const parts = buildSnippet('groot onderzoek', 'nl', parseQuery('onderzoek', ['nl-nl']));
      expect(parts).to.deep.equal([
        { text: 'groot ', highlight: false },
        { text: 'onderzoek', highlight: true },
      ]);
    });

    it('shows the beginning of the text when nothing matches', () => {
      const parts = buildSnippet(body, 'nl', parseQuery('fietsen', ['nl-nl']), 60);
      expect(parts).to.have.length(1);
      expect(parts[0]!.highlight).to.equal(false);
      expect(parts[0]!.text.startsWith('Het jaarverslag beschrijft')).to.equal(true);
      expect(parts[0]!.text.endsWith('…')).to.equal(true);
    });

    it('never turns markup in the text into anything but text', () => {
      const parts = buildSnippet('<b>onderzoek</b> & meer', 'nl', parseQuery('onderzoek', ['nl-nl']));
      expect(joined(parts)).to.equal('<b>onderzoek</b> & meer');
    });

    it('answers no parts for an empty text', () => {
      expect(buildSnippet('  ', 'nl', parseQuery('x', []))).to.deep.equal([]);
    });
  });
});
