import { expect } from 'chai';
import { ValidationError } from '../domain-errors';
import { parseInput } from '../input';
import { blockSchema } from '../pages/schemas';

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

  it('refuses an image without its hash, file name or file id', () => {
    expect(refused(block({ __images: [{ altText: '' }] }))).to.have.members(['V_01 __images[0].hash', 'V_01 __images[0].fileName', 'V_01 __images[0].fileID']);
  });
});
