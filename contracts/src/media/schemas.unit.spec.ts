import { expect } from 'chai';
import type { ValidationError } from '../domain-errors';
import { parseInput } from '../input';
import { createDirSchema, editFileSchema } from './schemas';

describe('the media request schemas', () => {
  describe('edit-file', () => {
    const rename = { id: 'f1', newPath: '/Fotos', newFileName: 'zee.jpg' };

    it('leaves out the alt text and the shared flag when the request does (the item keeps them)', () => {
      const parsed = parseInput(editFileSchema, rename, 'media');
      expect(parsed).to.deep.equal(rename);
      expect('shared' in parsed).to.equal(false);
      expect('defaultAltText' in parsed).to.equal(false);
    });

    it('takes them when given, an empty alt text and false included', () => {
      expect(parseInput(editFileSchema, { ...rename, defaultAltText: '', shared: false }, 'media')).to.include({ defaultAltText: '', shared: false });
      expect(parseInput(editFileSchema, { ...rename, defaultAltText: 'Zee', shared: true }, 'media')).to.include({ defaultAltText: 'Zee', shared: true });
    });
  });

  it('refuses a folder name with a right-to-left override (V_12 on folderName)', () => {
    const refusal = (() => {
      try {
        parseInput(createDirSchema, { path: '/', folderName: 'gpj.\u202Eexe' }, 'media');
      } catch (error) {
        return (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
      }
      return [];
    })();
    expect(refusal).to.deep.equal(['V_12 folderName']);
  });
});
