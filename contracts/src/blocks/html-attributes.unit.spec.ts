import { expect } from 'chai';
import { decodeAttributeValue, htmlAttributes } from './html-attributes';

const hrefs = (html: string) => htmlAttributes(html).filter((a) => a.name === 'href').map((a) => a.value);

describe('attributes of HTML, as a browser reads them', () => {
  it('reads double-quoted, single-quoted and unquoted values, in any case, after `/` or without white space', () => {
    expect(hrefs(`<a href="/a">x</a><A HREF='/b'>y</A><a href=/c>z</a><a/href=/d><a title="t"href="/e"><a href = "/f">`)).to.deep.equal(['/a', '/b', '/c', '/d', '/e', '/f']);
  });

  it('tells where each value stands, quotes included', () => {
    const html = '<p><a class="x" href="/over-ons">a</a></p>';
    const [, href] = htmlAttributes(html);
    expect(html.slice(href!.start, href!.end)).to.equal('"/over-ons"');
    expect(href).to.include({ tag: 'a', name: 'href' });
  });

  it('decodes character references in values, with or without semicolon, in any form', () => {
    expect(hrefs('<a href="&#47;&#47;evil.example"><a href="/&#92;evil.example"><a href="&#x2F&#X2f;evil"><a href="java&Tab;script&colon;x"><a href="&sol;&bsol;evil">')).to.deep.equal([
      '//evil.example',
      '/\\evil.example',
      '//evil',
      'java\tscript:x',
      '/\\evil',
    ]);
  });

  it('decodes references the way HTML does in attributes: not twice, legacy ones only before anything but `=` or a letter', () => {
    expect(decodeAttributeValue('/a?x=1&amp;y=2&amp=3&ampz&amp;#47;')).to.equal('/a?x=1&y=2&amp=3&ampz&#47;');
    expect(decodeAttributeValue('&#0;&#x110000;&#128;&unknown;&constructor;')).to.equal('\ufffd\ufffd\u20ac&unknown;&constructor;');
  });

  it('skips comments, including the ones a browser closes at once, and attributes of end tags', () => {
    expect(hrefs('<!-- <a href="/in-comment"> --><a href="/a"></a href="/end">')).to.deep.equal(['/a']);
    expect(hrefs('<!--><a href="/after-empty-comment"><!---><a href="/b"><!-- x --!><a href="/c">')).to.deep.equal(['/after-empty-comment', '/b', '/c']);
  });

  it('reads markup inside script and textarea too, so a check over it is never weaker than a browser', () => {
    expect(hrefs('<textarea><a href="//x"></textarea>')).to.deep.equal(['//x']);
  });

  it('takes text that is not a tag as text', () => {
    expect(htmlAttributes('a < b and 3<4, </> or <')).to.deep.equal([]);
  });
});
