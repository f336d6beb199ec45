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
  /**
   * The block the image belongs to: its address names the group `block_images_{key}`; null for
   * the page's SEO image (the group `seo_image`, as a card of the page shows it).
   */
  blockKey: string | null;
  /** Another group of the page's files the image is served in (a page type's photo: `type_image_photo`); wins over `blockKey`. */
  group?: string;
  image: BlockImage;
  /** The page's first image: loaded at once and early, not lazily. */
  priority: boolean;
  /** How wide it is shown, for the browser to pick a rendition (a card's is narrower than the column). */
  sizes?: string;
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
export function LibraryPicture({ pageID, blockKey, group: ownGroup, image, priority, sizes = BLOCK_IMAGE_SIZES }: LibraryPictureProps) {
  const group = ownGroup ?? (blockKey === null ? pageFileGroup({ kind: 'seo_image' }) : pageFileGroup({ kind: 'block_images', blockId: blockKey }));
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
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img src={url({ w: fallbackWidth, fm: fallback })} srcSet={srcSet(fallback)} sizes={sizes} {...common} />
    </picture>
  );
}
