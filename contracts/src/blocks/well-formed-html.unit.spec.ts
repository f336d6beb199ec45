import { expect } from 'chai';
import { valueErrors } from '../input';
import { blockType } from './block-types';
import { wellFormedHtml } from './well-formed-html';

describe('well-formed rich text (V_15)', () => {
  it('takes what the rich text editor writes, void elements and entities included', () => {
    for (const html of [
      '',
      'platte tekst',
      '<p>Een <strong>vet</strong> en <em>schuin</em> woord.</p>',
      '<h2>Kop</h2><ul><li><p>een</p></li><li><p>twee</p></li></ul><blockquote><p>citaat</p></blockquote>',
      '<p>regel<br>regel<br/>regel</p><p><a href="/contact">contact</a> &amp; meer</p>',
      '<p><img src="/a.png" alt="a"></p>',
    ]) {
      expect(wellFormedHtml(html), html).to.equal(true);
    }
  });

  it('refuses an unclosed element, one closed by another, crossed end tags and a stray end tag', () => {
    for (const html of ['<p><b>vet</p><p>en de rest ook</p>', '<p>een<p>twee</p>', '<b><i>x</b></i>', '<p>tekst</p></div>', '<ul><li>een<li>twee</ul>', '<p>open']) {
      expect(wellFormedHtml(html), html).to.equal(false);
    }
  });

  it('is what the rich text block answers V_15 for, naming the property', () => {
    const errors = valueErrors(blockType('text')!.props, { html: '<p><b>vet</p><p>en de rest ook</p>' }, 'pageVersion');
    expect(errors.map((e) => `${e.code} ${e.property}`)).to.deep.equal(['V_15 html']);
  });
});
