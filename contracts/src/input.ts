import type { AnySchema, InferType } from 'yup';
import type { ErrorItem } from './envelope';
import { errorItem } from './error-catalogue';
import { ValidationError } from './domain-errors';
import { validateInput, yupErrorToItems } from './validation';
import type { ValidationError as YupValidationError } from 'yup';

/**
 * How deep a request body may nest objects and arrays. The deepest body the product sends (a
 * page version: body, blocks, a block, its props, a list inside them, an item, its fields) is
 * far below it; anything deeper is refused before any recursive code sees it.
 */
export const MAX_INPUT_DEPTH = 24;

/**
 * How many items any array of a request may hold. The longest list a call takes is 500 blocks;
 * a longer one is refused before the schema would check every item only to say it is too long.
 */
export const MAX_INPUT_ARRAY_LENGTH = 1000;

/** Keys that reach an object's prototype or its constructor when a body is merged or spread. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What to do with properties a schema does not name: bodies refuse them, query strings ignore them. */
export type UnknownKeys = 'refuse' | 'ignore';

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Nesting deeper than `maxDepth`, arrays longer than MAX_INPUT_ARRAY_LENGTH and forbidden keys,
 * anywhere in a JSON value. Walks with a stack of its own, so a body of a hundred thousand
 * brackets cannot overflow the call stack.
 */
export function structureErrors(value: unknown, maxDepth = MAX_INPUT_DEPTH): string[] {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const bad: string[] = [];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) {
      bad.push(path || 'body');
      continue;
    }
    if (Array.isArray(current)) {
      if (current.length > MAX_INPUT_ARRAY_LENGTH) {
        bad.push(path || 'body');
        continue;
      }
      current.forEach((item, i) => stack.push({ value: item, path: join(path, i), depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(current)) {
      const at = join(path, key);
      if (FORBIDDEN_KEYS.has(key)) {
        bad.push(at);
        continue;
      }
      stack.push({ value: (current as Record<string, unknown>)[key], path: at, depth: depth + 1 });
    }
  }
  return [...new Set(bad)];
}

/** The parts of a yup schema the shape check reads (yup keeps them public on its schema objects). */
interface SchemaShape {
  type?: string;
  spec?: { nullable?: boolean };
  fields?: Record<string, SchemaShape>;
  innerType?: SchemaShape;
}

/**
 * Where a JSON value does not have the shape a schema describes: a value of another JSON type
 * (an object where a string belongs, a string where a number belongs), and, with
 * `unknownKeys: 'refuse'`, a property the schema does not name. Paths are yup's
 * (`profile.name`, `blocks[2].props`). Schemas of type `mixed` take any JSON value; what they
 * hold is checked later against a schema of its own (block props, page-type data).
 */
export function shapeErrors(schema: AnySchema, value: unknown, unknownKeys: UnknownKeys, path = ''): string[] {
  const shape = schema as unknown as SchemaShape;
  if (value === undefined) return [];
  if (value === null) return shape.spec?.nullable || shape.type === 'mixed' ? [] : [path || 'body'];
  const here = path || 'body';
  switch (shape.type) {
    case 'string':
      return typeof value === 'string' ? [] : [here];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [here];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [here];
    case 'array': {
      if (!Array.isArray(value)) return [here];
      const inner = shape.innerType as unknown as AnySchema | undefined;
      return inner ? value.flatMap((item, i) => shapeErrors(inner, item, unknownKeys, join(path, i))) : [];
    }
    case 'object': {
      if (!isPlainObject(value)) return [here];
      const fields = shape.fields ?? {};
      const errors: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        if (field === undefined) {
          if (unknownKeys === 'refuse') errors.push(join(path, key));
          continue;
        }
        errors.push(...shapeErrors(field as unknown as AnySchema, item, unknownKeys, join(path, key)));
      }
      return errors;
    }
    default:
      // mixed, lazy and the like: any JSON value; its contents are checked elsewhere.
      return [];
  }
}

/** The V_12 items for the paths the structure and shape checks found, each once. */
function itemsFor(paths: string[], model: string): ErrorItem[] {
  return [...new Set(paths)].map((p) => errorItem('V_12', p, model));
}

/**
 * The one way a request's input becomes the contract's types: structure (depth, forbidden
 * keys), shape (JSON types, unknown properties), then the schema's own rules (catalogue codes).
 * Throws a ValidationError (400) whose items name each property; never anything else for any
 * JSON value. Without a schema, the call takes no input: an empty body or `{}`.
 */
export function parseInput<S extends AnySchema>(schema: S | undefined, raw: unknown, model: string, unknownKeys: UnknownKeys = 'refuse'): InferType<S> {
  const input = raw === undefined || raw === null || raw === '' ? {} : raw;
  const structural = structureErrors(input);
  if (structural.length > 0) throw new ValidationError(itemsFor(structural, model));
  if (!schema) {
    if (!isPlainObject(input)) throw new ValidationError(itemsFor(['body'], model));
    const unknown = unknownKeys === 'refuse' ? Object.keys(input) : [];
    if (unknown.length > 0) throw new ValidationError(itemsFor(unknown, model));
    return {} as InferType<S>;
  }
  const misshapen = shapeErrors(schema, input, unknownKeys);
  if (misshapen.length > 0) throw new ValidationError(itemsFor(misshapen, model));
  return validateInput(schema, input, model);
}

/**
 * A value checked against a schema of its own (block props, page-type data) the way a request
 * is: structure, shape with unknown properties refused, then the schema's rules without casting,
 * so what is stored is what was checked. Answers the items (paths relative to the value).
 */
export function valueErrors(schema: AnySchema, value: unknown, model: string): ErrorItem[] {
  const structural = structureErrors(value);
  if (structural.length > 0) return itemsFor(structural, model);
  const misshapen = shapeErrors(schema, value, 'refuse');
  if (misshapen.length > 0) return itemsFor(misshapen, model);
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== 'ValidationError') throw error;
    return yupErrorToItems(error as YupValidationError, model);
  }
}
