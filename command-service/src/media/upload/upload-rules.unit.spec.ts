import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { MAX_MEDIA_NAME } from '@pagelog/contracts/media/media';
import { assertFails } from '../../core/decider-spec';
import { rootElement } from '../../core/uploads/sniff-media-type';
import { addFileInput } from '../routes';
import { numberedName } from './add-file';

describe('media upload rules', () => {
  describe('numberedName', () => {
    it('numbers the stem and keeps the extension', () => {
      expect(numberedName('zee.jpg', 1)).to.equal('zee.jpg');
      expect(numberedName('zee.jpg', 2)).to.equal('zee (2).jpg');
      expect(numberedName('archief.tar.gz', 3)).to.equal('archief.tar (3).gz');
      expect(numberedName('LEESMIJ', 2)).to.equal('LEESMIJ (2)');
      expect(numberedName('.profile', 2)).to.equal('.profile (2)');
    });

    it('stays within the longest name by shortening the stem', () => {
      const long = `${'x'.repeat(MAX_MEDIA_NAME - 4)}.jpg`;
      const numbered = numberedName(long, 12);
      expect(numbered.length).to.equal(MAX_MEDIA_NAME);
      expect(numbered.endsWith(' (12).jpg')).to.equal(true);
    });
  });

  describe("add-file's fields", () => {
    it('takes the path (normalised), the alt text and a flag as a form sends it', () => {
      expect(addFileInput({ path: ['/Fotos/'], defaultAltText: ['Zee'], allowDuplicate: ['true'] })).to.deep.equal({ path: '/Fotos', defaultAltText: 'Zee', allowDuplicate: true });
      expect(addFileInput({ path: [''], allowDuplicate: ['0'] })).to.deep.equal({ path: '/', defaultAltText: '', allowDuplicate: false });
      expect(addFileInput({})).to.deep.equal({ path: '/', defaultAltText: '', allowDuplicate: false });
    });

    it('refuses a field sent twice, an unknown field, a path that leaves the library and a flag that is no flag (V_12)', () => {
      const refused = (fields: Record<string, string[]>, property: string) => assertFails(() => addFileInput(fields), ValidationError, [{ code: 'V_12', property, model: 'media' }]);
      refused({ path: ['/a', '/b'] }, 'path');
      refused({ path: ['/'], owner: ['x'] }, 'owner');
      refused({ path: ['/a/../b'] }, 'path');
      refused({ allowDuplicate: ['misschien'] }, 'allowDuplicate');
    });
  });

  describe('rootElement', () => {
    it('finds the first element after a declaration, comments and a doctype', () => {
      expect(rootElement('<svg xmlns="http://www.w3.org/2000/svg"/>')).to.equal('svg');
      expect(rootElement('\uFEFF<?xml version="1.0"?>\n<!-- a <b> -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY a "b"> ]>\n<SVG>')).to.equal('svg');
      expect(rootElement('<!doctype html><html><svg></svg></html>')).to.equal('html');
      expect(rootElement('  <svgx>')).to.equal('svgx');
    });

    it('tells text that is no markup (null) from markup without a readable element', () => {
      expect(rootElement('naam;plaats\n')).to.equal(null);
      expect(rootElement('<!-- never closed')).to.equal('');
      expect(rootElement('< svg>')).to.equal('');
    });
  });
});
