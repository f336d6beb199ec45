import { object, string } from 'yup';
import { listProp, type BlockTypeDefinition } from '../block-definition';

/** One key figure: the number as written ("1.200", "87", "3,5"), its unit and what it counts. */
const figure = object({
  number: string().label('Number').trim().required('V_01').max(20, 'V_14'),
  unit: string().label('Unit').trim().default('').max(20, 'V_14'),
  label: string().label('Label').trim().required('V_01').max(120, 'V_14'),
});

export const keyFiguresBlock = {
  id: 'keyFigures',
  label: 'Key figures',
  description: 'Up to eight numbers that stand out, each with a unit and a label',
  icon: 'key-figures',
  pageTypes: ['base', 'home', 'article', 'publication', 'expertise', 'landing-page'],
  props: object({
    title: string().label('Title').trim().default('').max(254, 'V_11'),
    figures: listProp('Figures', 'Figure', figure, { min: 1, max: 8 }),
  }),
} as const satisfies BlockTypeDefinition<'keyFigures'>;
