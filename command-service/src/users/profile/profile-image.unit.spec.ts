import { expect } from 'chai';
import sharp from 'sharp';
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { processProfileImage } from './profile-image';
import { pngHeaderOnly } from '@pagelog/storage/media/test-images';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });
const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });


async function refusal(bytes: Buffer): Promise<DomainError> {
  const error = await processProfileImage(bytes).then(() => null, (e: unknown) => e);
  expect(error, 'expected the image to be refused').to.be.instanceOf(DomainError);
  return error as DomainError;
}

function expectItem(error: DomainError, code: string, status: number) {
  expect(error.status).to.equal(status);
  expect(error.items).to.have.length(1);
  expect(error.items[0]).to.include({ code, property: 'profileImage', model: 'user' });
}

describe('processProfileImage', () => {
  describe('when given a small PNG', () => {
    it('answers a PNG of the same size and pixels', async () => {
      const input = await solid(40, 30).png().toBuffer();
      const image = await processProfileImage(input);
      expect(image).to.include({ contentType: 'image/png', width: 40, height: 30 });
      const meta = await sharp(image.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 40, 30]);
      const pixel = await sharp(image.bytes).extract({ left: 5, top: 5, width: 1, height: 1 }).raw().toBuffer();
      expect([...pixel.subarray(0, 3)]).to.deep.equal([200, 30, 60]);
    });

    it('drops its EXIF', async () => {
      const input = await solid(20, 20).png().withExif({ IFD0: { Artist: 'Secret Person' } }).toBuffer();
      expect((await sharp(input).metadata()).exif).not.to.equal(undefined);
      const image = await processProfileImage(input);
      expect((await sharp(image.bytes).metadata()).exif).to.equal(undefined);
      expect(image.bytes.includes('Secret Person')).to.equal(false);
    });

    it('judges it by its bytes even when it came named and typed as HTML', async () => {
      // The function takes only bytes: whatever the upload called itself cannot steer it.
      const uploaded = { name: 'avatar.html', type: 'text/html', bytes: await solid(8, 8).png().toBuffer() };
      const image = await processProfileImage(uploaded.bytes);
      expect(image.contentType).to.equal('image/png');
    });
  });

  describe('when given a JPEG with EXIF', () => {
    it('answers a JPEG turned upright, without EXIF or orientation', async () => {
      const input = await solid(40, 20)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'Secret Person' } })
        .toBuffer();
      const before = await sharp(input).metadata();
      expect([before.orientation, before.exif === undefined]).to.deep.equal([6, false]);

      const image = await processProfileImage(input);

      expect(image).to.include({ contentType: 'image/jpeg', width: 20, height: 40 });
      const after = await sharp(image.bytes).metadata();
      expect(after.format).to.equal('jpeg');
      expect(after.exif).to.equal(undefined);
      expect(after.orientation).to.equal(undefined);
      expect([after.width, after.height]).to.deep.equal([20, 40]);
      expect(image.bytes.includes('Secret Person')).to.equal(false);
    });
  });

  describe('when given another format', () => {
    it('refuses a GIF with UM_06 (415)', async () => {
      const error = await refusal(await solid(10, 10).gif().toBuffer());
      expect(error).to.be.instanceOf(UnsupportedMediaTypeError);
      expectItem(error, 'UM_06', 415);
    });

    it('refuses a WebP with UM_06 (415)', async () => {
      expectItem(await refusal(await solid(10, 10).webp().toBuffer()), 'UM_06', 415);
    });

    it('refuses HTML text, whatever it claims to be, with UM_06 (415)', async () => {
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      expectItem(await refusal(html), 'UM_06', 415);
    });
  });

  describe('when the image is larger than 1024×1024', () => {
    it('refuses a tiny file declaring 20000×20000 from its header, without decoding it', async () => {
      const bytes = pngHeaderOnly(20_000, 20_000);
      expect(bytes.length).to.be.below(100);
      const started = performance.now();
      const error = await refusal(bytes);
      expect(performance.now() - started).to.be.below(500);
      expect(error).to.be.instanceOf(ValidationError);
      expectItem(error, 'UM_08', 400);
    });

    it('refuses one pixel too wide or too high, and takes 1024×1024', async () => {
      expectItem(await refusal(await solid(1025, 1).png().toBuffer()), 'UM_08', 400);
      expectItem(await refusal(await solid(1, 1025).jpeg().toBuffer()), 'UM_08', 400);
      const largest = await processProfileImage(await solid(1024, 1024).jpeg().toBuffer());
      expect(largest).to.include({ width: 1024, height: 1024 });
    });
  });

  describe('when the file is larger than 2 MB', () => {
    it('refuses it with UM_05 (413) before looking inside', async () => {
      const bytes = Buffer.concat([await solid(8, 8).png().toBuffer(), Buffer.alloc(2 * 1024 * 1024)]);
      const error = await refusal(bytes);
      expect(error).to.be.instanceOf(PayloadTooLargeError);
      expectItem(error, 'UM_05', 413);
    });

    it('does not refuse exactly 2 MB for its size', async () => {
      const png = await solid(8, 8).png().toBuffer();
      const bytes = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]);
      const outcome = await processProfileImage(bytes).then(() => null, (e: unknown) => e as DomainError);
      expect(outcome?.items[0]?.code).not.to.equal('UM_05');
    });
  });

  describe('when the file is empty', () => {
    it('asks for a file with V_17 (400)', async () => {
      const error = await refusal(Buffer.alloc(0));
      expect(error).to.be.instanceOf(ValidationError);
      expectItem(error, 'V_17', 400);
    });
  });

  describe('when the data is corrupt', () => {
    it('refuses a truncated PNG with UM_07 (400)', async () => {
      const png = await noisy(200, 200).png().toBuffer();
      expectItem(await refusal(png.subarray(0, png.length >> 1)), 'UM_07', 400);
    });

    it('refuses a truncated JPEG with UM_07 (400)', async () => {
      const jpeg = await noisy(200, 200).jpeg().toBuffer();
      expectItem(await refusal(jpeg.subarray(0, jpeg.length >> 1)), 'UM_07', 400);
    });

    it('refuses a PNG header over garbage with UM_07 (400)', async () => {
      expectItem(await refusal(pngHeaderOnly(64, 64)), 'UM_07', 400);
    });

    it('refuses JPEG magic bytes followed by HTML with UM_07 (400)', async () => {
      const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html><script>alert(1)</script></html>')]);
      expectItem(await refusal(bytes), 'UM_07', 400);
    });
  });
});
