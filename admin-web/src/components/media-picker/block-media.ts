import type { BlockFile, BlockImage, CropParams } from '@pagelog/contracts/blocks/block';
import type { MediaItemView } from '@pagelog/contracts/media/media';

/**
 * A chosen library image as a block (or the SEO image) stores it (spec section 3: hash, fileName,
 * altText, fileID, cropParams). The item's default alternative text is the use's until the editor
 * changes it; width and height are what the page shows (the crop's size when cropped); the item's
 * focal point, when it has one, is what automatic crops of this use keep in view.
 */
export function blockImageOf(item: MediaItemView, cropParams?: CropParams): BlockImage {
  const image: BlockImage = { hash: item.hash ?? '', fileName: item.fileName, altText: item.defaultAltText, fileID: item.id };
  if (cropParams) image.cropParams = cropParams;
  const width = cropParams ? cropParams.width : item.width;
  const height = cropParams ? cropParams.height : item.height;
  if (width && height) Object.assign(image, { width, height });
  // Kept with the use, so the site's address for an automatic crop (the SEO image's) can name it.
  if (item.focalPoint) image.focalPoint = { x: item.focalPoint.x, y: item.focalPoint.y };
  return image;
}

/** A chosen library file as a block stores it for a download (hash and fileName, with size and type when known). */
export function blockFileOf(item: MediaItemView): BlockFile {
  const file: BlockFile = { hash: item.hash ?? '', fileName: item.fileName };
  if (item.size !== null) file.size = item.size;
  if (item.contentType) file.contentType = item.contentType;
  return file;
}
