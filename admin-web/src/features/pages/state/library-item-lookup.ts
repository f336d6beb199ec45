import type { BlockImage } from '@pagelog/contracts/blocks/block';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import type { ApiClient } from '../../../core/api/api-client';
import { asListing } from '../../../components/media-picker/media-api';

/**
 * The library item a block image was chosen from, found again by its name below the root (there is
 * no read by id): a crop needs the original's size, which the block image no longer holds once
 * it is cropped. Null when the item is gone or the search failed.
 */
export async function findLibraryItem(api: ApiClient, image: Pick<BlockImage, 'fileID' | 'fileName'>): Promise<MediaItemView | null> {
  const reply = await api.call('mediaSearchFiles', { body: { searchTerm: image.fileName, directory: '/', withoutAltText: false } });
  if (!reply.Success) return null;
  const listing = asListing(reply.data);
  return [...listing.images, ...listing.documents].find((item) => item.id === image.fileID) ?? null;
}
