import type { AnySchema, InferType, ValidationError as YupValidationError } from 'yup';
import type { ErrorItem } from './envelope';
import { errorItem } from './error-catalogue';
import { ValidationError } from './domain-errors';

const codePattern = /^[A-Z]+_\d+$/;

/**
 * Schemas in contracts give catalogue codes as their messages (`.required('V_01')`); any other
 * yup failure (a type error, say) becomes V_12 "The {field} is not valid.".
 */
export function yupErrorToItems(error: YupValidationError, model: string): ErrorItem[] {
  const inner = error.inner.length > 0 ? error.inner : [error];
  const seen = new Set<string>();
  const items: ErrorItem[] = [];
  for (const e of inner) {
    const raw = typeof e.message === 'string' ? e.message : '';
    const code = codePattern.test(raw) ? raw : 'V_12';
    // A failure of the whole input (an array instead of an object, say) is about the body.
    const property = e.path || 'body';
    const key = `${code}|${property}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(errorItem(code, property, model));
  }
  return items;
}

/** A NUL character or a lone UTF-16 surrogate: not text, and PostgreSQL's jsonb refuses both. */
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether every character of a string can be stored as text (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

/** The paths of every string in `value` that holds characters no store can keep as text. */
export function unstorableTextPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return unstorable.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableTextPaths(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(unstorable.test(k) ? [path] : []),
      ...unstorableTextPaths(v, path ? `${path}.${k}` : k),
    ]);
  }
  return [];
}

/** Validates and casts input; throws ValidationError with one item per failing property. */
export function validateInput<S extends AnySchema>(schema: S, input: unknown, model: string): InferType<S> {
  let value: InferType<S>;
  try {
    value = schema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true }) as InferType<S>;
  } catch (error) {
    if (error && (error as { name?: string }).name === 'ValidationError') {
      throw new ValidationError(yupErrorToItems(error as YupValidationError, model));
    }
    throw error;
  }
  const bad = unstorableTextPaths(value);
  if (bad.length > 0) throw new ValidationError([...new Set(bad)].map((p) => errorItem('V_12', p || 'body', model)));
  return value;
}
