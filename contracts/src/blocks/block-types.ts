import { object, string, number, type AnyObjectSchema } from 'yup';
import { isImageSource, isLinkTarget } from './link-target';
import { richTextLinksValid } from './rich-text-links';

/**
 * How the admin shows a prop in the block's form, given with yup's `.meta({ widget })`; without
 * one, strings get a text field and numbers a number field. `label` (yup's `.label()`) names the
 * field in the form and in error messages.
 */
export type PropWidget = 'text' | 'textarea' | 'html' | 'link' | 'select' | 'date';

export interface PropMeta {
  widget?: PropWidget;
  /** Help shown under the field. */
  hint?: string;
}

/**
 * The block registry: each block type a page can hold, with the schema of its props. The admin
 * builds its forms from these schemas, the command side validates against them, and the public
 * site renders each id with a component of its own. The full block library plugs into this table.
 */
export interface BlockTypeDefinition {
  id: string;
  label: string;
  /** One line for the add-block menu. */
  description: string;
  props: AnyObjectSchema;
}

export { isLinkTarget } from './link-target';

/** A link prop: empty, or what the one link rule accepts (images: only what can be loaded). */
const link = (label: string, accepts: (value: string) => boolean = isLinkTarget) =>
  string()
    .trim()
    .label(label)
    .max(2048, 'V_14')
    .test('link', 'V_13', (v) => v === undefined || v === '' || accepts(v))
    .meta({ widget: 'link', hint: 'A path on this site such as /over-ons, or a full URL' } satisfies PropMeta);

export const blockTypes = {
  heading: {
    id: 'heading',
    label: 'Heading',
    description: 'A title that starts a section',
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
  },
  text: {
    id: 'text',
    label: 'Rich text',
    description: 'Paragraphs, lists and links',
    props: object({
      html: string()
        .label('Text')
        .default('')
        .max(100_000, 'V_14')
        // Every href and src in it follows the link rule, as link props do.
        .test('links', 'V_13', (v) => v === undefined || richTextLinksValid(v))
        .meta({ widget: 'html', hint: 'HTML: paragraphs, headings, lists, links, bold and italic' } satisfies PropMeta),
    }),
  },
  image: {
    id: 'image',
    label: 'Image',
    description: 'A picture with alternative text and a caption',
    props: object({
      url: link('Image URL', isImageSource).required('V_01'),
      alt: string().label('Alternative text').default('').max(254, 'V_11'),
      caption: string().label('Caption').default('').max(254, 'V_11'),
    }),
  },
  callToAction: {
    id: 'callToAction',
    label: 'Call to action',
    description: 'A short invitation with a button',
    props: object({
      title: string().label('Title').required('V_01').max(254, 'V_11'),
      text: string().label('Text').default('').max(1000, 'V_14').meta({ widget: 'textarea' } satisfies PropMeta),
      buttonText: string().label('Button text').required('V_01').max(80, 'V_14'),
      url: link('Button link').required('V_01'),
      style: string()
        .label('Style')
        .oneOf(['primary', 'secondary'], 'V_12')
        .default('primary')
        .meta({ widget: 'select' } satisfies PropMeta),
    }),
  },
} satisfies Record<string, BlockTypeDefinition>;

export type BlockTypeId = keyof typeof blockTypes;
export const blockTypeIds = Object.keys(blockTypes) as BlockTypeId[];

export function blockType(id: string): BlockTypeDefinition | undefined {
  return Object.hasOwn(blockTypes, id) ? (blockTypes as Record<string, BlockTypeDefinition>)[id] : undefined;
}

/** The props a new block of a type starts with: the schema's defaults. */
export function defaultProps(id: string): Record<string, unknown> {
  const definition = blockType(id);
  return definition ? { ...(definition.props.getDefault() as Record<string, unknown>) } : {};
}
