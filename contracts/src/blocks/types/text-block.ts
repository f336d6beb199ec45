import { object } from 'yup';
import { richTextProp, type BlockTypeDefinition } from '../block-definition';

export const textBlock = {
  id: 'text',
  label: 'Rich text',
  description: 'Paragraphs, lists and links',
  icon: 'text',
  pageTypes: 'all',
  props: object({
    html: richTextProp('Text'),
  }),
} as const satisfies BlockTypeDefinition<'text'>;
