import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

export const quoteBlock = {
  id: 'quote',
  label: 'Quote',
  description: 'A quotation with the person who said it and their role',
  icon: 'quote',
  pageTypes: ['base', 'home', 'article', 'publication', 'expertise', 'team-member', 'vacancy', 'landing-page'],
  props: object({
    text: string().label('Quotation').trim().required('V_01').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    person: string().label('Person').trim().default('').max(254, 'V_11'),
    role: string().label('Role or organisation').trim().default('').max(254, 'V_11'),
  }),
} as const satisfies BlockTypeDefinition<'quote'>;
