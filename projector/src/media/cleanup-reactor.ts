import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import { reactorNames, readModels } from '@pagelog/contracts/read-models';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { CheckpointMovedError, type ReadModelStore, type UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';

/** How long the bytes of a deleted file stay at least (PAGELOG_MEDIA_CLEANUP_GRACE_MS). */
export const DEFAULT_MEDIA_CLEANUP_GRACE_MS = 24 * 60 * 60 * 1000;

/** The deleted files' bytes waiting for their grace to pass: one document per hash (the reactor's own, never rebuilt). */
export const MEDIA_CLEANUP_DUE = 'media_cleanup_due';

/**
 * Bytes the site settings ever showed (a logo, the default SEO image), by hash: kept for good, as
 * a page's are, so the site as of a past moment shows them (decision 0005). The reactor's own.
 */
export const MEDIA_CLEANUP_KEPT = 'media_cleanup_kept';

/** How many due hashes one sweep takes on; the next sweep goes on with the rest. */
const SWEEP_BATCH = 100;

export interface MediaCleanupDeps {
  blobs: BlobStore;
  readModels: ReadModelStore;
  /** How long after its last deletion bytes are kept at least (default 24 h). */
  mediaCleanupGraceMs?: number;
  /** How often it looks for bytes whose grace has passed (default a minute, and never less often than the grace). */
  sweepEveryMs?: number;
  /** How long a sweep waits for the media read models to reach the reactor before it leaves it to the next one (default 2 s). */
  waitMs?: number;
  clock?: () => number;
}

/** media_cleanup_due: the bytes of a deleted file, deleted once `deletedAt` is older than the grace (if nothing needs them then). */
export interface MediaCleanupDueDoc {
  [field: string]: unknown;
  id: string;
  hash: string;
  /** When a file on these bytes was last deleted. */
  deletedAt: string;
  position: number;
}

/**
 * Deletes the bytes of deleted media items (and their renditions) once nothing needs them, no
 * sooner than a grace period after the last deletion: an editor may have picked the file in a
 * draft not saved yet, or be uploading the same bytes again, when someone deletes it (the save
 * and the publish check that the bytes are there, so after the grace they refuse rather than
 * show a broken image). It follows the log to note deletions (and uploads of the same bytes,
 * which cancel them); at the head of the log it sweeps the notes older than the grace and deletes
 * the bytes when, at that moment, no live item holds them (an item uploaded twice shares them)
 * and no page version ever referred to them (published pages keep showing a deleted file, and
 * history shows every version: decision 0005), nor the site settings (a logo, the default SEO
 * image, which the site as of a past moment shows). Bytes any page or the settings used stay for good.
 */
export function mediaCleanupReactor(deps: MediaCleanupDeps): Reactor {
  const name = reactorNames.mediaCleanup;
  const store = deps.readModels;
  const clock = deps.clock ?? Date.now;
  const graceMs = deps.mediaCleanupGraceMs ?? DEFAULT_MEDIA_CLEANUP_GRACE_MS;
  const sweepEveryMs = Math.min(deps.sweepEveryMs ?? 60_000, graceMs);
  const projections = [...new Set([readModels.mediaItems.projection, readModels.mediaUsagePeriods.projection])];
  let ensured = false;
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function ensure(): Promise<void> {
    if (ensured) return;
    await store.ensureCollection(MEDIA_CLEANUP_DUE, ['deletedAt']);
    await store.ensureCollection(MEDIA_CLEANUP_KEPT, []);
    ensured = true;
  }

  /** Writes the reactor's notes with its checkpoint where it is (nothing else moves it meanwhile: one instance runs). */
  async function note(work: (uow: UnitOfWork) => void): Promise<void> {
    await ensure();
    const { position } = await store.getCheckpoint(name);
    await store.commit(name, position, async (uow) => work(uow), { expectedPosition: position });
  }

  /** True when no live item holds the bytes, no page version ever referred to them and the settings never showed them. */
  async function unneeded(hash: string): Promise<boolean> {
    const where = { hash };
    const [items, periods, kept] = await Promise.all([store.count(readModels.mediaItems.collection, { where }), store.count(readModels.mediaUsagePeriods.collection, { where }), store.get(MEDIA_CLEANUP_KEPT, hash)]);
    return items === 0 && periods === 0 && kept === null;
  }

  /** The settings show a library image from now on: its bytes (as the item held them then) stay for good. */
  async function keepSettingsImage(mediaId: string, event: RecordedEvent): Promise<void> {
    await ensure();
    const item = await store.getAt<{ hash: string | null }>(readModels.mediaItems.collection, mediaId, event.position);
    const hash = item?.hash;
    if (!hash || (await store.get(MEDIA_CLEANUP_KEPT, hash))) return;
    await note((uow) => uow.put(MEDIA_CLEANUP_KEPT, hash, { id: hash, hash, mediaId, since: event.metadata.occurredAt, position: event.position }));
  }

  async function sweep(): Promise<void> {
    const now = clock();
    if (now - lastSweep < sweepEveryMs) return;
    await ensure();
    // The reactor is at the head of the log; the media read models must be as far, or a page
    // version stored a moment ago would not be counted yet (the next look tries again).
    const { position } = await store.getCheckpoint(name);
    if (!(await store.waitForCheckpoints(projections, position, deps.waitMs ?? 2_000))) return;
    lastSweep = now;
    const cutoff = new Date(now - graceMs).toISOString();
    const due = await store.find<MediaCleanupDueDoc>(MEDIA_CLEANUP_DUE, { orderBy: { field: 'deletedAt', direction: 'asc' }, limit: SWEEP_BATCH });
    for (const doc of due) {
      if (doc.deletedAt > cutoff) break;
      if (await unneeded(doc.hash)) await deps.blobs.delete(doc.hash);
      await note((uow) => uow.delete(MEDIA_CLEANUP_DUE, doc.id));
    }
    // A full batch: there may be more due, so the next look comes at once.
    if (due.length === SWEEP_BATCH && due.at(-1)!.deletedAt <= cutoff) lastSweep = Number.NEGATIVE_INFINITY;
  }

  return {
    name,
    handles: ['MediaFileDeleted', 'MediaFileUploaded', 'SiteIdentityChanged', 'SiteDefaultSeoImageChanged'],
    reads: projections,
    async react(event: RecordedEvent) {
      if (event.type === 'SiteIdentityChanged' || event.type === 'SiteDefaultSeoImageChanged') {
        const data = event.data as EventData<'SiteIdentityChanged'> & EventData<'SiteDefaultSeoImageChanged'>;
        const image = event.type === 'SiteIdentityChanged' ? data.logo : data.defaultSeoImage;
        if (image) await keepSettingsImage(image.mediaId, event);
        return;
      }
      if (event.type === 'MediaFileUploaded') {
        // The same bytes uploaded again: a live item holds them now.
        const { hash } = event.data as EventData<'MediaFileUploaded'>;
        await ensure();
        if (await store.get(MEDIA_CLEANUP_DUE, hash)) await note((uow) => uow.delete(MEDIA_CLEANUP_DUE, hash));
        return;
      }
      const { hash } = event.data as EventData<'MediaFileDeleted'>;
      if (!hash) return;
      // A later deletion of the same bytes starts the grace again.
      await note((uow) => uow.put(MEDIA_CLEANUP_DUE, hash, { id: hash, hash, deletedAt: event.metadata.occurredAt, position: event.position } satisfies MediaCleanupDueDoc));
    },
    async atHead() {
      try {
        await sweep();
      } catch (error) {
        // Another process took the reactor over meanwhile (its lease ran out): it sweeps now.
        if (!(error instanceof CheckpointMovedError)) throw error;
      }
    },
  };
}
