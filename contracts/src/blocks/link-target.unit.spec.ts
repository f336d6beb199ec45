import { expect } from 'chai';
import { isImageSource, isLinkTarget, pageLink, readLinkTarget } from './link-target';

describe('the link rule', () => {
  it('takes site paths, anchors, and http(s), mailto and tel URLs', () => {
    for (const link of ['/over-ons', '/en-gb/about?x=1#team', '/', '/%5Chost', '#contact', 'https://www.voorbeeld.nl/a', 'HTTP://x.nl', 'https://x.nl?q=a\\b', 'mailto:info@voorbeeld.nl', 'tel:+31 20 123 4567']) {
      expect(isLinkTarget(link), link).to.equal(true);
    }
  });

  it('refuses what a browser would take elsewhere or run', () => {
    for (const link of ['//evil.example', '/\\evil.example', '\\\\evil.example', '\\/evil.example', 'https:\\\\evil.example', 'https://evil.example\\@www.voorbeeld.nl', 'https:/evil.example', 'https:///evil.example', 'javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'over-ons', 'https://', 'ftp://x.nl', '', '   ']) {
      expect(isLinkTarget(link), JSON.stringify(link)).to.equal(false);
    }
  });

  it('refuses tabs, newlines and other control characters inside a value, which browsers drop before they read it', () => {
    // A browser reads `/\t/evil.example` as `//evil.example` and `java\nscript:` as `javascript:`.
    for (const link of ['/\t/evil.example', '/\n/evil.example', '/\r\n\\evil.example', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'ht\ttps://x.nl', 'javascript\u0000:alert(1)', '/over\u0001ons', 'https://x.nl/\u0085']) {
      expect(isLinkTarget(link), JSON.stringify(link)).to.equal(false);
    }
  });

  it('reads a value without the white space and control characters around it, as a browser does', () => {
    expect(readLinkTarget('  /over-ons?x#y \n')).to.deep.equal({ kind: 'path', href: '/over-ons?x#y', path: '/over-ons', suffix: '?x#y' });
    expect(readLinkTarget('\u0001https://WWW.x.nl')).to.deep.equal({ kind: 'web', href: 'https://WWW.x.nl', origin: 'https://www.x.nl', path: '/', suffix: '' });
    expect(isLinkTarget('\t//evil.example')).to.equal(false);
  });

  it('takes as image sources only site paths and http(s) URLs', () => {
    expect(['/media/a.png', 'https://cdn.example/a.png'].map(isImageSource)).to.deep.equal([true, true]);
    expect(['#top', 'mailto:a@b.nl', 'tel:112', 'a.png', '//cdn.example/a.png', 'data:image/png;base64,AAAA'].map(isImageSource)).to.deep.equal([false, false, false, false, false, false]);
  });
});

describe('a link to a page by its id', () => {
  it('is read as the page and its anchor, and is nothing a browser could follow as an address', () => {
    expect(readLinkTarget('page:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).to.deep.equal({ kind: 'page', href: 'page:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', pageId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', suffix: '' });
    expect(readLinkTarget(' page:abc#team ')).to.deep.equal({ kind: 'page', href: 'page:abc#team', pageId: 'abc', suffix: '#team' });
    expect(isImageSource('page:abc')).to.equal(false);
  });

  it('takes only an id of letters, digits, - and _ (at most 64), and a valid anchor', () => {
    for (const link of ['page:', 'page:a/b', 'page:../x', 'page:a?x=1', 'page:a#', 'page:a#1x', 'page:a#b c', `page:${'a'.repeat(65)}`, 'page://evil.example', 'page:a\tb', 'PAGE:abc']) {
      expect(isLinkTarget(link), JSON.stringify(link)).to.equal(false);
    }
  });

  it('is written by pageLink, with or without the anchor', () => {
    expect(pageLink('abc')).to.equal('page:abc');
    expect(pageLink('abc', 'team')).to.equal('page:abc#team');
    expect(pageLink('abc', '#team')).to.equal('page:abc#team');
    expect(isLinkTarget(pageLink('abc', 'team'))).to.equal(true);
  });
});
