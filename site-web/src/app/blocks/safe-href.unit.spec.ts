import { expect } from 'chai';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it('keeps site paths, anchors, and http(s), mailto and tel URLs, trimmed', () => {
    expect(['  /contact ', '/en-gb/about?x=1#team', '#top', 'https://x.nl/a', 'mailto:a@x.nl', 'tel:+31 20 123 4567'].map(safeHref)).to.deep.equal([
      '/contact',
      '/en-gb/about?x=1#team',
      '#top',
      'https://x.nl/a',
      'mailto:a@x.nl',
      'tel:+31 20 123 4567',
    ]);
  });

  it('refuses what the link rule refuses: another site in disguise, script URLs, tabs and newlines inside', () => {
    for (const value of ['//evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'https:\\\\evil.example', 'data:,x', 'contact', '', 42, null, undefined]) {
      expect(safeHref(value), JSON.stringify(value)).to.equal(null);
    }
  });

  it('refuses a link by page id: the server resolves those, and one left over is a page that is not live', () => {
    expect(safeHref('page:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).to.equal(null);
    expect(safeHref('page:abc#team')).to.equal(null);
  });
});
