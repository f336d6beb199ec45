import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';

export type Validated<S extends AnyObjectSchema> = { ok: true; value: InferType<S> } | { ok: false; errors: ErrorItem[] };

/** A fresh object for every call: yup writes into the options it is given (its context, the values being checked). */
const options = () => ({ abortEarly: false, stripUnknown: true });

/**
 * Checks values against a contract schema the way the server will, so the same catalogue
 * messages appear before a call is made. The schemas' messages are catalogue codes; the message
 * text comes from messageFor with the property's label.
 */
export async function validateWith<S extends AnyObjectSchema>(schema: S, values: unknown, model = ''): Promise<Validated<S>> {
  try {
    return { ok: true, value: (await schema.validate(values, options())) as InferType<S> };
  } catch (error) {
    return refused(error, model);
  }
}

/** validateWith for schemas without asynchronous tests, for a check on every keystroke. */
export function validateSyncWith<S extends AnyObjectSchema>(schema: S, values: unknown, model = ''): Validated<S> {
  try {
    return { ok: true, value: schema.validateSync(values, options()) as InferType<S> };
  } catch (error) {
    return refused(error, model);
  }
}

function refused(error: unknown, model: string): { ok: false; errors: ErrorItem[] } {
  // isError rather than instanceof: robust to a second copy of yup in the bundle.
  if (!ValidationError.isError(error)) throw error;
  const failures = error.inner.length > 0 ? error.inner : [error];
  // Two rules of one field with the same code (a password's uppercase and special character,
  // both V_09) are one message, as the server says it once.
  const seen = new Set<string>();
  const errors: ErrorItem[] = [];
  for (const failure of failures) {
    const item = errorItem(String(failure.message), failure.path ?? '', model);
    const key = `${item.code}|${item.property}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(item);
  }
  return { ok: false, errors };
}
