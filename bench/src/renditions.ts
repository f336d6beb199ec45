/**
 * Benchmark: image renditions of a 2560-px JPEG photo, per format, as the renditions reactor and
 * the file routes make them (ImageRenditions: source streamed out of the blob store, sharp,
 * rendition streamed into the store's cache). Each round makes the declared widths (320–2560)
 * of one format one after another, as the reactor does; the cache is emptied between rounds.
 * Figures: renditions per second per format, and the seconds one upload's whole set takes (every
 * width in AVIF, WebP and JPEG). Run against the file blob store (embedded) and, when
 * PostgreSQL answers, its blob store (distributed).
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { RENDITION_WIDTHS, type RenditionFormat } from '@pagelog/contracts/media/media';
import { renditionFormats } from '@pagelog/contracts/media/media-urls';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { PostgresBlobStore } from '@pagelog/storage/blob-store/postgres-blob-store';
import { ImageRenditions } from '@pagelog/storage/media/image-renditions';
import { dropSchema, elapsedMs, figuresTable, freshSchemaName, heading, isMain, newPool, postgresUrl, table, tempDir, type Backend, type Figure } from './common';

const WIDTH = 2560;
const HEIGHT = 1707;
const ROUNDS = Number(process.env.BENCH_RENDITION_ROUNDS ?? 3);
const FORMATS: RenditionFormat[] = ['avif', 'webp', 'jpeg', 'png'];

/**
 * A photo-like JPEG: soft shapes (blurred noise) with fine grain on top, at quality 85. A flat
 * or synthetic pattern would flatter (or punish) the encoders; this is about what a camera gives.
 */
export async function photoJpeg(width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const shapes = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .blur(12)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).raw().toBuffer();
  return sharp(shapes.data, { raw: shapes.info })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Seconds to make `widths` × `formats` of `source`, one after another, from an empty cache. */
async function timeSet(blobs: BlobStore, source: Buffer, widths: readonly number[], formats: readonly RenditionFormat[]): Promise<number> {
  const { key } = await blobs.put([source], { contentType: 'image/jpeg' });
  const renditions = new ImageRenditions(blobs);
  const start = process.hrtime.bigint();
  for (const width of widths) for (const format of formats) await renditions.rendition(key, { width, format });
  const seconds = elapsedMs(start) / 1000;
  // Deleting the source deletes its renditions: the next round starts from an empty cache.
  await blobs.delete(key);
  return seconds;
}

async function measure(backend: Backend, blobs: BlobStore, source: Buffer): Promise<Figure[]> {
  const figures: Figure[] = [];
  const rows: (string | number)[][] = [];
  for (const format of FORMATS) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) times.push(await timeSet(blobs, source, RENDITION_WIDTHS, [format]));
    const best = Math.min(...times);
    const perSecond = RENDITION_WIDTHS.length / best;
    rows.push([format, RENDITION_WIDTHS.length, best, perSecond]);
    figures.push({ bench: 'renditions', backend, metric: `${format} renditions/s`, value: perSecond, unit: '/s', note: `widths ${RENDITION_WIDTHS.join(', ')}` });
  }
  const sets: number[] = [];
  for (let round = 0; round < ROUNDS; round++) sets.push(await timeSet(blobs, source, RENDITION_WIDTHS, renditionFormats(false)));
  const upload = Math.min(...sets);
  rows.push(['one upload (avif + webp + jpeg)', RENDITION_WIDTHS.length * 3, upload, (RENDITION_WIDTHS.length * 3) / upload]);
  figures.push({ bench: 'renditions', backend, metric: 'one upload’s set', value: upload, unit: 's', note: `${RENDITION_WIDTHS.length * 3} renditions` });
  console.log(table(['format', 'renditions', 'best round (s)', 'renditions/s'], rows));
  return figures;
}

export async function runRenditions(): Promise<Figure[]> {
  const source = await photoJpeg();
  console.log(`source: ${WIDTH}×${HEIGHT} JPEG, ${(source.length / 1024).toFixed(0)} KB; ${ROUNDS} rounds, best kept; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${cpus().length} cores`);
  const figures: Figure[] = [];

  heading('renditions · file blob store (embedded)');
  const dir = tempDir('renditions');
  const files = new FsBlobStore(join(dir.path, 'blobs'));
  try {
    figures.push(...(await measure('sqlite', files, source)));
  } finally {
    await files.close();
    dir.remove();
  }

  const url = await postgresUrl();
  if (url) {
    heading('renditions · PostgreSQL blob store (distributed)');
    const pool = newPool(url);
    const schema = freshSchemaName('renditions');
    const store = new PostgresBlobStore({ pool, schema });
    try {
      await store.init();
      figures.push(...(await measure('postgres', store, source)));
    } finally {
      await store.close();
      await pool.end().catch(() => {});
      await dropSchema(url, schema);
    }
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runRenditions();
  heading('renditions · summary');
  console.log(figuresTable(figures));
}
