import { number, object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

export const headingBlock = {
  id: 'heading',
  label: 'Heading',
  description: 'A title that starts a section',
  icon: 'heading',
  pageTypes: 'all',
  props: object({
    text: string().label('Text').required('V_01').max(254, 'V_11'),
    level: number()
      .label('Level')
      .typeError('V_12')
      .integer('V_12')
      .oneOf([1, 2, 3, 4, 5, 6], 'V_12')
      .default(2)
      .meta({ widget: 'select' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'heading'>;
