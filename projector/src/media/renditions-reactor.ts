import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import { renditionFormats, renditionWidths } from '@pagelog/contracts/media/media-urls';
import { reactorNames } from '@pagelog/contracts/read-models';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { renditionsOf, UndecodableImageError, type ImageRenditions } from '@pagelog/storage/media/image-renditions';
import type { Reactor } from '../core/reactor';

export interface RenditionsReactorDeps {
  blobs: BlobStore;
  /** Whose renditions; by default the process's one for `blobs`, shared with the file routes. */
  renditions?: ImageRenditions;
}

/**
 * Makes the renditions of an uploaded image before anyone asks for them, so the first visitor of
 * a page does not wait for sharp: every declared width up to the original's (renditionWidths), in
 * AVIF, WebP and JPEG (PNG for an image with transparency). A rendition already in the cache is
 * skipped, so a retry or a second upload of the same bytes makes nothing twice. GIFs are served
 * as they are (animated) and SVGs never rasterised: neither gets renditions.
 */
export function renditionsReactor(deps: RenditionsReactorDeps): Reactor {
  const renditions = deps.renditions ?? renditionsOf(deps.blobs);
  return {
    name: reactorNames.renditions,
    handles: ['MediaFileUploaded'],
    reads: [],
    async react(event: RecordedEvent) {
      const { kind, hash } = event.data as EventData<'MediaFileUploaded'>;
      if (kind !== 'image') return;
      try {
        // Null: the bytes are gone already (the file was deleted and cleaned up since).
        const info = await renditions.info(hash);
        if (!info) return;
        for (const width of renditionWidths(info.width)) {
          for (const format of renditionFormats(info.hasAlpha)) await renditions.rendition(hash, { width, format });
        }
      } catch (error) {
        // The upload judged the image by its header; one that still does not decode is not worth
        // stopping every later upload's renditions for. A visitor asking for it gets ML_11.
        if (error instanceof UndecodableImageError) return;
        throw error;
      }
    },
  };
}
