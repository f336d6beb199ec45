import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from '@pagelog/contracts/blocks/block';
import { BlockList } from './block-list';

function block(type: string, key: string, props: Record<string, unknown>, anchorPoint = ''): Block {
  return { type, key, props, anchorPoint };
}

describe('BlockList', () => {
  const originalWarn = console.warn;
  let warnings: unknown[][];
  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => void warnings.push(args);
  });
  afterEach(() => {
    console.warn = originalWarn;
  });

  it('renders heading levels 1 to 6 and falls back to h2 for anything else', () => {
    const blocks = [1, 2, 3, 4, 5, 6, 0, 7, 'x'].map((level, i) => block('heading', `h${i}`, { text: `L${level}`, level }));

    const html = renderToStaticMarkup(<BlockList blocks={blocks} />);

    expect([...html.matchAll(/<(h\d)[^>]*>([^<]*)</g)].map((m) => `${m[1]}:${m[2]}`)).to.deep.equal([
      'h1:L1', 'h2:L2', 'h3:L3', 'h4:L4', 'h5:L5', 'h6:L6', 'h2:L0', 'h2:L7', 'h2:Lx',
    ]);
  });

  it('renders an external image as a figure, the first eager and the others lazy, with a caption only when there is one', () => {
    const html = renderToStaticMarkup(
      <BlockList blocks={[block('image', 'a', { externalUrl: '/media/a.jpg', alt: 'A', caption: '' }), block('image', 'b', { externalUrl: 'https://x.test/b.jpg', alt: 'B', caption: 'Bee' })]} />,
    );

    expect(html).to.equal(
      // React preloads an image that loads at once.
      '<link rel="preload" as="image" href="/media/a.jpg" fetchPriority="high"/>' +
        '<figure class="block block-image"><img src="/media/a.jpg" alt="A" loading="eager" decoding="async" fetchPriority="high"/></figure>' +
        '<figure class="block block-image"><img src="https://x.test/b.jpg" alt="B" loading="lazy" decoding="async"/><figcaption>Bee</figcaption></figure>',
    );
  });

  it('leaves out an image whose URL is not http(s)', () => {
    expect(renderToStaticMarkup(<BlockList blocks={[block('image', 'a', { externalUrl: 'javascript:alert(1)', alt: '' })]} />)).to.equal('');
  });

  it('wraps only blocks with a non-empty anchor point', () => {
    const html = renderToStaticMarkup(
      <BlockList blocks={[block('heading', 'a', { text: 'A', level: 2 }, 'intro'), block('heading', 'b', { text: 'B', level: 2 }, '')]} />,
    );

    expect(html).to.equal('<section id="intro" class="block-anchor"><h2 class="block block-heading">A</h2></section><h2 class="block block-heading">B</h2>');
  });

  it('skips a block type that is not in the block map, also one named like an object member', () => {
    const html = renderToStaticMarkup(
      <BlockList blocks={[block('carousel', 'a', {}), block('constructor', 'b', {}), block('heading', 'c', { text: 'C', level: 2 })]} />,
    );

    expect(html).to.equal('<h2 class="block block-heading">C</h2>');
    expect(warnings).to.deep.equal([['Block type not found in the block map: carousel'], ['Block type not found in the block map: constructor']]);
  });
});
