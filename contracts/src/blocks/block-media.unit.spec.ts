import { expect } from 'chai';
import { ValidationError } from '../domain-errors';
import { isValidCrop, MAX_IMAGE_SIDE } from './block-media';
import { parseInput } from '../input';
import { blockSchema, storeVersionSchema } from '../pages/schemas';

const hash = '0123456789abcdef'.repeat(4);
const image = { hash, fileName: 'team foto.jpg', altText: 'Het team', fileID: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' };
const block = (over: Record<string, unknown>) => ({ type: 'heading', key: 'h', props: { text: 'Kop' }, anchorPoint: '', ...over });

function refused(body: unknown): string[] {
  try {
    parseInput(blockSchema, body, 'pageVersion');
  } catch (error) {
    return (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
  }
  throw new Error('expected the block to be refused');
}

describe('a block with images and files, as a request brings it', () => {
  it('takes what the admin sends today (none) and images and files as the spec describes them', () => {
    expect(parseInput(blockSchema, block({ __images: [], __files: [] }), 'pageVersion')).to.deep.include({ __images: [], __files: [] });
    const cropParams = { x: 1, y: 2, width: 300, height: 200, rotate: 90, scaleX: -1, scaleY: 1 };
    const parsed = parseInput(blockSchema, block({ __images: [image, { ...image, cropParams }], __files: [{ hash, fileName: 'folder.pdf' }] }), 'pageVersion');
    expect(parsed.__images).to.deep.equal([image, { ...image, cropParams }]);
    expect(parsed.__files).to.deep.equal([{ hash, fileName: 'folder.pdf' }]);
  });

  it('refuses a key the spec does not name, in an image, its crop or a file', () => {
    expect(refused(block({ __images: [{ ...image, url: 'javascript:x' }, { ...image, cropParams: { x: 0, y: 0, width: 1, height: 1, rotate: 0, scaleX: 1, scaleY: 1, z: 0 } }], __files: [{ hash, fileName: 'a.pdf', path: '/etc' }] }))).to.have.members([
      'V_12 __images[0].url',
      'V_12 __images[1].cropParams.z',
      'V_12 __files[0].path',
    ]);
  });

  it('refuses a hash that is not SHA-256 hex, a file name with a path or control character, and values of another type', () => {
    expect(refused(block({ __images: [{ ...image, hash: hash.toUpperCase() }, { ...image, fileName: 'a/b.jpg' }, { ...image, altText: 'x'.repeat(255) }], __files: [{ hash: hash.slice(1), fileName: 'a\u0000.pdf' }] }))).to.have.members([
      'V_12 __images[0].hash',
      'V_12 __images[1].fileName',
      'V_11 __images[2].altText',
      'V_12 __files[0].hash',
      'V_12 __files[0].fileName',
    ]);
    expect(refused(block({ __images: [{ ...image, cropParams: { x: '1' } }], __files: ['a.pdf'] }))).to.have.members(['V_12 __images[0].cropParams.x', 'V_12 __files[0]']);
  });

  it('refuses a crop of no size, past any image, turned beyond a full turn, or scaled other than a flip', () => {
    const ok = { x: 0, y: 0, width: 10, height: 10, rotate: 0, scaleX: 1, scaleY: 1 };
    const crops = [
      { ...ok, width: 0 },
      { ...ok, height: -5 },
      { ...ok, scaleX: 0 },
      { ...ok, scaleY: 2 },
      { ...ok, rotate: 720 },
      { ...ok, x: -1e9 },
      { ...ok, width: 1_000_000 },
    ];
    expect(refused(block({ __images: crops.map((cropParams) => ({ ...image, cropParams })) }))).to.have.members([
      'V_12 __images[0].cropParams.width',
      'V_12 __images[1].cropParams.height',
      'V_12 __images[2].cropParams.scaleX',
      'V_12 __images[3].cropParams.scaleY',
      'V_12 __images[4].cropParams.rotate',
      'V_12 __images[5].cropParams.x',
      'V_12 __images[6].cropParams.width',
    ]);
    expect(refused(block({ __images: [{ ...image, width: MAX_IMAGE_SIDE + 1, height: 100 }] }))).to.deep.equal(['V_12 __images[0].width']);
  });

  it('tells a crop from stored events as the schema would (isValidCrop)', () => {
    const ok = { x: -20.5, y: 0, width: 0.5, height: MAX_IMAGE_SIDE, rotate: -90, scaleX: -1, scaleY: 1 };
    expect(isValidCrop(ok)).to.equal(true);
    for (const bad of [{ width: 0 }, { height: Number.POSITIVE_INFINITY }, { x: Number.NaN }, { rotate: 361 }, { scaleY: 0 }, { scaleX: '1' }]) {
      expect(isValidCrop({ ...ok, ...bad } as never), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('refuses an image without its hash, file name or file id', () => {
    expect(refused(block({ __images: [{ altText: '' }] }))).to.have.members(['V_01 __images[0].hash', 'V_01 __images[0].fileName', 'V_01 __images[0].fileID']);
  });
});

describe('what a block image and file may say besides the spec', () => {
  it('takes a decorative mark and the size shown on an image, and the size and type of a file', () => {
    const parsed = parseInput(blockSchema, block({ __images: [{ ...image, decorative: true, width: 800, height: 600 }], __files: [{ hash, fileName: 'a.pdf', size: 0, contentType: 'application/pdf' }] }), 'pageVersion');
    expect(parsed.__images).to.deep.equal([{ ...image, decorative: true, width: 800, height: 600 }]);
    expect(parsed.__files).to.deep.equal([{ hash, fileName: 'a.pdf', size: 0, contentType: 'application/pdf' }]);
  });

  it('refuses a decorative mark that is not a boolean, a size that is not a whole positive number, and a type that is not type/subtype', () => {
    expect(refused(block({ __images: [{ ...image, decorative: 'yes' }] }))).to.deep.equal(['V_12 __images[0].decorative']);
    expect(
      refused(block({ __images: [{ ...image, width: 0, height: 1.5 }], __files: [{ hash, fileName: 'a.pdf', size: -1, contentType: 'text/html"><script>' }] })),
    ).to.have.members(['V_12 __images[0].width', 'V_12 __images[0].height', 'V_12 __files[0].size', 'V_12 __files[0].contentType']);
  });
});

describe('the SEO image of a stored version', () => {
  const base = { pageID: 'p', revision: 1, title: 't' };
  const seo = (seoImage: unknown) => parseInput(storeVersionSchema, { ...base, seoImage }, 'pageVersion').seoImage;
  const seoRefused = (seoImage: unknown): string[] => {
    try {
      parseInput(storeVersionSchema, { ...base, seoImage }, 'pageVersion');
    } catch (error) {
      return (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
    }
    throw new Error('expected the SEO image to be refused');
  };

  it('is none, an image of the media library, or the address of an image (as versions before the library hold it)', () => {
    expect(seo(null)).to.deep.equal([]);
    expect(seo([])).to.deep.equal([]);
    expect(seo([{ ...image, width: 1200, height: 630 }])).to.deep.equal([{ ...image, width: 1200, height: 630 }]);
    expect(seo([' /media/a.jpg '])).to.deep.equal(['/media/a.jpg']);
  });

  it('has at most one element (spec section 5), each a valid library image or an address', () => {
    expect(seoRefused(['/a.jpg', '/b.jpg'])).to.deep.equal(['V_12 seoImage']);
    expect(seoRefused([{ ...image, hash: 'nope' }])).to.deep.equal(['V_12 seoImage[0].hash']);
    expect(seoRefused([{ altText: '' }])).to.have.members(['V_01 seoImage[0].hash', 'V_01 seoImage[0].fileName', 'V_01 seoImage[0].fileID']);
    expect(seoRefused([{ ...image, url: 'javascript:alert(1)' }])).to.deep.equal(['V_12 seoImage[0]']);
    expect(seoRefused([42])).to.deep.equal(['V_12 seoImage[0]']);
    expect(seoRefused([['/a.jpg']])).to.deep.equal(['V_12 seoImage[0]']);
  });
});
