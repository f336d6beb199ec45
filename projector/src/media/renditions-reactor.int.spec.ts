import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect } from 'chai';
import sharp from 'sharp';
import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { renditionParams } from '@pagelog/storage/media/image-renditions';
import { Projector } from '../core/projector';
import type { ReactorEffects } from '../core/reactor';
import { openTestLog, type TestLog } from '../core/test-log';
import { renditionsReactor } from './renditions-reactor';

let seq = 0;
const uploaded = (data: Partial<EventData<'MediaFileUploaded'>> & { hash: string }): NewEvent => ({
  id: `00000000-0000-7000-8000-${String(++seq).padStart(12, '0')}`,
  type: 'MediaFileUploaded',
  data: { mediaId: `m${seq}`, parentId: 'root', fileName: 'foto.jpg', size: 1, contentType: 'image/jpeg', kind: 'image', width: null, height: null, defaultAltText: '', shared: false, ...data },
  metadata: { actorId: 'system', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});
const runAll: ReactorEffects = { once: async (_key, effect) => effect() };

/**
 * Waits for the reactor's work. Generous: nine AVIF, WebP and JPEG encodes take a few seconds on
 * a quiet 2-core machine and several times that beside a full test run; this is no speed check.
 */
async function until(check: () => Promise<boolean> | boolean, ms = 50_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached in time');
}

describe('the renditions reactor', function () {
  this.timeout(90_000);
  let log: TestLog;
  let dir: string;
  let store: FsBlobStore;
  let puts: string[];
  let blobs: BlobStore;

  beforeEach(() => {
    log = openTestLog('renditions');
    dir = mkdtempSync(join(tmpdir(), 'pagelog-renditions-'));
    store = new FsBlobStore(join(dir, 'blobs'));
    puts = [];
    blobs = Object.assign(Object.create(store) as BlobStore, {
      putRendition: (...args: Parameters<BlobStore['putRendition']>) => {
        puts.push(`${args[1].width}/${args[1].format}`);
        return store.putRendition(...args);
      },
    });
  });
  afterEach(async () => {
    await store.close();
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const image = async (width: number, height: number, channels: 3 | 4 = 3) => {
    const bytes = await sharp({ create: { width, height, channels, background: channels === 4 ? { r: 0, g: 0, b: 255, alpha: 0.5 } : '#36c' } })
      [channels === 4 ? 'png' : 'jpeg']()
      .toBuffer();
    return (await store.put([bytes], { contentType: channels === 4 ? 'image/png' : 'image/jpeg' })).key;
  };
  const recorded = (event: NewEvent): RecordedEvent => ({ ...event, stream: 'media-x', revision: 0, position: seq }) as RecordedEvent;

  it('makes the declared widths up to the original in AVIF, WebP and JPEG after an upload, before anyone asks', async () => {
    // A handler that fails once (a busy machine) is tried again soon, not after the product's long back-off.
    const projector = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [], reactors: [renditionsReactor({ blobs })], pollMs: 50, backoffMs: 50, maxBackoffMs: 500 });
    await projector.start();
    try {
      const hash = await image(1200, 600);
      await log.events.append('media-m1', [uploaded({ hash, width: 1200, height: 600 })], 'any');
      const expected = [320, 640, 1024].flatMap((w) => ['avif', 'webp', 'jpeg'].map((f) => `${w}/${f}`));
      await until(() => puts.length === expected.length).catch(async (error: Error) => {
        // What the next run needs to tell why: what was made, and where the reactor stood.
        throw new Error(`${error.message}: made ${JSON.stringify(puts)}; checkpoints ${JSON.stringify(await log.readModels.getCheckpoints())}`);
      });
      expect(puts).to.have.members(expected);
      const widest = await sharp(await buffer((await store.getRendition(hash, renditionParams({ width: 1024, format: 'avif' })))!.stream)).metadata();
      expect([widest.format, widest.width, widest.height]).to.deep.equal(['heif', 1024, 512]);
    } finally {
      await projector.stop();
    }
  });

  it('makes PNG rather than JPEG for an image with transparency, and the original width when it is narrower than the widest', async () => {
    const hash = await image(500, 500, 4);
    await renditionsReactor({ blobs }).react(recorded(uploaded({ hash, kind: 'image', contentType: 'image/png' })), runAll);
    expect(puts).to.have.members(['320/avif', '320/webp', '320/png', '500/avif', '500/webp', '500/png']);
  });

  it('skips what is cached already, and leaves GIFs, SVGs and documents alone', async () => {
    const hash = await image(700, 100);
    const reactor = renditionsReactor({ blobs });
    await reactor.react(recorded(uploaded({ hash })), runAll);
    const made = puts.length;
    await reactor.react(recorded(uploaded({ hash })), runAll);
    for (const kind of ['gif', 'svg', 'document'] as const) await reactor.react(recorded(uploaded({ hash: await image(400 + seq, 100), kind })), runAll);
    expect([made, puts.length]).to.deep.equal([9, 9]);
  });

  it('passes over bytes that are gone or do not decode, so later uploads still get theirs', async () => {
    const reactor = renditionsReactor({ blobs });
    const broken = (await store.put([Buffer.from('no image here')], { contentType: 'image/jpeg' })).key;
    await reactor.react(recorded(uploaded({ hash: broken })), runAll);
    await reactor.react(recorded(uploaded({ hash: 'b'.repeat(64) })), runAll);
    expect(puts).to.deep.equal([]);
  });
});
