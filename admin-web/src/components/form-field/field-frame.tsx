import { useField, type FieldInputProps } from 'formik';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useErrorCollection, useErrorStore } from '../../core/errors/error-store-context';
import type { ErrorCollectionName } from '../../core/errors/error-store';

/** What a field's control is given: Formik's props for it, its id, and what to say about it. */
export interface FieldControl {
  field: FieldInputProps<string>;
  id: string;
  invalid: true | undefined;
  describedBy: string | undefined;
}

export interface FieldFrameProps {
  /** The Formik field, and the property its errors name (e.g. `email` or `profile.name`). */
  name: string;
  label: string;
  /** The collection whose errors mark this field invalid. */
  errorCollection: ErrorCollectionName;
  /** The property errors name, when it differs from the field name. */
  property?: string;
  /** A line below the field that describes it. */
  hint?: string;
  /** The id of a description elsewhere, when there is no hint. */
  describedBy?: string;
}

/**
 * What every Formik field of the admin shares: its label, the control (rendered by `children`),
 * a hint below it, and its invalid mark while its error collection holds an error about it.
 */
export function FieldFrame({ name, label, errorCollection, property = name, hint, describedBy, children }: FieldFrameProps & { children: (control: FieldControl) => ReactNode }) {
  const id = useId();
  const hintId = useId();
  const [field] = useField<string>(name);
  const errors = useErrorCollection(errorCollection);
  const invalid = errors.some((error) => sameProperty(error.property, property)) || undefined;
  useErrorsGoOnChange(field.value, errorCollection, property);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ field, id, invalid, describedBy: hint ? hintId : describedBy })}
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * Once the user changes a field's value, what the server said about its old value goes, from the
 * field's mark and from the form's error summary; the next submit says anew what is still wrong.
 */
export function useErrorsGoOnChange(value: unknown, errorCollection: ErrorCollectionName, property: string): void {
  const store = useErrorStore();
  const lastValue = useRef(value);
  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    const current = store.get(errorCollection);
    if (current.some((error) => sameProperty(error.property, property))) {
      store.set(errorCollection, current.filter((error) => !sameProperty(error.property, property)));
    }
  }, [value, store, errorCollection, property]);
}

/** `profile.name` on the server is `name` in the form, and the other way round. */
export function sameProperty(reported: string, property: string): boolean {
  if (reported === property) return true;
  const last = (path: string) => path.split('.').pop();
  return last(reported) === last(property);
}
