import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { useErrorCollection, useErrorStore } from '../../core/errors/error-store-context';
import type { ErrorCollectionName } from '../../core/errors/error-store';
import { sameProperty } from './field-frame';

interface ErrorsFollowFormProps<V> {
  collection: ErrorCollectionName;
  /** The client-side check submit runs, as its errors (none when the values pass). */
  check: (values: V) => readonly ErrorItem[];
  /** The properties of the form's fields in their order on screen. */
  fields: readonly string[];
}

const sameError = (a: ErrorItem, b: ErrorItem) => a.code === b.code && a.property === b.property;

/** Errors in the order of the fields they are about; errors about no field of the form first. */
export function inFieldOrder(errors: readonly ErrorItem[], fields: readonly string[]): ErrorItem[] {
  const rank = (error: ErrorItem) => fields.findIndex((field) => sameProperty(error.property, field));
  return errors
    .map((error, index) => ({ error, index, rank: rank(error) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ error }) => error);
}

/**
 * Inside a Formik form: the error summary and the field marks follow the form. Once it has been
 * submitted, every change checks the values again, so a fixed field's message goes, a field
 * broken again says so, and a message that depends on two fields (a confirmation that differs)
 * goes when either is fixed; what the server said stays until its field changes (FieldFrame).
 * The summary lists the errors in the order of the fields on screen.
 */
export function ErrorsFollowForm<V>({ collection, check, fields }: ErrorsFollowFormProps<V>) {
  const { values, submitCount } = useFormikContext<V>();
  const store = useErrorStore();
  const errors = useErrorCollection(collection);
  // The values the client errors in the collection are about: those submitted, then each change.
  const checked = useRef<V | null>(null);
  const submits = useRef(submitCount);

  useEffect(() => {
    if (submitCount !== submits.current) {
      submits.current = submitCount;
      checked.current = values;
      return;
    }
    const before = checked.current;
    if (submitCount === 0 || before === null || before === values) return;
    checked.current = values;
    const stale = check(before);
    const kept = store.get(collection).filter((error) => !stale.some((old) => sameError(old, error)));
    const found = check(values).filter((error) => !kept.some((known) => sameError(known, error)));
    store.set(collection, inFieldOrder([...kept, ...found], fields));
  }, [values, submitCount, check, fields, store, collection]);

  useEffect(() => {
    const ordered = inFieldOrder(errors, fields);
    if (ordered.some((error, index) => error !== errors[index])) store.set(collection, ordered);
  }, [errors, fields, store, collection]);

  return null;
}
