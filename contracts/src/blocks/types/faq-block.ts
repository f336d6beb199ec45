import { object, string } from 'yup';
import { listProp, type BlockTypeDefinition, type PropMeta } from '../block-definition';

/** One question with its answer (plain text; a blank line starts a new paragraph). */
const question = object({
  question: string().label('Question').trim().required('V_01').max(254, 'V_11'),
  answer: string().label('Answer').trim().required('V_01').max(5000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
});

export const faqBlock = {
  id: 'faq',
  label: 'Questions and answers',
  description: 'An accordion of questions that open to show their answers (FAQ)',
  icon: 'faq',
  pageTypes: ['base', 'home', 'article', 'publication', 'expertise', 'vacancy', 'contact', 'landing-page'],
  props: object({
    title: string().label('Title').trim().default('').max(254, 'V_11'),
    items: listProp('Questions', 'Question', question, { min: 1, max: 40 }),
  }),
} as const satisfies BlockTypeDefinition<'faq'>;
