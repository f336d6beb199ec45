import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { checkImage, reencodeImage, type ImageInput, type ImagePolicy } from './check-image';
import { pngHeaderOnly } from '@pagelog/storage/media/test-images';

/** A policy like the media library's will be: every format, larger images. */
const policy: ImagePolicy = {
  formats: ['jpeg', 'png', 'webp', 'gif', 'avif'],
  maxBytes: 1024 * 1024,
  maxWidth: 4000,
  maxHeight: 3000,
  property: 'file',
  model: 'media',
  codes: { empty: 'V_17', tooLarge: 'ML_01', unsupported: 'V_12', invalid: 'V_12', tooManyPixels: 'V_12' },
};

const picture = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#36c' } }).withExif({ IFD0: { Artist: 'Secret Person' } });

async function refusal(input: ImageInput, with_: ImagePolicy = policy): Promise<DomainError> {
  const error = await checkImage(input, with_).then(() => null, (e: unknown) => e);
  expect(error, 'expected the image to be refused').to.be.instanceOf(DomainError);
  return error as DomainError;
}

describe('checking and re-encoding an uploaded image', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-image-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** An upload as withUploadedFile hands it over: a file on disk. */
  const onDisk = (bytes: Buffer) => {
    const path = join(dir, 'upload');
    writeFileSync(path, bytes);
    return { path, size: bytes.length };
  };

  describe('when the policy takes every format', () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      it(`takes a ${format} from disk and gives it back in its own format without metadata`, async () => {
        const file = onDisk(await picture().toFormat(format).toBuffer());
        const checked = await checkImage(file, policy);
        expect(checked).to.include({ format, contentType: `image/${format}`, width: 40, height: 30 });
        const { bytes, width, height } = await reencodeImage(file, checked, policy);
        expect([width, height]).to.deep.equal([40, 30]);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).to.equal(format === 'avif' ? 'heif' : format);
        expect(meta.exif).to.equal(undefined);
        expect(bytes.includes('Secret Person')).to.equal(false);
      });
    }
  });

  describe('when a file on disk declares a huge image', () => {
    it('refuses it from its header, with the policy’s code, without decoding it', async () => {
      const started = performance.now();
      const error = await refusal(onDisk(pngHeaderOnly(40_000, 40_000)));
      expect(performance.now() - started).to.be.below(500);
      expect(error).to.be.instanceOf(ValidationError);
      expect(error.items[0]).to.include({ code: 'V_12', property: 'file', model: 'media' });
    });
  });

  describe('when the file is not what the policy takes', () => {
    it('refuses a format the policy does not list (415) and one too large before looking inside (413)', async () => {
      const onlyPng = { ...policy, formats: ['png'] as const };
      expect(await refusal(await picture().webp().toBuffer(), onlyPng)).to.be.instanceOf(UnsupportedMediaTypeError);
      const tooLarge = await refusal(onDisk(Buffer.concat([await picture().png().toBuffer(), Buffer.alloc(policy.maxBytes)])));
      expect(tooLarge).to.be.instanceOf(PayloadTooLargeError);
      expect(tooLarge.items[0]).to.include({ code: 'ML_01', property: 'file' });
    });

    it('refuses magic bytes of one format over the contents of another', async () => {
      const png = await picture().png().toBuffer();
      const gifOverPng = Buffer.concat([Buffer.from('GIF89a', 'latin1'), png]);
      expect((await refusal(onDisk(gifOverPng))).items[0]).to.include({ code: 'V_12' });
    });

    it('refuses an empty file with V_17', async () => {
      expect((await refusal(onDisk(Buffer.alloc(0)))).items[0]).to.include({ code: 'V_17', property: 'file' });
    });
  });
});
