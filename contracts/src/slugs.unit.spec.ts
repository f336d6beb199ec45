import { expect } from 'chai';
import { isValidSlug, normaliseSlug, parsePublicPath, publicPath } from './slugs';

describe('slugs and public paths', () => {
  it('accepts lower-case segments with hyphens, and nothing else', () => {
    for (const ok of ['home', '404', 'over-ons', 'diensten/advies-en-onderzoek']) expect(isValidSlug(ok), ok).to.equal(true);
    for (const bad of ['', 'Over', 'over ons', '-a', 'a-', 'a//b', '/a', 'a/', 'über', 'a_b']) expect(isValidSlug(bad), bad).to.equal(false);
  });

  it('normalises surrounding and doubled slashes', () => {
    expect(normaliseSlug(' /over-ons/team/ ')).to.equal('over-ons/team');
    expect(normaliseSlug('a//b')).to.equal('a/b');
  });

  it('reads a locale prefix, else the default locale; the root is the home page', () => {
    expect(parsePublicPath('/', 'nl-nl')).to.deep.equal({ locale: 'nl-nl', slug: 'home' });
    expect(parsePublicPath('/over-ons', 'nl-nl')).to.deep.equal({ locale: 'nl-nl', slug: 'over-ons' });
    expect(parsePublicPath('/en-gb', 'nl-nl')).to.deep.equal({ locale: 'en-gb', slug: 'home' });
    expect(parsePublicPath('/en-gb/about/team?x=1', 'nl-nl')).to.deep.equal({ locale: 'en-gb', slug: 'about/team' });
    expect(parsePublicPath('/EN-GB/About', 'nl-nl')).to.deep.equal({ locale: 'en-gb', slug: 'about' });
    expect(parsePublicPath('/xx-yy/page', 'nl-nl')).to.deep.equal({ locale: 'nl-nl', slug: 'xx-yy/page' });
    expect(parsePublicPath('/%E0%A4%A', 'nl-nl').locale).to.equal('nl-nl');
  });

  it('builds the root path for the default locale and /{locale}/{slug} otherwise', () => {
    expect(publicPath('nl-nl', 'home', 'nl-nl')).to.equal('/');
    expect(publicPath('nl-nl', 'over-ons', 'nl-nl')).to.equal('/over-ons');
    expect(publicPath('en-gb', 'home', 'nl-nl')).to.equal('/en-gb');
    expect(publicPath('en-gb', 'about', 'nl-nl')).to.equal('/en-gb/about');
  });
});
