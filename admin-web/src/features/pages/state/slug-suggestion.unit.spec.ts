import { expect } from 'chai';
import { isValidSlug } from '@pagelog/contracts/slugs';
import { slugFollowsTitle, suggestChildSlug, suggestSlug } from './slug-suggestion';

describe('the slug suggested from a title', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(suggestSlug('About Our Team')).to.equal('about-our-team');
  });

  it('drops accents and punctuation, and collapses runs of separators', () => {
    expect(suggestSlug('  Über ons & wij — 2025!  ')).to.equal('uber-ons-wij-2025');
    expect(suggestSlug('Straße')).to.equal('strasse');
  });

  it('answers an empty slug for a title without letters or digits', () => {
    expect(suggestSlug('¿…?')).to.equal('');
  });

  it('always passes the contract slug pattern when not empty', () => {
    for (const title of ['Hello, World', 'A--B', '-leading and trailing-', 'x'.repeat(300), 'Ça va? Très bien.']) {
      const slug = suggestSlug(title);
      expect(isValidSlug(slug), `${title} → ${slug}`).to.equal(true);
    }
  });

  it('keeps following the title until the user types a slug of their own', () => {
    expect(slugFollowsTitle('', 'Anything')).to.equal(true);
    expect(slugFollowsTitle('about-us', 'About us')).to.equal(true);
    expect(slugFollowsTitle('team', 'About us')).to.equal(false);
  });

  describe('for a page under a parent', () => {
    it('puts the parent\'s prefix before the title\'s slug, and gives nothing for an empty title', () => {
      expect(suggestChildSlug('Wind energy', 'expertise/')).to.equal('expertise/wind-energy');
      expect(suggestChildSlug('Wind energy')).to.equal('wind-energy');
      expect(suggestChildSlug('', 'expertise/')).to.equal('');
      expect(isValidSlug(suggestChildSlug('x'.repeat(300), 'expertise/'))).to.equal(true);
    });

    it('follows the title while the slug is the prefix alone or what the title suggests', () => {
      expect(slugFollowsTitle('expertise/', '', 'expertise/')).to.equal(true);
      expect(slugFollowsTitle('expertise/wind', 'Wind', 'expertise/')).to.equal(true);
      expect(slugFollowsTitle('expertise/other', 'Wind', 'expertise/')).to.equal(false);
    });
  });
});
