import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block, BlockImage } from '@pagelog/contracts/blocks/block';
import { BlockList } from './block-list';

const hash = '0123456789abcdef'.repeat(4);
const photo: BlockImage = { hash, fileName: 'team foto.jpg', altText: 'Het team', fileID: 'f1', width: 2000, height: 1000 };
const imageBlock = (key: string, image: BlockImage | null, props: Record<string, unknown> = {}): Block => ({
  type: 'image',
  key,
  props: { externalUrl: '', alt: '', caption: '', ...props },
  anchorPoint: '',
  __images: image ? [image] : [],
});

function render(blocks: Block[]): Document {
  const html = renderToStaticMarkup(<BlockList blocks={blocks} pageID="page-1" locale="nl-nl" />);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

/** A srcset as [address, descriptor] pairs, each address read as a URL. */
function candidates(srcset: string | null): { url: URL; width: string }[] {
  return (srcset ?? '').split(', ').map((candidate) => {
    const [address, width] = candidate.split(' ');
    return { url: new URL(address!, 'https://site.test'), width: width! };
  });
}

describe('the image block with an image from the media library', () => {
  it('renders a picture with AVIF and WebP sources and a JPEG fallback, each over the rendition widths up to the image, with sizes', () => {
    const picture = render([imageBlock('beeld', photo)]).querySelector('figure.block-image > picture')!;
    const [avif, webp] = [...picture.querySelectorAll('source')];
    const img = picture.querySelector('img')!;

    expect([avif!.getAttribute('type'), webp!.getAttribute('type')]).to.deep.equal(['image/avif', 'image/webp']);
    for (const [element, fm] of [[avif!, 'avif'], [webp!, 'webp'], [img, 'jpeg']] as const) {
      const set = candidates(element.getAttribute('srcset'));
      expect(set.map((c) => c.width), fm).to.deep.equal(['320w', '640w', '1024w', '1600w', '2000w']);
      expect(set.map((c) => c.url.searchParams.get('w')), fm).to.deep.equal(['320', '640', '1024', '1600', '2000']);
      expect(set.every((c) => c.url.searchParams.get('fm') === fm), fm).to.equal(true);
      expect(set.every((c) => c.url.pathname === `/api/cms/medialib/get-page-file/page-1/block_images_beeld/${hash}/team%20foto.jpg`), fm).to.equal(true);
      expect(element.getAttribute('sizes'), fm).to.match(/41rem$/);
    }
    const src = new URL(img.getAttribute('src')!, 'https://site.test');
    expect([src.searchParams.get('w'), src.searchParams.get('fm')]).to.deep.equal(['1024', 'jpeg']);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).to.deep.equal(['2000', '1000', 'Het team']);
  });

  it('loads the first image of the page at once and early, every later one lazily, all decoded asynchronously', () => {
    const doc = render([imageBlock('a', photo), imageBlock('b', photo), imageBlock('c', null, { externalUrl: 'https://cdn.test/c.jpg', alt: 'C' })]);
    const images = [...doc.querySelectorAll('img')].map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('decoding')]);

    expect(images).to.deep.equal([
      ['eager', 'high', 'async'],
      ['lazy', null, 'async'],
      ['lazy', null, 'async'],
    ]);
    // A preload of a picture's fallback would fetch a second copy beside the AVIF or WebP the browser picks.
    expect(doc.querySelector('link[rel="preload"]')).to.equal(null);
  });

  it('names the crop of this use in every address, so another crop of the same image is another address', () => {
    const cropParams = { x: 100, y: 50, width: 800, height: 600, rotate: 0, scaleX: 1, scaleY: 1 };
    const tag = (image: BlockImage) => new URL(render([imageBlock('a', image)]).querySelector('img')!.getAttribute('src')!, 'https://site.test').searchParams.get('v');

    const cropped = tag({ ...photo, cropParams, width: 800, height: 600 });
    expect(cropped).to.match(/^c[0-9a-z]+$/);
    expect(tag({ ...photo, cropParams: { ...cropParams, x: 101 }, width: 800, height: 600 })).not.to.equal(cropped);
    expect(tag(photo)).to.equal('0');
    const img = render([imageBlock('a', { ...photo, cropParams, width: 800, height: 600 })]).querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).to.deep.equal(['800', '600']);
    expect(candidates(img.getAttribute('srcset')).map((c) => c.width)).to.deep.equal(['320w', '640w', '800w']);
  });

  it('falls back to PNG for a PNG, offers every rendition width when the size is unknown, and then sets no width or height', () => {
    const img = render([imageBlock('a', { hash, fileName: 'logo.png', altText: 'Logo', fileID: 'f2' })]).querySelector('picture img')!;

    expect(candidates(img.getAttribute('srcset')).map((c) => `${c.width} ${c.url.searchParams.get('fm')}`)).to.deep.equal(['320w png', '640w png', '1024w png', '1600w png', '2560w png']);
    expect([img.hasAttribute('width'), img.hasAttribute('height')]).to.deep.equal([false, false]);
  });

  it('shows an SVG or GIF as it is, without renditions', () => {
    const doc = render([imageBlock('a', { ...photo, fileName: 'schema.svg' }), imageBlock('b', { ...photo, fileName: 'animatie.gif' })]);

    expect(doc.querySelector('picture')).to.equal(null);
    expect([...doc.querySelectorAll('img')].map((img) => img.getAttribute('src'))).to.deep.equal([
      `/api/cms/medialib/get-page-file/page-1/block_images_a/${hash}/schema.svg?v=0`,
      `/api/cms/medialib/get-page-file/page-1/block_images_b/${hash}/animatie.gif?v=0`,
    ]);
  });

  it("uses this use's alternative text, an empty one for a decorative image, and the caption", () => {
    const doc = render([imageBlock('a', { ...photo, altText: 'Ons team in 2026' }, { caption: 'Het hele team' }), imageBlock('b', { ...photo, decorative: true })]);
    const [first, second] = [...doc.querySelectorAll('figure')];

    expect(first!.querySelector('img')!.getAttribute('alt')).to.equal('Ons team in 2026');
    expect(first!.querySelector('figcaption')!.textContent).to.equal('Het hele team');
    expect(second!.querySelector('img')!.getAttribute('alt')).to.equal('');
  });

  it('prefers the library image to an external address, and renders an external image as a plain img', () => {
    const doc = render([imageBlock('a', photo, { externalUrl: 'https://cdn.test/old.jpg' }), imageBlock('b', null, { externalUrl: 'https://cdn.test/b.jpg', alt: 'B' })]);
    const [first, second] = [...doc.querySelectorAll('figure')];

    expect(first!.innerHTML).not.to.include('cdn.test');
    expect(second!.querySelector('picture')).to.equal(null);
    expect([second!.querySelector('img')!.getAttribute('src'), second!.querySelector('img')!.getAttribute('alt')]).to.deep.equal(['https://cdn.test/b.jpg', 'B']);
  });
});
