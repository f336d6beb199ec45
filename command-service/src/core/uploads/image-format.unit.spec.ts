import { expect } from 'chai';
import sharp from 'sharp';
import { sniffImageFormat } from './image-format';

const picture = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });

describe('sniffImageFormat', () => {
  describe('when given the first bytes of an image', () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      it(`names a ${format} by its magic bytes`, async () => {
        const bytes = await picture().toFormat(format).toBuffer();
        expect(sniffImageFormat(bytes.subarray(0, 16))).to.equal(format);
      });
    }
  });

  describe('when given anything else', () => {
    for (const [what, bytes] of [
      ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['a PDF', Buffer.from('%PDF-1.7\n')],
      ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
      ['an MP4', Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1')],
      ['nothing', Buffer.alloc(0)],
      ['a PNG signature cut short', Buffer.from([0x89, 0x50, 0x4e])],
    ] as const) {
      it(`answers null for ${what}`, () => {
        expect(sniffImageFormat(bytes)).to.equal(null);
      });
    }
  });
});
