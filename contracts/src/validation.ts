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

/** Validates and casts input; throws ValidationError with one item per failing property. */
export function validateInput<S extends AnySchema>(schema: S, input: unknown, model: string): InferType<S> {
  try {
    return schema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true }) as InferType<S>;
  } catch (error) {
    if (error && (error as { name?: string }).name === 'ValidationError') {
      throw new ValidationError(yupErrorToItems(error as YupValidationError, model));
    }
    throw error;
  }
}
