import { object, string } from 'yup';
import { richTextProp, type BlockTypeDefinition, type PropMeta } from '../block-definition';
import { externalImageFields, libraryOrExternalImage } from './image-block';

/**
 * An image beside rich text, the image on the left or the right (on a phone, the image above).
 * The image is a library image (`__images[0]`, with this use's alternative text and crop) or an
 * external one by its address, as in the image block.
 */
export const imageWithTextBlock = {
  id: 'imageWithText',
  label: 'Image with text',
  description: 'A picture beside a text, on the left or the right',
  icon: 'image-text',
  pageTypes: 'all',
  props: object({
    html: richTextProp('Text'),
    imagePosition: string()
      .label('Image position')
      .oneOf(['left', 'right'], 'V_12')
      .default('left')
      .meta({ widget: 'select' } satisfies PropMeta),
    ...externalImageFields(),
  }),
  media: { images: { label: 'Image', min: 0, max: 1 } },
  check: libraryOrExternalImage,
} as const satisfies BlockTypeDefinition<'imageWithText'>;
