import { object, string } from 'yup';
import { imageProp, type BlockTypeDefinition } from '../block-definition';

export const imageBlock = {
  id: 'image',
  label: 'Image',
  description: 'A picture with alternative text and a caption',
  pageTypes: 'all',
  props: object({
    url: imageProp('Image URL').required('V_01'),
    alt: string().label('Alternative text').default('').max(254, 'V_11'),
    caption: string().label('Caption').default('').max(254, 'V_11'),
  }),
} as const satisfies BlockTypeDefinition<'image'>;
