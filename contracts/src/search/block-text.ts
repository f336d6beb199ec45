import { Parser } from 'htmlparser2';
import type { AnyObjectSchema } from 'yup';
import type { Block, BlockFile, BlockImage } from '../blocks/block';
import type { PropMeta, PropWidget } from '../blocks/block-definition';
import { blockType } from '../blocks/block-types';

/**
 * The searchable text of a block (issue 15): the words a visitor reads in it, one field per line.
 * Derived from how the block type declares its props, not from a list per block type, so a new
 * block type is searched as soon as it exists: text fields and text areas as written, rich text
 * as plain text, lists (questions and answers, key figures) and tables item by item; links,
 * images' and files' addresses, page picks, selects (enum values), dates, numbers and props
 * marked `searchable: false` (ids) are left out. Beside the props: the alternative texts of the
 * block's library images (not decorative ones) and the names of its library files.
 */
export function blockText(block: Block): string {
  const definition = blockType(block.type);
  const parts: string[] = [];
  if (definition) parts.push(propsText(definition.props, block.props));
  for (const image of block.__images ?? []) parts.push(imageText(image));
  for (const file of block.__files ?? []) parts.push(fileText(file));
  return joinLines(parts);
}

/**
 * The searchable text of values under an object schema whose fields declare their widgets the
 * way block props do: a block's props, a page type's type data (an article's summary, the name
 * of a publication's main download).
 */
export function propsText(schema: AnyObjectSchema, values: unknown): string {
  const plan = planOf(schema);
  return plan ? textOf(plan, values, 0) : '';
}

/** How to read the text of a value, found once per schema from its description. */
type TextPlan =
  | { kind: 'text' }
  | { kind: 'html' }
  | { kind: 'library-file' }
  | { kind: 'library-image' }
  | { kind: 'object'; fields: [string, TextPlan][] }
  | { kind: 'list'; item: TextPlan };

interface Description {
  type?: string;
  meta?: PropMeta;
  oneOf?: unknown[];
  fields?: Record<string, Description>;
  innerType?: Description;
}

/** Widgets whose value is never words to find: an address, a page id, an enum value, a date. */
const withoutText: ReadonlySet<PropWidget> = new Set<PropWidget>(['link', 'image', 'file', 'select', 'date', 'pages']);

const plans = new WeakMap<AnyObjectSchema, TextPlan | null>();

function planOf(schema: AnyObjectSchema): TextPlan | null {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = planFor(schema.describe() as Description);
    plans.set(schema, plan);
  }
  return plan;
}

function planFor(description: Description): TextPlan | null {
  const { meta } = description;
  if (meta?.searchable === false) return null;
  const widget = meta?.widget;
  if (widget && withoutText.has(widget)) return null;
  if (widget === 'html') return { kind: 'html' };
  if (widget === 'library-file' || widget === 'library-image') return { kind: widget };
  switch (description.type) {
    case 'string':
      // A string that may hold only listed values is a choice, not words (a select without its widget).
      return (description.oneOf ?? []).some((v) => typeof v === 'string' && v !== '') ? null : { kind: 'text' };
    case 'object': {
      const fields = Object.entries(description.fields ?? {}).flatMap(([name, field]) => {
        const plan = planFor(field);
        return plan ? [[name, plan] as [string, TextPlan]] : [];
      });
      return fields.length > 0 ? { kind: 'object', fields } : null;
    }
    case 'array': {
      const item = description.innerType ? planFor(description.innerType) : null;
      return item ? { kind: 'list', item } : null;
    }
    default:
      // Numbers (a cards block's count), booleans (a table's header switch), mixed values.
      return null;
  }
}

/** Depth 0 is the props themselves: their fields go on lines of their own; an item's fields share its line. */
function textOf(plan: TextPlan, value: unknown, depth: number): string {
  switch (plan.kind) {
    case 'text':
      return typeof value === 'string' && !isAddress(value) ? plainText(value) : '';
    case 'html':
      return typeof value === 'string' ? htmlText(value) : '';
    case 'library-file':
      return isRecord(value) ? fileText(value as Partial<BlockFile>) : '';
    case 'library-image':
      return isRecord(value) ? imageText(value as Partial<BlockImage>) : '';
    case 'object': {
      if (!isRecord(value)) return '';
      const parts = plan.fields.map(([name, field]) => textOf(field, value[name], depth + 1));
      return depth === 0 ? joinLines(parts) : parts.filter((p) => p !== '').join(' ');
    }
    case 'list': {
      if (!Array.isArray(value)) return '';
      const parts = value.map((item) => textOf(plan.item, item, depth + 1)).filter((p) => p !== '');
      // A row of cells reads along one line; a list of items (rows, questions) one item per line.
      return plan.item.kind === 'text' ? parts.join(' | ') : parts.join('\n');
    }
  }
}

/**
 * A whole value that is an address rather than words: a URL (https:, mailto:, page:), a path, an
 * e-mail address. Such fields (a LinkedIn profile, a video's link) are not always declared as
 * links, and their value is never what a visitor searches for.
 */
function isAddress(value: string): boolean {
  const v = value.trim();
  if (/\s/.test(v)) return false;
  return /^[a-z][a-z0-9+.-]*:\S/i.test(v) || v.startsWith('/') || /^www\./i.test(v) || /^[^@]+@[^@]+\.[^@]+$/.test(v);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function imageText(image: Partial<BlockImage>): string {
  return image.decorative || typeof image.altText !== 'string' ? '' : plainText(image.altText);
}

/** A file's name as words: "jaarverslag-2024_def.pdf" is found by "jaarverslag 2024 def". */
function fileText(file: Partial<BlockFile>): string {
  if (typeof file.fileName !== 'string') return '';
  return plainText(file.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[-_.]+/g, ' '));
}

/** Text with its lines trimmed, runs of spaces made one, and empty lines dropped. */
function plainText(text: string): string {
  return joinLines(text.split(/\r\n|[\r\n]/));
}

/** Soft hyphens and zero-width characters: invisible, but they would split a word in two for search. */
const invisible = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

function joinLines(parts: string[]): string {
  return parts
    .flatMap((part) => part.split('\n'))
    .map((line) => line.replace(invisible, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Elements that start a line of their own (a browser shows them as blocks, or breaks the line). */
const lineElements: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'ol', 'p', 'pre', 'section', 'table', 'tr', 'ul',
]);

/** Elements whose content is never shown as text. */
const hiddenElements: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript']);

/**
 * Rich text as the words it shows: tags dropped, character references decoded, block elements
 * and line breaks as new lines, an image as its alternative text. Links keep their text, not
 * their address.
 */
export function htmlText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return plainText(html.replace(/\s+/g, ' '));
  const lines: string[] = [''];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (hiddenElements.has(name)) hidden += 1;
        if (lineElements.has(name)) lines.push('');
        // Table cells of one row stay on its line, apart.
        if (name === 'td' || name === 'th') lines[lines.length - 1] += ' ';
        if (name === 'img' && hidden === 0 && attributes.alt) lines[lines.length - 1] += ` ${attributes.alt} `;
      },
      ontext(text) {
        // Source line breaks inside a paragraph are spaces, as in a browser.
        if (hidden === 0) lines[lines.length - 1] += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (hiddenElements.has(name)) hidden = Math.max(0, hidden - 1);
        if (lineElements.has(name)) lines.push('');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return joinLines(lines);
}
