import type { AnySchema } from 'yup';
import { anchorAvailable, anchorPattern } from '@pagelog/contracts/blocks/anchors';
import type { Block } from '@pagelog/contracts/blocks/block';
import { blockType, defaultProps } from '@pagelog/contracts/blocks/block-types';
import { messageFor } from '@pagelog/contracts/error-catalogue';

/** The longest key a block may have (the store schema's limit). */
const MAX_KEY_LENGTH = 64;

/** A fresh block key: random, so two editors adding blocks at once never clash when merged. */
export function newBlockKey(random: () => string = () => globalThis.crypto.randomUUID()): string {
  return random().slice(0, MAX_KEY_LENGTH);
}

/** The schema's defaults, without the fields that have none (JSON would drop them anyway). */
function definedDefaults(type: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(defaultProps(type)).filter(([, value]) => value !== undefined));
}

/** A new block of a type, with its schema's default props and no anchor. */
export function newBlock(type: string, key: string): Block {
  return { type, key, props: definedDefaults(type), anchorPoint: '', __images: [], __files: [] };
}

/** The block type's label, or its id for a type the registry does not know. */
export function blockLabel(type: string): string {
  return blockType(type)?.label ?? type;
}

/**
 * The block as another type (Replace): key, anchor, images and files stay; each prop of the new
 * type keeps the old value of the same name when that value is valid for the new type, and takes
 * the new type's default otherwise.
 */
export function replaceBlockType(block: Block, type: string): Block {
  const definition = blockType(type);
  if (!definition) return block;
  const fields = (definition.props as unknown as { fields: Record<string, AnySchema> }).fields;
  const props = definedDefaults(type);
  for (const [name, schema] of Object.entries(fields)) {
    const old = block.props[name];
    if (old !== undefined && old !== '' && schema.isValidSync(old, { strict: true })) props[name] = old;
  }
  return { ...block, type, props };
}

const SUMMARY_LENGTH = 80;

/** Per props schema, the props a summary may come from: found once, as describe() is slow and a long page has many cards. */
const summaryFieldsCache = new WeakMap<object, string[]>();

function summaryFields(props: object): string[] {
  let names = summaryFieldsCache.get(props);
  if (!names) {
    const fields = (props as { fields: Record<string, AnySchema> }).fields;
    // Choices (a style, a level) say nothing about what the block shows.
    names = Object.keys(fields).filter((name) => (fields[name]?.describe() as { oneOf?: unknown[] }).oneOf?.length === 0);
    summaryFieldsCache.set(props, names);
  }
  return names;
}

/** A line about a block for its card: its first filled-in text, without markup, shortened; else the names of its media. */
export function blockSummary(block: Block): string {
  const definition = blockType(block.type);
  const names = definition ? summaryFields(definition.props) : Object.keys(block.props);
  for (const name of names) {
    const raw = block.props[name];
    // A list (key figures, questions) is told by its items' words: "87 % tevreden · 1.200 onderzoeken";
    // a table by its rows' ("Dienst Prijs · Quickscan € 1.500").
    const value = Array.isArray(raw) ? listWords(raw) : isTable(raw) ? listWords(raw.rows) : raw;
    if (typeof value !== 'string') continue;
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      // Closing tags became spaces: none before punctuation ("<b>Pagelog</b>." → "Pagelog.").
      .replace(/ ([.,;:!?])/g, '$1')
      .trim();
    if (text !== '') return shorten(text);
  }
  // Without text of its own, a block is told by the library images or files it holds.
  const media = [...(block.__images ?? []), ...(block.__files ?? [])].map((item) => item.fileName);
  return media.length > 0 ? shorten(media.join(', ')) : '';
}

/** A list's items as words, the filled ones, joined by a dot. */
function listWords(items: unknown[]): string {
  return items
    .map(itemWords)
    .filter((words) => words !== '')
    .join(' · ');
}

/** A table prop (the table widget's value): its rows of cells. */
function isTable(value: unknown): value is { rows: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { rows?: unknown }).rows);
}

/** An item of a list prop as words: its text fields, in order. */
function itemWords(item: unknown): string {
  if (typeof item !== 'object' || item === null) return '';
  return Object.values(item)
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim())
    .join(' ');
}

function shorten(text: string): string {
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
}

/** The message for a block's anchor: V_12 for a malformed one, V_18 for one another block has. */
export function anchorMessage(anchor: string, blockKey: string, blocks: readonly Pick<Block, 'key' | 'anchorPoint'>[]): string | null {
  const name = anchor.trim();
  if (name === '') return null;
  if (!anchorPattern.test(name)) return messageFor('V_12', 'anchorPoint');
  if (!anchorAvailable(name, blockKey, blocks)) return messageFor('V_18', 'anchorPoint');
  return null;
}
