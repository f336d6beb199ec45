import { expect } from 'chai';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { absoluteMediaUrl, absolutePageUrl, buildHead, type HeadInput } from './build-head';

function page(slug: string, locale: string, version: Partial<PublicPageView['pageVersion']> = {}): PublicPageView {
  return {
    slug,
    type: 'base',
    locale,
    pageVersion: {
      pageID: 'p',
      versionID: 'v',
      title: 'Titel',
      seoTitle: '',
      seoDescription: '',
      seoKeywords: [],
      seoImage: [],
      blocks: [],
      pageType: { id: 'base', header: 'default', footer: 'default', props: {} },
      images: [],
      files: [],
      ...version,
    },
  };
}

function head(input: Partial<HeadInput> & Pick<HeadInput, 'page'>): string[] {
  return buildHead({ siteName: 'Site', publicUrl: 'https://example.test', defaultLocale: 'en-gb', csrfToken: 't', ...input }).split('\n');
}

describe('buildHead', () => {
  it('gives a page without SEO fields its title, empty description and keywords, and no og:image', () => {
    expect(head({ page: page('about', 'en-gb') })).to.deep.equal([
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>Titel | Site</title>',
      '<meta name="description" content="">',
      '<meta name="keywords" content="">',
      '<meta property="og:title" content="Titel">',
      '<meta property="og:description" content="">',
      '<meta property="og:type" content="website">',
      '<meta property="og:url" content="https://example.test/about">',
      '<meta property="og:site_name" content="Site">',
      '<link rel="canonical" href="https://example.test/about">',
      '<meta name="csrf-token" content="t">',
      '<link rel="icon" href="/assets/site/favicon.svg" type="image/svg+xml">',
    ]);
  });

  it('treats a blank SEO title as absent', () => {
    expect(head({ page: page('about', 'en-gb', { seoTitle: '   ' }) })).to.include('<title>Titel | Site</title>');
  });

  it('prefixes the canonical URL with the locale only outside the default locale', () => {
    expect(head({ page: page('home', 'en-gb') })).to.include('<link rel="canonical" href="https://example.test/">');
    expect(head({ page: page('home', 'nl-nl') })).to.include('<link rel="canonical" href="https://example.test/nl-nl">');
    expect(head({ page: page('a/b', 'nl-nl') })).to.include('<link rel="canonical" href="https://example.test/nl-nl/a/b">');
  });

  it('marks the 404 page and the missing page as not to be indexed', () => {
    expect(head({ page: page('404', 'en-gb') })).to.include('<meta name="robots" content="noindex">');
    expect(head({ page: null })).to.deep.equal([
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>Page not found | Site</title>',
      '<meta name="robots" content="noindex">',
      '<meta name="csrf-token" content="t">',
      '<link rel="icon" href="/assets/site/favicon.svg" type="image/svg+xml">',
    ]);
  });

  it('escapes the site name too', () => {
    expect(head({ page: page('about', 'en-gb'), siteName: 'A & "B"' })).to.include('<title>Titel | A &amp; &quot;B&quot;</title>');
  });
});

describe('absolutePageUrl', () => {
  it('joins the public URL and a path without doubling the slash', () => {
    expect(absolutePageUrl('https://example.test/', '/about')).to.equal('https://example.test/about');
    expect(absolutePageUrl('https://example.test/site', '/about')).to.equal('https://example.test/site/about');
  });
});

describe('absoluteMediaUrl', () => {
  it('resolves relative URLs against the public URL and keeps http(s) URLs', () => {
    expect(absoluteMediaUrl('/media/a.jpg', 'https://example.test/site')).to.equal('https://example.test/media/a.jpg');
    expect(absoluteMediaUrl('media/a.jpg', 'https://example.test/site')).to.equal('https://example.test/site/media/a.jpg');
    expect(absoluteMediaUrl('http://cdn.test/a.jpg', 'https://example.test')).to.equal('http://cdn.test/a.jpg');
  });

  it('drops empty values and other schemes', () => {
    expect(absoluteMediaUrl('', 'https://example.test')).to.equal(null);
    expect(absoluteMediaUrl(undefined, 'https://example.test')).to.equal(null);
    expect(absoluteMediaUrl('javascript:alert(1)', 'https://example.test')).to.equal(null);
    expect(absoluteMediaUrl('data:image/png;base64,AAA', 'https://example.test')).to.equal(null);
  });
});
