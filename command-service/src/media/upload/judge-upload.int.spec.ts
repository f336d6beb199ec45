import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { MEDIA_HEAD_BYTES, sniffMediaHead, sniffMediaType } from '../../core/uploads/sniff-media-type';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { pngHeaderOnly } from '@pagelog/storage/media/test-images';
import { storedZip } from '@pagelog/storage/media/test-files';
import { imageHeader } from './image-header';


/** A compound file (MS-CFB) whose directory (sector 0) holds the root and one stream named `stream`. */
function compoundFile(stream: string): Buffer {
  const file = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(0, 48);
  const entry = (at: number, name: string) => {
    const bytes = Buffer.from(`${name}\u0000`, 'utf16le');
    bytes.copy(file, at);
    file.writeUInt16LE(bytes.length, at + 64);
  };
  entry(512, 'Root Entry');
  entry(512 + 128, stream);
  return file;
}

const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/x" ContentType="${main}"/></Types>`;

describe('judging a media upload by its bytes', () => {
  let dir: string;
  let n = 0;
  const file = (bytes: Buffer | string) => {
    n += 1;
    const path = join(dir, `upload-${n}`);
    writeFileSync(path, bytes);
    return path;
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-sniff-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('knows the images, and a GIF as a gif', async () => {
    const make = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif') => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).toFormat(format).toBuffer();
    expect(await sniffMediaType(file(await make('jpeg')))).to.deep.equal({ kind: 'image', contentType: 'image/jpeg', raster: 'jpeg' });
    expect(await sniffMediaType(file(await make('png')))).to.deep.equal({ kind: 'image', contentType: 'image/png', raster: 'png' });
    expect(await sniffMediaType(file(await make('gif')))).to.deep.equal({ kind: 'gif', contentType: 'image/gif', raster: 'gif' });
    expect(await sniffMediaType(file(await make('webp')))).to.deep.equal({ kind: 'image', contentType: 'image/webp', raster: 'webp' });
    expect(await sniffMediaType(file(await make('avif')))).to.deep.equal({ kind: 'image', contentType: 'image/avif', raster: 'heif' });
  });

  it('knows the documents: PDF, Office Open XML, OpenDocument, legacy Office and plain text', async () => {
    const docx = storedZip([['[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')]]);
    expect(await sniffMediaType(file(docx))).to.include({ kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const odt = storedZip([['mimetype', 'application/vnd.oasis.opendocument.text']]);
    expect(await sniffMediaType(file(odt))).to.include({ kind: 'document', contentType: 'application/vnd.oasis.opendocument.text' });
    expect(await sniffMediaType(file(compoundFile('WordDocument')))).to.include({ kind: 'document', contentType: 'application/msword' });
    expect(await sniffMediaType(file(compoundFile('Workbook')))).to.include({ contentType: 'application/vnd.ms-excel' });
    expect(await sniffMediaType(file('%PDF-1.7\n%%EOF\n'))).to.include({ kind: 'document', contentType: 'application/pdf' });
    expect(await sniffMediaType(file('naam;plaats\nZoë;Den Haag\n'))).to.include({ kind: 'document', contentType: 'text/plain; charset=utf-8' });
  });

  it('knows an SVG by its root element, with or without a declaration', async () => {
    expect(await sniffMediaType(file('<svg xmlns="http://www.w3.org/2000/svg"/>'))).to.deep.equal({ kind: 'svg', contentType: 'image/svg+xml', raster: null });
    expect(await sniffMediaType(file('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).to.include({ kind: 'svg' });
  });

  it('refuses the rest: programs, archives, other compound files, HTML, other XML, text that is not UTF-8 or holds NUL', async () => {
    const refused = [
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Buffer.alloc(60)]),
      storedZip([['readme.txt', 'hallo']]),
      compoundFile('SummaryInformation'),
      '<!DOCTYPE html><title>x</title>',
      '  <html><script>alert(1)</script>',
      '<?xml version="1.0"?><rss/>',
      Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x6f]),
      'tekst\u0000met nul',
    ];
    for (const bytes of refused) expect(await sniffMediaType(file(bytes)), String(bytes).slice(0, 30)).to.equal(null);
  });

  it('reads an image size from its stored header, turned by EXIF orientation, and refuses bombs and broken headers', async () => {
    const blobs = new FsBlobStore(join(dir, 'blobs'));
    const stored = async (bytes: Buffer) => blobs.put([bytes], { contentType: 'application/octet-stream' });
    try {
      const turned = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#000' } }).jpeg().withMetadata({ orientation: 8 }).toBuffer();
      expect(await imageHeader(blobs, await stored(turned), 'jpeg', 'f', 'media')).to.deep.equal({ width: 20, height: 30 });
      expect(await imageHeader(blobs, await stored(pngHeaderOnly(10_000, 10_000)), 'png', 'f', 'media')).to.deep.equal({ width: 10_000, height: 10_000 });
      for (const [bytes, format] of [
        [pngHeaderOnly(10_001, 10_000), 'png'],
        [pngHeaderOnly(50_000, 50_000), 'png'],
        [Buffer.from('not an image'), 'png'],
        [await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer(), 'jpeg'],
      ] as const) {
        const error = await imageHeader(blobs, await stored(bytes), format, 'f', 'media').then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(ValidationError);
        expect((error as ValidationError).items[0]).to.include({ code: 'V_12', property: 'f', model: 'media' });
      }
    } finally {
      await blobs.close();
    }
  });
});

describe('judging a media upload by its first bytes, while the rest still streams', () => {
  const big = (start: Buffer | string, fill = 0x20) => Buffer.concat([Buffer.from(start), Buffer.alloc(2 * MEDIA_HEAD_BYTES, fill)]);
  const headOf = (bytes: Buffer) => bytes.subarray(0, MEDIA_HEAD_BYTES);

  it('says on a complete file what the whole-file judgement says', async () => {
    for (const bytes of [Buffer.from('%PDF-1.7\n'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('tekst\u0000met nul'), compoundFile('WordDocument'), compoundFile('Ole')]) {
      const verdict = await sniffMediaHead(bytes, true);
      const type = verdict === null || verdict === 'undecided' ? verdict : verdict.type;
      expect(type, String(bytes).slice(0, 20)).to.deep.equal(await sniffMediaTypeOfBytes(bytes));
    }
  });

  it('decides images, PDF and text types by the head, and leaves the rest of a text to be checked', async () => {
    expect(await sniffMediaHead(headOf(big('%PDF-1.7\n')), false)).to.deep.include({ type: { kind: 'document', contentType: 'application/pdf', raster: null }, rest: null });
    const text = await sniffMediaHead(headOf(big('naam;plaats\n')), false);
    expect(text).to.not.be.oneOf([null, 'undecided']);
    const { type, rest } = text as Exclude<typeof text, null | 'undecided'>;
    expect(type.contentType).to.equal('text/plain; charset=utf-8');
    expect(rest!.push(Buffer.from('nog meer\n'))).to.equal(true);
    expect(rest!.push(Buffer.from([0x61, 0x00]))).to.equal(false);
    expect(await sniffMediaHead(headOf(big('<html><script>alert(1)</script>')), false)).to.equal(null);
  });

  it('leaves a container or compound file undecided when its telling part may lie past the head, and refuses it when the head is all', async () => {
    const zipped = storedZip([['filler.bin', 'x'.repeat(2 * MEDIA_HEAD_BYTES)], ['[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')]]);
    expect(await sniffMediaHead(headOf(zipped), false)).to.equal('undecided');
    expect(await sniffMediaHead(headOf(big(compoundFile('Ole'), 0)), false)).to.equal('undecided');
    expect(await sniffMediaHead(storedZip([['readme.txt', 'hallo']]), true)).to.equal(null);
    // The whole-file judgement then finds the document.
    expect(await sniffMediaTypeOfBytes(zipped)).to.include({ kind: 'document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
  });

  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-sniff-head-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const sniffMediaTypeOfBytes = async (bytes: Buffer) => {
    const path = join(dir, `f-${Math.random()}`);
    writeFileSync(path, bytes);
    return sniffMediaType(path);
  };
});
