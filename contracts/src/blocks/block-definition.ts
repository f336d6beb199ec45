import { string, type AnyObjectSchema } from 'yup';
import type { PageTypeId } from '../pages/page-type-ids';
import { isLinkTarget } from './link-target';

/**
 * How the admin shows a prop in the block's form, given with yup's `.meta({ widget })`; without
 * one, strings get a text field and numbers a number field. `label` (yup's `.label()`) names the
 * field in the form and in error messages. The widget is also what the product reads a prop as:
 * a `link` prop is one link, an `html` prop holds links in its markup (see block-props.ts).
 */
export type PropWidget = 'text' | 'textarea' | 'html' | 'link' | 'select' | 'date';

export interface PropMeta {
  widget?: PropWidget;
  /** Help shown under the field. */
  hint?: string;
}

/**
 * A block type a page can hold, with the schema of its props. The admin builds its forms from
 * the schema, the command side validates against it, and the public site renders each id with a
 * component of its own. Each type lives in a file of its own under `types/`.
 */
export interface BlockTypeDefinition<Id extends string = string> {
  id: Id;
  label: string;
  /** One line for the add-block menu. */
  description: string;
  /** The page types whose pages may hold the block. */
  pageTypes: 'all' | readonly PageTypeId[];
  props: AnyObjectSchema;
}

/** A link prop: empty, or what the one link rule accepts (images: only what can be loaded). */
export const linkProp = (label: string, accepts: (value: string) => boolean = isLinkTarget) =>
  string()
    .trim()
    .label(label)
    .max(2048, 'V_14')
    .test('link', 'V_13', (v) => v === undefined || v === '' || accepts(v))
    .meta({ widget: 'link', hint: 'A path on this site such as /over-ons, or a full URL' } satisfies PropMeta);
