import { expect } from 'chai';
import { assetsFromManifest } from './client-assets';

describe('assetsFromManifest', () => {
  it('finds the entry, its CSS and the chunks it imports, each once', () => {
    const assets = assetsFromManifest({
      'src/client/main.tsx': { file: 'main-1.js', isEntry: true, css: ['main-1.css'], imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'a-1.js', imports: ['_b.js'], css: ['a-1.css'] },
      '_b.js': { file: 'b-1.js', imports: ['_a.js'] },
    });

    expect(assets).to.deep.equal({
      scripts: ['/assets/site/main-1.js'],
      stylesheets: ['/assets/site/main-1.css', '/assets/site/a-1.css'],
      modulePreloads: ['/assets/site/a-1.js', '/assets/site/b-1.js'],
    });
  });

  it('falls back to any entry when the key differs', () => {
    expect(assetsFromManifest({ 'other.tsx': { file: 'other-1.js', isEntry: true } })?.scripts).to.deep.equal(['/assets/site/other-1.js']);
  });

  it('gives null for a manifest without an entry', () => {
    expect(assetsFromManifest({ '_a.js': { file: 'a-1.js' } })).to.equal(null);
  });
});
