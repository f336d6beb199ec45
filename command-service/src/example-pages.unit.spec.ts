import { expect } from 'chai';
import { internalLinks } from '@pagelog/contracts/blocks/links';
import { isValidSlug, NOT_FOUND_SLUG } from '@pagelog/contracts/slugs';
import { checkTagName, MAX_PAGE_TAGS } from '@pagelog/contracts/tags/tag';
import { examplePages, examplePathsFor, exampleAddresses } from './example-pages';
import { blockErrors, typeDataErrors } from './pages/authoring/decider';

const locales = ['nl-nl', 'en-gb'] as const;

describe('the example site', () => {
  const keys = [...new Set(examplePages.map((page) => page.key))];

  it('has every page in Dutch and in English, each at a slug of its own', () => {
    for (const locale of locales) {
      const pages = examplePages.filter((page) => page.locale === locale);
      expect(pages.map((page) => page.key).sort(), locale).to.deep.equal([...keys].sort());
      expect(new Set(pages.map((page) => page.slug)).size, locale).to.equal(pages.length);
      for (const page of pages) expect(page.slug === NOT_FOUND_SLUG || isValidSlug(page.slug), page.slug).to.equal(true);
    }
    expect(keys).to.include.members(['home', 'about', 'expertise', 'energy', 'care', 'contact', 'not-found']);
    expect(examplePages.filter((page) => page.type === 'article')).to.have.length(6);
  });

  it('lists a page after the page its path hangs under', () => {
    for (const [index, page] of examplePages.entries()) {
      const parent = page.slug.split('/').slice(0, -1).join('/');
      if (parent === '') continue;
      expect(examplePages.findIndex((other) => other.locale === page.locale && other.slug === parent), page.slug).to.be.within(0, index - 1);
    }
  });

  for (const defaultLocale of locales) {
    it(`stores only blocks and article data the commands accept, with the default locale ${defaultLocale}`, () => {
      for (const page of examplePages) {
        const blocks = page.blocks(examplePathsFor(page.locale, defaultLocale));
        expect(blockErrors(page.type, blocks), `${page.locale}/${page.slug}`).to.deep.equal([]);
        expect(typeDataErrors(page.type, page.typeData ?? {}), `${page.locale}/${page.slug}`).to.deep.equal([]);
      }
    });

    it(`links its pages only to each other, in their own language, with the default locale ${defaultLocale}`, () => {
      const addresses = exampleAddresses(locales, defaultLocale);
      for (const page of examplePages) {
        // Its pictures are the site's own files, not pages.
        const links = internalLinks(page.blocks(examplePathsFor(page.locale, defaultLocale))).filter((link) => !link.startsWith('/assets/site/'));
        const own = addresses.filter((address) => address.locale === page.locale && address.status === 200).map((address) => address.path);
        for (const link of links) expect(own, `${page.locale}/${page.slug} links ${link}`).to.include(link);
      }
    });
  }

  it('gives one H1 to every page but the articles, whose title is their H1, and starts each with it', () => {
    for (const page of examplePages) {
      const blocks = page.blocks(examplePathsFor(page.locale, 'nl-nl'));
      const h1s = blocks.filter((block) => block.type === 'heading' && block.props.level === 1);
      expect(h1s, `${page.locale}/${page.slug}`).to.have.length(page.type === 'article' ? 0 : 1);
      if (page.type !== 'article') expect(blocks[0], `${page.locale}/${page.slug}`).to.equal(h1s[0]);
      for (const block of blocks.filter((b) => b.type === 'text')) expect(String(block.props.html), `${page.locale}/${page.slug}`).not.to.match(/<h1/i);
    }
  });

  it('tags its articles in each language with public tags the tag rules accept, three or more of them on several articles, and one private tag', () => {
    for (const locale of locales) {
      const pages = examplePages.filter((page) => page.locale === locale);
      const publicNames = pages.flatMap((page) => page.tags ?? []);
      const privateNames = pages.flatMap((page) => page.privateTags ?? []);
      for (const name of [...publicNames, ...privateNames]) expect(checkTagName(name).errors, name).to.deep.equal([]);
      // Names are one tag of the locale by their slug: never one public and one private.
      const publicSlugs = new Set(publicNames.map((name) => checkTagName(name).slug));
      for (const name of privateNames) expect(publicSlugs.has(checkTagName(name).slug), name).to.equal(false);
      expect(publicSlugs.size, locale).to.be.at.least(3);
      expect(new Set(privateNames).size, locale).to.equal(1);
      expect([...publicSlugs].filter((slug) => publicNames.filter((name) => checkTagName(name).slug === slug).length > 1), locale).to.have.length.at.least(3);
      for (const page of pages) {
        if (page.type !== 'article') expect(page.tags ?? [], page.slug).to.deep.equal([]);
        expect((page.tags ?? []).length + (page.privateTags ?? []).length, page.slug).to.be.at.most(MAX_PAGE_TAGS);
      }
    }
  });

  it('names every address a visitor reaches, the 404 pages at an address without a page', () => {
    const addresses = exampleAddresses(locales, 'nl-nl');
    expect(addresses).to.have.length(examplePages.length);
    expect(addresses.filter((address) => address.status === 404).map((address) => address.path)).to.deep.equal(['/deze-pagina-bestaat-niet', '/en-gb/this-page-does-not-exist']);
    expect(addresses.filter((address) => address.key === 'energy').map((address) => address.path)).to.deep.equal(['/expertise/energie', '/en-gb/expertise/energy']);
    expect(addresses.find((address) => address.key === 'home' && address.locale === 'en-gb')!.path).to.equal('/en-gb');
    expect(exampleAddresses(['en-gb'], 'en-gb').find((address) => address.key === 'home')!.path).to.equal('/');
  });
});
