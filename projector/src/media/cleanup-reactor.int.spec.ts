import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { Projector } from '../core/projector';
import type { Reactor } from '../core/reactor';
import { openTestLog, type TestLog } from '../core/test-log';
import { MEDIA_CLEANUP_DUE, mediaCleanupReactor } from './cleanup-reactor';
import { mediaLibraryProjection } from './library-projection';
import { mediaUsageProjection } from './usage-projection';

const HOUR = 60 * 60 * 1000;
const GRACE = 24 * HOUR;
const start = Date.UTC(2026, 2, 1);

async function until(check: () => Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what}: not reached in time`);
}

/**
 * The media-cleanup reactor run by the real projector beside the media projections, on a clock
 * the spec moves: bytes of a deleted file go only a grace period after the deletion, and only
 * when nothing needs them then.
 */
describe('the media-cleanup reactor', () => {
  let log: TestLog;
  let dir: string;
  let blobs: FsBlobStore;
  let projector: Projector;
  let now = start;
  let seq = 0;
  let sweeps = 0;
  let failDeletes = false;

  beforeEach(async () => {
    now = start;
    sweeps = 0;
    failDeletes = false;
    log = openTestLog('media-cleanup');
    dir = mkdtempSync(join(tmpdir(), 'pagelog-media-cleanup-'));
    blobs = new FsBlobStore(join(dir, 'blobs'));
    // Deletes through `failDeletes` first: a spec makes the blob store refuse for a while.
    const store = blobs;
    const deleting: FsBlobStore = Object.assign(Object.create(store) as FsBlobStore, {
      delete: (key: string) => (failDeletes ? Promise.reject(new Error('blob store refuses deletes')) : store.delete(key)),
    });
    const cleanup = mediaCleanupReactor({ blobs: deleting, readModels: log.readModels, mediaCleanupGraceMs: GRACE, sweepEveryMs: 0, clock: () => now });
    // Counts the looks it takes at the head of the log, so a spec knows one has happened since it moved the clock.
    const counted: Reactor = {
      ...cleanup,
      async atHead() {
        await cleanup.atHead!();
        sweeps += 1;
      },
    };
    projector = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [mediaLibraryProjection, mediaUsageProjection], reactors: [counted], pollMs: 10, backoffMs: 10, maxBackoffMs: 20 });
    await projector.start();
  });
  afterEach(async () => {
    await projector.stop();
    await blobs.close();
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function append(stream: string, type: string, data: Record<string, unknown>): Promise<void> {
    seq += 1;
    const event: NewEvent = {
      id: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
      type,
      data,
      metadata: { actorId: 'u1', correlationId: 'c', causationId: 'c', occurredAt: new Date(now).toISOString(), schemaVersion: 1 },
    };
    await log.events.append(stream, [event], 'any');
  }
  const stored = async (text: string) => {
    const { key } = await blobs.put([Buffer.from(text)], { contentType: 'application/pdf' });
    await blobs.putRendition(key, { width: 320, format: 'webp' }, [Buffer.from(`${text} small`)], { contentType: 'image/webp' });
    return key;
  };
  const uploaded = (mediaId: string, hash: string) =>
    append(`media-${mediaId}`, 'MediaFileUploaded', {
      mediaId,
      parentId: 'root',
      fileName: `${mediaId}.pdf`,
      hash,
      size: 10,
      contentType: 'application/pdf',
      kind: 'document',
      width: null,
      height: null,
      defaultAltText: '',
      shared: false,
    });
  const deleted = (mediaId: string, hash: string) => append(`media-${mediaId}`, 'MediaFileDeleted', { mediaId, parentId: 'root', fileName: `${mediaId}.pdf`, hash });
  /** Moves the clock, and waits until the reactor has taken everything in and looked twice since. */
  async function at(ms: number): Promise<void> {
    now = start + ms;
    await projector.settle();
    const seen = sweeps;
    await until(async () => sweeps >= seen + 2, 'two looks at the head of the log');
  }
  const present = async (hash: string) => (await blobs.stat(hash)) !== null;

  it('keeps the bytes of a deleted file no page used through the grace, and deletes them and their renditions after it', async () => {
    const hash = await stored('alleen');
    await uploaded('m1', hash);
    await deleted('m1', hash);
    await at(GRACE - 1);
    expect(await present(hash)).to.equal(true);
    await at(GRACE);
    expect(await present(hash)).to.equal(false);
    expect(await blobs.statRendition(hash, { width: 320, format: 'webp' })).to.equal(null);
    expect(await log.readModels.find(MEDIA_CLEANUP_DUE)).to.deep.equal([]);
  });

  it('keeps bytes uploaded again within the grace, and counts the grace from the last deletion', async () => {
    const again = await stored('opnieuw geüpload');
    await uploaded('m1', again);
    await deleted('m1', again);
    await at(HOUR);
    await uploaded('m2', again);
    await at(2 * GRACE);
    expect(await present(again)).to.equal(true);

    // Deleted once more: a day from then, and not before.
    await deleted('m2', again);
    await at(3 * GRACE - 1);
    expect(await present(again)).to.equal(true);
    await at(3 * GRACE);
    expect(await present(again)).to.equal(false);
  });

  it('keeps bytes another live item holds', async () => {
    const shared = await stored('twee keer geüpload');
    await uploaded('m1', shared);
    await uploaded('m2', shared);
    await deleted('m1', shared);
    await at(2 * GRACE);
    expect(await present(shared)).to.equal(true);
  });

  it('keeps bytes any page version referred to, even one no longer shown', async () => {
    const used = await stored('op een pagina');
    await uploaded('m1', used);
    const page = (type: string, data: Record<string, unknown>) => append('page-p1', type, { pageId: 'p1', ...data });
    await page('PageCreated', { translationGroupId: 'p1', type: 'article', locale: 'nl-nl', title: 'Over ons', slug: 'over-ons', content: '', typeData: {}, versionId: 'v1', copiedFrom: null });
    const version = (blocks: unknown[]) => page('PageVersionStored', { versionId: 'v1', title: 'Over ons', blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
    await version([{ type: 'downloads', key: 'd', anchorPoint: '', props: {}, __files: [{ hash: used, fileName: 'Verslag.pdf' }] }]);
    // The draft drops it again before anyone deletes the file.
    await version([]);
    await deleted('m1', used);
    await at(2 * GRACE);
    expect(await present(used)).to.equal(true);
  });

  it('keeps bytes the site settings showed (a logo, the default SEO image), for the site as of a past moment', async () => {
    const logo = await stored('logo');
    const seoImage = await stored('deelbeeld');
    const unused = await stored('nooit getoond');
    await uploaded('m1', logo);
    await uploaded('m2', seoImage);
    await uploaded('m3', unused);
    await append('settings', 'SiteIdentityChanged', { siteName: 'Onderzoeksbureau', logo: { mediaId: 'm1' } });
    await append('settings', 'SiteDefaultSeoImageChanged', { defaultSeoImage: { mediaId: 'm2' } });
    // Another logo since, and the old files deleted from the library.
    await append('settings', 'SiteIdentityChanged', { siteName: 'Onderzoeksbureau', logo: null });
    await deleted('m1', logo);
    await deleted('m2', seoImage);
    await deleted('m3', unused);
    await at(2 * GRACE);
    expect(await present(logo)).to.equal(true);
    expect(await present(seoImage)).to.equal(true);
    expect(await present(unused)).to.equal(false);
  });

  it('shows a sweep that fails in the reactor\'s status, keeps the note, and clears the error once it works', async () => {
    const hash = await stored('weigert');
    await uploaded('m1', hash);
    await deleted('m1', hash);
    failDeletes = true;
    now = start + GRACE;
    await projector.settle();
    await until(async () => (await log.readModels.getCheckpoint('media-cleanup')).error !== null, 'the error recorded');
    expect((await log.readModels.getCheckpoint('media-cleanup')).error).to.include({ message: 'blob store refuses deletes' });
    expect(await present(hash)).to.equal(true);
    failDeletes = false;
    await until(async () => !(await present(hash)), 'the bytes deleted once the store takes deletes');
    await until(async () => (await log.readModels.getCheckpoint('media-cleanup')).error === null, 'the error cleared');
  });

  it('shows in the reactor\'s status where it is, beside the media projections it waits for', async () => {
    const hash = await stored('status');
    await uploaded('m1', hash);
    await deleted('m1', hash);
    await at(0);
    const [head, checkpoint] = await Promise.all([log.events.headPosition(), log.readModels.getCheckpoint('media-cleanup')]);
    expect(checkpoint).to.include({ position: head, error: null });
    expect(projector.reactorRunners.map((r) => [r.name, r.reactor.reads])).to.deep.equal([['media-cleanup', ['media', 'media-usage']]]);
  });
});
