import { array, string, type AnyObjectSchema } from 'yup';
import type { PageTypeId } from '../pages/page-type-ids';
import type { Block } from './block';
import { isImageSource, isLinkTarget, readLinkTarget } from './link-target';
import { richTextLinksValid } from './rich-text-links';
import { wellFormedHtml } from './well-formed-html';

/**
 * How the admin shows a prop in the block's form, given with yup's `.meta({ widget })`; without
 * one, strings get a text field and numbers a number field. `label` (yup's `.label()`) names the
 * field in the form and in error messages. The widget is also what the product reads a prop as:
 * a `link` prop is one link, an `html` prop holds links in its markup (see block-props.ts). A
 * `table` prop is a grid of plain-text cells with its header-row switch (see table-block.ts). A
 * `pages` prop is a list of page ids picked with the page search (see pagesProp).
 * `library-image` and `library-file` hold one image or file chosen from the media library, as a
 * block image or block file does: page type data only, where there is no `__images`/`__files`
 * (see pages/type-data-fields.ts). A `public-tag` prop holds one public tag's id ('' for none),
 * picked from the tags of the page's locale: a filter (the cards block's, an overview's), so only
 * an existing tag, never a new one.
 */
export type PropWidget = 'text' | 'textarea' | 'html' | 'link' | 'image' | 'file' | 'select' | 'date' | 'list' | 'table' | 'pages' | 'library-image' | 'library-file' | 'public-tag';

/** Widgets whose prop holds one address (a link, an image's source, a file to download). */
export const singleLinkWidgets: readonly PropWidget[] = ['link', 'image', 'file'];

export interface PropMeta {
  widget?: PropWidget;
  /** Help shown under the field. */
  hint?: string;
  /** A list's name for one of its items ("Figure"), for its headings and its add button. */
  itemLabel?: string;
  /** What a select shows for each of its values (by value); a value without one shows itself. */
  optionLabels?: Readonly<Record<string, string>>;
  /**
   * false: the text holds no words a visitor reads (an id, a code), so site search leaves it out
   * (see search/block-text.ts); text fields are searched unless they say so.
   */
  searchable?: false;
}

/**
 * A repeated group of fields (key figures, questions and answers): an array of objects whose
 * fields are plain text, text areas, numbers or selects, between `min` and `max` items. The
 * admin shows it as a list of groups that can be added, removed and reordered.
 */
export const listProp = (label: string, itemLabel: string, item: AnyObjectSchema, { min, max }: { min: number; max: number }) =>
  array()
    .label(label)
    .of(item)
    .min(min, 'V_01')
    .max(max, 'V_14')
    .default(() => (min > 0 ? [item.getDefault()] : []))
    .meta({ widget: 'list', itemLabel } satisfies PropMeta);

/** How many library images or files a block holds beside its props, and what the admin calls them. */
export interface MediaSlot {
  label: string;
  min: number;
  max: number;
}

/**
 * The icon a block type is shown with in the admin (the add-block menu, a block's card), by name:
 * contracts hold no components, the admin draws each name (admin-web's block-icon.tsx).
 */
export type BlockIcon =
  | 'hero'
  | 'heading'
  | 'text'
  | 'image'
  | 'image-text'
  | 'downloads'
  | 'video'
  | 'call-to-action'
  | 'quote'
  | 'key-figures'
  | 'faq'
  | 'anchor-menu'
  | 'team'
  | 'table'
  | 'search'
  | 'form'
  | 'cards';

/** A problem a block type's own rule finds; `property` is relative to the block (`__images`, `props.title`). */
export interface BlockProblem {
  code: 'V_01' | 'V_12' | 'V_13' | 'V_14' | 'ML_10';
  property: string;
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
  /** Shown beside the label in the add-block menu and on the block's card; decoration only. */
  icon: BlockIcon;
  /** The page types whose pages may hold the block. */
  pageTypes: 'all' | readonly PageTypeId[];
  props: AnyObjectSchema;
  /**
   * The media library images (`__images`) and files (`__files`) the block holds: the admin offers
   * the picker for them, the command side refuses fewer than `min` or more than `max`. A block
   * type without a slot holds none.
   */
  media?: { images?: MediaSlot; files?: MediaSlot };
  /** What the block needs across its props and media that no one prop's schema can say. */
  check?: (block: Block) => BlockProblem[];
}

/** A link prop: empty, or what the one link rule accepts (images: only what can be loaded). */
export const linkProp = (label: string, accepts: (value: string) => boolean = isLinkTarget) =>
  string()
    .trim()
    .label(label)
    .max(2048, 'V_14')
    .test('link', 'V_13', (v) => v === undefined || v === '' || accepts(v))
    .meta({ widget: 'link', hint: 'A page of this site, a path such as /over-ons, or a full URL' } satisfies PropMeta);

/**
 * Pages picked in the admin with the page search (a cards block's pages): their ids, in the order
 * shown, each once, at most `max`. The ids are not checked against the pages here: a page may be
 * deleted or unpublished later anyway, and the site shows only the live ones.
 */
export const pagesProp = (label: string, { max }: { max: number }) =>
  array()
    .label(label)
    .of(string().required('V_01').max(64, 'V_12').matches(/^[A-Za-z0-9_-]+$/, 'V_12'))
    .max(max, 'V_14')
    .test('unique', 'V_12', (v) => v === undefined || new Set(v).size === v.length)
    .default(() => [])
    .meta({ widget: 'pages', hint: 'Search for a page by its title or address' } satisfies PropMeta);

/**
 * An image prop: the address of an image, as the image rule accepts it. Declared as an image so
 * the product finds it as a media reference (where an image is used), not only as a link.
 */
export const imageProp = (label: string) =>
  string()
    .trim()
    .label(label)
    .max(2048, 'V_14')
    .test('link', 'V_13', (v) => v === undefined || v === '' || isImageSource(v))
    .meta({ widget: 'image', hint: 'The address of the image: a path on this site or a full https URL' } satisfies PropMeta);

/** A file prop: the address of a file to download, found as a media reference like an image. */
export const fileProp = (label: string) =>
  string()
    .trim()
    .label(label)
    .max(2048, 'V_14')
    // A file is an address to download, never a page by id.
    .test('link', 'V_13', (v) => v === undefined || v === '' || (isLinkTarget(v) && readLinkTarget(v)?.kind !== 'page'))
    .meta({ widget: 'file', hint: 'The address of the file: a path on this site or a full URL' } satisfies PropMeta);

/**
 * Rich text: HTML as the WYSIWYG editor writes it, shown as written (V_15: no unclosed, crossed or
 * stray tags), every href and src following the link rule (V_13), as link props do.
 */
export const richTextProp = (label: string) =>
  string()
    .label(label)
    .default('')
    .max(100_000, 'V_14')
    .test('html', 'V_15', (v) => v === undefined || wellFormedHtml(v))
    .test('links', 'V_13', (v) => v === undefined || richTextLinksValid(v))
    .meta({ widget: 'html', hint: 'Paragraphs, headings, lists, quotations, links, bold and italic' } satisfies PropMeta);
