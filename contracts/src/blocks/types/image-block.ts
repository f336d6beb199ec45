import { object, string } from 'yup';
import { imageProp, type BlockProblem, type BlockTypeDefinition, type PropMeta } from '../block-definition';
import type { Block } from '../block';

/** An image outside the media library, by its address and alternative text (a library image wins when both are set). */
export function externalImageFields() {
  return {
    externalUrl: imageProp('External image URL')
      .default('')
      .meta({ widget: 'image', hint: 'Only for an image outside the media library: a path on this site or a full https URL' } satisfies PropMeta),
    alt: string()
      .label('Alternative text')
      .default('')
      .max(254, 'V_11')
      .meta({ hint: 'For the external image; a library image has its own' } satisfies PropMeta),
  };
}

/** A block that shows an image needs one: a library image, or an external one by its address (V_01 on `__images`). */
export function libraryOrExternalImage(block: Block): BlockProblem[] {
  const externalUrl = (block.props as Record<string, unknown> | null)?.externalUrl;
  const external = typeof externalUrl === 'string' && externalUrl.trim() !== '';
  return (block.__images?.length ?? 0) > 0 || external ? [] : [{ code: 'V_01', property: '__images' }];
}

/**
 * An image from the media library (its block image, `__images[0]`, with this use's alternative
 * text and crop), or, for images that live elsewhere and for blocks stored before the library,
 * an external image by its address (`externalUrl`, with `alt`). A library image wins when both
 * are set.
 */
export const imageBlock = {
  id: 'image',
  label: 'Image',
  description: 'A picture with alternative text and a caption',
  icon: 'image',
  pageTypes: 'all',
  props: object({
    ...externalImageFields(),
    caption: string().label('Caption').default('').max(254, 'V_11'),
  }),
  media: { images: { label: 'Image', min: 0, max: 1 } },
  check: libraryOrExternalImage,
} as const satisfies BlockTypeDefinition<'image'>;
