import { expect } from 'chai';
import { isImageSource, isLinkTarget, readLinkTarget } from './link-target';

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
