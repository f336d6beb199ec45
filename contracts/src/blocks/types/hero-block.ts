import { object, string } from 'yup';
import { linkProp, type BlockTypeDefinition, type PropMeta } from '../block-definition';
import { externalImageFields } from './image-block';

/** Whether a prop of the same object holds text (the other half of the call to action). */
function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The band a page opens with: its title as the page's heading, an introduction, an optional
 * image (a library image, `__images[0]`, or an external one by its address, as in the image
 * block) and an optional call to action. The button needs both its text and its link: one
 * without the other is V_01 on the one that is missing, so a button never goes nowhere and a
 * link is never unnamed.
 */
export const heroBlock = {
  id: 'hero',
  label: 'Hero',
  description: 'The opening band of a page: title, introduction, image and a button',
  icon: 'hero',
  pageTypes: ['base', 'home', 'publication', 'expertise', 'landing-page'],
  props: object({
    title: string().label('Title').trim().required('V_01').max(254, 'V_11'),
    intro: string().label('Introduction').trim().default('').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
    buttonText: string()
      .label('Button text')
      .trim()
      .default('')
      .max(80, 'V_14')
      .test('with-link', 'V_01', function (value) {
        return filled(value) || !filled((this.parent as { link?: unknown }).link);
      })
      .meta({ hint: 'Needed when the button has a link' } satisfies PropMeta),
    link: linkProp('Button link')
      .default('')
      .test('with-text', 'V_01', function (value) {
        return filled(value) || !filled((this.parent as { buttonText?: unknown }).buttonText);
      }),
    ...externalImageFields(),
  }),
  media: { images: { label: 'Image', min: 0, max: 1 } },
} as const satisfies BlockTypeDefinition<'hero'>;
