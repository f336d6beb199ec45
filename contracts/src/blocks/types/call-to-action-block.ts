import { object, string } from 'yup';
import { linkProp, type BlockTypeDefinition, type PropMeta } from '../block-definition';

export const callToActionBlock = {
  id: 'callToAction',
  label: 'Call to action',
  description: 'A short invitation with a button',
  icon: 'call-to-action',
  pageTypes: 'all',
  props: object({
    title: string().label('Title').required('V_01').max(254, 'V_11'),
    text: string().label('Text').default('').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    buttonText: string().label('Button text').required('V_01').max(80, 'V_14'),
    url: linkProp('Button link').required('V_01'),
    style: string()
      .label('Style')
      .oneOf(['primary', 'secondary'], 'V_12')
      .default('primary')
      .meta({ widget: 'select' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'callToAction'>;
