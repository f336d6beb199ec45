import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';

export type Validated<S extends AnyObjectSchema> = { ok: true; value: InferType<S> } | { ok: false; errors: ErrorItem[] };

/**
 * Checks values against a contract schema the way the server will, so the same catalogue
 * messages appear before a call is made. The schemas' messages are catalogue codes; the message
 * text comes from messageFor with the property's label.
 */
export async function validateWith<S extends AnyObjectSchema>(schema: S, values: unknown, model = ''): Promise<Validated<S>> {
  try {
    const value = (await schema.validate(values, { abortEarly: false, stripUnknown: true })) as InferType<S>;
    return { ok: true, value };
  } catch (error) {
    // isError rather than instanceof: robust to a second copy of yup in the bundle.
    if (!ValidationError.isError(error)) throw error;
    const failures = error.inner.length > 0 ? error.inner : [error];
    return { ok: false, errors: failures.map((failure) => errorItem(String(failure.message), failure.path ?? '', model)) };
  }
}
