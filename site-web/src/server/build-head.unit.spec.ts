import { expect } from 'chai';
import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import { cropTag } from '@pagelog/contracts/media/media-urls';
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
  return buildHead({ siteName: 'Site', publicUrl: 'https://example.test', defaultLocale: 'en-gb', locale: 'en-gb', siblings: [], ...input }).split('\n');
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
      '<meta name="csrf-token" content="">',
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
      '<meta name="csrf-token" content="">',
      '<link rel="icon" href="/assets/site/favicon.svg" type="image/svg+xml">',
    ]);
  });

  describe('for a 404 answer', () => {
    it("names the address asked for as canonical and og:url, not the 404 page's own path", () => {
      const lines = head({ page: page('404', 'nl-nl'), defaultLocale: 'nl-nl', path: '/bestaat-niet' });

      expect(lines).to.include('<link rel="canonical" href="https://example.test/bestaat-niet">');
      expect(lines).to.include('<meta property="og:url" content="https://example.test/bestaat-niet">');
      expect(lines.join('\n')).not.to.include('/404');
      expect(head({ page: null, locale: 'en-gb', path: '/en-gb/gone' })).to.include('<link rel="canonical" href="https://example.test/en-gb/gone">');
    });

    it('gives no canonical link at all when it does not know the address asked for', () => {
      expect(head({ page: page('404', 'en-gb') }).join('\n')).not.to.match(/canonical|og:url/);
    });

    it('escapes the address asked for', () => {
      expect(head({ page: page('404', 'en-gb'), path: '/"><script>' })).to.include('<link rel="canonical" href="https://example.test/&quot;&gt;&lt;script&gt;">');
    });
  });

  it("names a found page's own address as canonical, whatever path it was asked at", () => {
    expect(head({ page: page('about', 'en-gb'), path: '/ABOUT/' })).to.include('<link rel="canonical" href="https://example.test/about">');
  });

  it('names the missing page in the language of the path', () => {
    expect(head({ page: null, locale: 'nl-nl' })).to.include('<title>Pagina niet gevonden | Site</title>');
    expect(head({ page: null, locale: 'de' })).to.include('<title>Seite nicht gefunden | Site</title>');
  });

  describe('with translations', () => {
    const sibling = (locale: string, path: string): SiblingSlug => ({ pageID: `p-${locale}`, locale, slug: 'x', path, title: 'X' });

    it('links every translation, the page itself included, and the default locale as x-default', () => {
      const lines = head({ page: page('about', 'en-gb'), siblings: [sibling('en-gb', '/about'), sibling('nl-nl', '/nl-nl/over-ons')] });

      expect(lines.filter((line) => line.includes('rel="alternate"'))).to.deep.equal([
        '<link rel="alternate" hreflang="en-GB" href="https://example.test/about">',
        '<link rel="alternate" hreflang="nl-NL" href="https://example.test/nl-nl/over-ons">',
        '<link rel="alternate" hreflang="x-default" href="https://example.test/about">',
      ]);
      expect(lines.indexOf('<link rel="canonical" href="https://example.test/about">')).to.be.lessThan(lines.findIndex((line) => line.includes('alternate')));
    });

    it('leaves out x-default when the default locale has no translation, and everything for a page on its own', () => {
      const two = head({ page: page('a', 'nl-nl'), siblings: [sibling('nl-nl', '/nl-nl/a'), sibling('de-de', '/de-de/a')] });
      expect(two.filter((line) => line.includes('alternate'))).to.have.length(2);
      expect(two.join('\n')).not.to.include('x-default');

      expect(head({ page: page('about', 'en-gb'), siblings: [sibling('en-gb', '/about')] }).join('\n')).not.to.include('alternate');
    });

    it('escapes the paths', () => {
      const lines = head({ page: page('a', 'en-gb'), siblings: [sibling('en-gb', '/a'), sibling('nl-nl', '/nl-nl/"><script>')] });
      expect(lines).to.include('<link rel="alternate" hreflang="nl-NL" href="https://example.test/nl-nl/&quot;&gt;&lt;script&gt;">');
    });
  });

  describe('with an SEO image', () => {
    const hash = 'ab'.repeat(32);
    const library = { hash, fileName: 'team foto.jpg', altText: 'Het team', fileID: 'f1' };
    const og = (lines: string[]) => lines.filter((line) => line.includes('og:image'));

    const addressOf = (tag: string) => new URL(/content="([^"]*)"/.exec(tag)![1]!.replace(/&amp;/g, '&'));

    it('names a library image by its get-page-file address in the seo_image group, a 1600 px JPEG cropped to 1.91:1, with its alternative text', () => {
      const v = cropTag(null, { ar: 1.91, focalPoint: null });
      expect(og(head({ page: page('about', 'en-gb', { seoImage: [{ ...library, width: 3000, height: 2000 }] }) }))).to.deep.equal([
        `<meta property="og:image" content="https://example.test/api/cms/medialib/get-page-file/p/seo_image/${hash}/team%20foto.jpg?w=1600&amp;fm=jpeg&amp;ar=1.91&amp;v=${v}">`,
        '<meta property="og:image:alt" content="Het team">',
      ]);
      expect(v).to.match(/^a[0-9a-z]+$/);
    });

    it('names the focal point the use keeps in the tag, so a moved point is a new address', () => {
      const tagOf = (focalPoint?: { x: number; y: number }) => {
        const [tag] = og(head({ page: page('about', 'en-gb', { seoImage: [{ ...library, width: 3000, height: 2000, ...(focalPoint ? { focalPoint } : {}) }] }) }));
        return addressOf(tag!).searchParams;
      };
      const left = tagOf({ x: 0.1, y: 0.4 });
      expect([left.get('ar'), left.get('v')]).to.deep.equal(['1.91', cropTag(null, { ar: 1.91, focalPoint: { x: 0.1, y: 0.4 } })]);
      expect(tagOf({ x: 0.9, y: 0.4 }).get('v')).to.not.equal(left.get('v'));
      expect(tagOf().get('v')).to.equal(tagOf({ x: 0.5, y: 0.5 }).get('v'));
    });

    it('asks a GIF or an SVG as it is, without an automatic crop', () => {
      const [tag] = og(head({ page: page('about', 'en-gb', { seoImage: [{ ...library, fileName: 'team.gif', focalPoint: { x: 0.1, y: 0.1 } }] }) }));
      expect(addressOf(tag!).search).to.equal('?v=0');
    });

    it('asks no wider than the image is, names the crop of this use (no automatic crop), and gives a decorative image no alternative text', () => {
      const cropParams = { x: 10, y: 20, width: 800, height: 450, rotate: 0, scaleX: 1, scaleY: 1 };
      const [tag, ...rest] = og(head({ page: page('about', 'en-gb', { seoImage: [{ ...library, cropParams, width: 800, height: 450, decorative: true, focalPoint: { x: 0.1, y: 0.1 } }] }) }));
      const url = addressOf(tag!);
      expect(url.pathname).to.equal(`/api/cms/medialib/get-page-file/p/seo_image/${hash}/team%20foto.jpg`);
      expect(url.searchParams.get('w')).to.equal('800');
      // Its own crop wins: no automatic crop, whatever focal point it keeps.
      expect(url.searchParams.get('ar')).to.equal(null);
      expect(url.searchParams.get('v')).to.equal(cropTag(cropParams));
      expect(rest).to.deep.equal([]);
    });

    it("falls back to the site's default SEO image, with its size when known", () => {
      const fallback = { url: '/api/cms/settings/image/seo_image/abc/share.jpg', width: 1200, height: 630 };
      expect(og(head({ page: page('about', 'en-gb'), defaultSeoImage: fallback }))).to.deep.equal([
        '<meta property="og:image" content="https://example.test/api/cms/settings/image/seo_image/abc/share.jpg">',
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
      ]);
      expect(og(head({ page: page('about', 'en-gb'), defaultSeoImage: { ...fallback, width: null, height: null } }))).to.have.length(1);
      expect(og(head({ page: page('about', 'en-gb', { seoImage: ['/media/own.jpg'] }), defaultSeoImage: fallback }))).to.deep.equal(['<meta property="og:image" content="https://example.test/media/own.jpg">']);
      expect(og(head({ page: page('about', 'en-gb'), defaultSeoImage: { ...fallback, url: 'javascript:alert(1)' } }))).to.deep.equal([]);
    });

    it('keeps an address as it was stored before the library, made absolute', () => {
      expect(og(head({ page: page('about', 'en-gb', { seoImage: ['/media/a.jpg'] }) }))).to.deep.equal(['<meta property="og:image" content="https://example.test/media/a.jpg">']);
      expect(og(head({ page: page('about', 'en-gb', { seoImage: ['javascript:alert(1)'] }) }))).to.deep.equal([]);
    });
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
