import { expect } from 'chai';
import { richTextLinksValid } from './rich-text-links';

describe('links in rich text', () => {
  it('are valid when every href passes the link rule and every image comes from the site or http(s)', () => {
    expect(richTextLinksValid('<p><a href="/over-ons">a</a> <a href=\'https://x.nl\'>b</a> <a href=#top>c</a> <img src="/media/a.png"> <a name="x">d</a></p>')).to.equal(true);
    expect(richTextLinksValid('<p>Geen links, 3 < 4</p>')).to.equal(true);
  });

  it('are invalid with a link to another site in disguise, a script URL or an empty href', () => {
    for (const html of [
      '<a href="//evil.example">x</a>',
      '<a href="/\\evil.example">x</a>',
      '<a href="&#47;&#47;evil.example">x</a>',
      '<a href="/&#92;evil.example">x</a>',
      '<a href=/&bsol;evil.example>x</a>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="java&#9;script:alert(1)">x</a>',
      '<a href="java\nscript:alert(1)">x</a>',
      '<a href="/ok">ok</a><A HREF = \'//evil.example\'>x</A>',
      '<a href="">x</a>',
      '<area href="//evil.example">',
    ]) {
      expect(richTextLinksValid(html), html).to.equal(false);
    }
  });

  it('are invalid with an image from elsewhere than the site or http(s)', () => {
    for (const html of ['<img src="//cdn.example/a.png">', '<img src="data:image/png;base64,AAAA">', '<img src="a.png">', '<img src="javascript:x">']) {
      expect(richTextLinksValid(html), html).to.equal(false);
    }
  });
});
