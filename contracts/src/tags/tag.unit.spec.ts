import { expect } from 'chai';
import { messageFor } from '../error-catalogue';
import { checkTagName, MAX_PAGE_TAGS, MAX_TAG_LENGTH, MIN_TAG_LENGTH, tagKey, tagPagePath, tagSlug } from './tag';

describe('the tag name rules', () => {
  describe('when a name is cleaned', () => {
    it('trims it and makes every run of white space inside it one space', () => {
      expect(checkTagName('  Duurzame \t  energie\n ').name).to.equal('Duurzame energie');
      expect(checkTagName('Duurzame\u00a0energie').name).to.equal('Duurzame energie');
    });

    it('keeps an accent typed as a separate mark as the one composed letter', () => {
      expect(checkTagName('Cafe\u0301').name).to.equal('Café');
    });
  });

  describe('when a name is checked', () => {
    it('takes letters of any script, digits, spaces, hyphens, apostrophes, ampersands and dots', () => {
      for (const name of ['Duurzaamheid', 'AI', 'Rock & Roll', "Children's rights", 'Children’s rights', 'e-mail', 'Node.js', '2030', 'Ελληνικά', 'Москва', '日本語', 'Ærø', 'Zürich 2.0']) {
        expect(checkTagName(name).errors, name).to.deep.equal([]);
      }
    });

    it(`refuses a name under ${MIN_TAG_LENGTH} characters after trimming (TG_01), the empty one too`, () => {
      expect(checkTagName('A').errors).to.deep.equal(['TG_01']);
      expect(checkTagName('   x   ').errors).to.deep.equal(['TG_01']);
      expect(checkTagName('').errors).to.deep.equal(['TG_01']);
    });

    it(`takes ${MAX_TAG_LENGTH} characters and refuses more (TG_02), counting characters, not UTF-16 units`, () => {
      expect(checkTagName('a'.repeat(MAX_TAG_LENGTH)).errors).to.deep.equal([]);
      expect(checkTagName('a'.repeat(MAX_TAG_LENGTH + 1)).errors).to.deep.equal(['TG_02']);
      expect(checkTagName('𝒜'.repeat(MAX_TAG_LENGTH)).errors).to.deep.equal([]);
    });

    it('counts the length after inner white space is collapsed', () => {
      expect(checkTagName(`ab${' '.repeat(60)}cd`).errors).to.deep.equal([]);
    });

    it('refuses characters outside the allowed ones (TG_03)', () => {
      for (const name of ['C++', 'a/b', '#duurzaam', 'ja!', 'tag, tag', 'a_b', '<b>', 'emoji 🙂', '"quoted"', 'x²']) {
        expect(checkTagName(name).errors, name).to.deep.equal(['TG_03']);
      }
    });

    it('refuses a name that does not start with a letter or a digit (TG_03)', () => {
      for (const name of ['-duurzaam', "'t Gooi", '&co', '.net']) expect(checkTagName(name).errors, name).to.deep.equal(['TG_03']);
    });

    it('names every rule a name breaks', () => {
      expect(checkTagName('!'.repeat(MAX_TAG_LENGTH + 1)).errors).to.deep.equal(['TG_02', 'TG_03']);
      expect(checkTagName('!').errors).to.deep.equal(['TG_01', 'TG_03']);
    });
  });

  describe("a tag's key", () => {
    it('is the same for names that differ only in capitals or accents', () => {
      expect(tagKey('Duurzaamheid')).to.equal(tagKey('duurzaamheid'));
      expect(tagKey('Café Brûlé')).to.equal('cafe brule');
      expect(tagKey('CAFÉ BRÛLÉ')).to.equal(tagKey('cafe brule'));
      expect(tagKey('Ærø')).to.equal('aero');
      expect(tagKey('Straße')).to.equal(tagKey('STRASSE'));
      expect(tagKey('Œuvre')).to.equal('oeuvre');
      expect(tagKey('Łódź')).to.equal('lodz');
    });

    it('reads a typographic apostrophe as a plain one', () => {
      expect(tagKey('Children’s rights')).to.equal(tagKey("children's rights"));
    });

    it('differs for names that differ in letters', () => {
      expect(tagKey('Duurzaam')).to.not.equal(tagKey('Duurzaamheid'));
    });
  });

  describe("a tag's slug", () => {
    it('is the key with apostrophes dropped and other separators made single hyphens', () => {
      expect(tagSlug('Rock & Roll')).to.equal('rock-roll');
      expect(tagSlug('Children’s rights')).to.equal('childrens-rights');
      expect(tagSlug('Node.js')).to.equal('node-js');
      expect(tagSlug('Duurzame  energie')).to.equal('duurzame-energie');
      expect(tagSlug('Café Brûlé')).to.equal('cafe-brule');
      expect(tagSlug('2030')).to.equal('2030');
    });

    it('keeps letters of other scripts, lower-cased', () => {
      expect(tagSlug('Ελληνικά Νέα')).to.equal('ελληνικα-νεα');
    });

    it('is the same for names that differ only in spaces or punctuation, so they count as one tag (rule 6)', () => {
      expect(tagSlug('Rock & Roll')).to.equal(tagSlug('rock-roll'));
      expect(tagSlug('A.I.')).to.equal(tagSlug('a i'));
    });

    it('is never empty for a valid name', () => {
      for (const name of ['ab', '12', "d'a", 'a&b', 'x.y']) expect(tagSlug(name), name).to.match(/^[\p{L}\p{Nd}]+(-[\p{L}\p{Nd}]+)*$/u);
    });
  });

  describe("a tag page's address", () => {
    it('is /tag/<slug> in the default locale and /<locale>/tag/<slug> in another', () => {
      expect(tagPagePath('nl-nl', 'duurzaamheid', 'nl-nl')).to.equal('/tag/duurzaamheid');
      expect(tagPagePath('en-gb', 'sustainability', 'nl-nl')).to.equal('/en-gb/tag/sustainability');
    });
  });

  describe('the messages of the rules', () => {
    it('name the limits the rules hold', () => {
      expect(messageFor('TG_01')).to.include(String(MIN_TAG_LENGTH));
      expect(messageFor('TG_02')).to.include(String(MAX_TAG_LENGTH));
      expect(messageFor('TG_09')).to.include(String(MAX_PAGE_TAGS));
    });
  });
});
