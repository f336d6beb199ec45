import type { BlockImage } from '@pagelog/contracts/blocks/block';
import { RENDITION_WIDTHS, pageFileGroup, type RenditionFormat } from '@pagelog/contracts/media/media';
import { cropTag, pageFileUrl, renditionWidths } from '@pagelog/contracts/media/media-urls';

/**
 * How wide a block image is shown: the column (site.css: 44rem less 1.5rem padding each side),
 * or the viewport less that padding on a narrower screen. The browser picks a rendition by it.
 */
export const BLOCK_IMAGE_SIZES = '(max-width: 44rem) calc(100vw - 3rem), 41rem';

/** The width of the rendition the fallback `src` names, for browsers without srcset. */
const FALLBACK_WIDTH = 1024;

export interface LibraryPictureProps {
  pageID: string;
  /** The block the image belongs to: its address names the group `block_images_{key}`. */
  blockKey: string;
  image: BlockImage;
  /** The page's first image: loaded at once and early, not lazily. */
  priority: boolean;
}

/** Images the renditions cannot stand in for: an SVG is never rasterised, a GIF would stop moving. */
function servedAsIs(fileName: string): boolean {
  return /\.(svg|gif)$/i.test(fileName);
}

function pixels(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * An image of the media library as a `<picture>`: AVIF and WebP sources and a JPEG (PNG for a
 * PNG, which may be transparent) fallback, each at the rendition widths up to the image's own,
 * the crop of this use named by its tag, and width and height so the page keeps its place while
 * the image loads.
 */
export function LibraryPicture({ pageID, blockKey, image, priority }: LibraryPictureProps) {
  const group = pageFileGroup({ kind: 'block_images', blockId: blockKey });
  const v = cropTag(image.cropParams);
  const url = (options: { w?: number; fm?: RenditionFormat }) => pageFileUrl(pageID, group, image.hash, image.fileName, { ...options, v });
  const width = pixels(image.width);
  const height = pixels(image.height);
  const common = {
    alt: image.decorative === true ? '' : image.altText,
    width: width !== undefined && height !== undefined ? width : undefined,
    height: width !== undefined && height !== undefined ? height : undefined,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    fetchPriority: priority ? ('high' as const) : undefined,
  };
  if (servedAsIs(image.fileName)) return <img src={url({})} {...common} />;

  const widths: readonly number[] = width !== undefined ? renditionWidths(width) : RENDITION_WIDTHS;
  const srcSet = (fm: RenditionFormat) => widths.map((w) => `${url({ w, fm })} ${w}w`).join(', ');
  const fallback: RenditionFormat = /\.png$/i.test(image.fileName) ? 'png' : 'jpeg';
  const fallbackWidth = widths.filter((w) => w <= FALLBACK_WIDTH).at(-1) ?? widths[0];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={BLOCK_IMAGE_SIZES} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={BLOCK_IMAGE_SIZES} />
      <img src={url({ w: fallbackWidth, fm: fallback })} srcSet={srcSet(fallback)} sizes={BLOCK_IMAGE_SIZES} {...common} />
    </picture>
  );
}
