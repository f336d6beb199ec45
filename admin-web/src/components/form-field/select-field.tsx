import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { useErrorCollection } from '../../core/errors/error-store-context';
import type { ErrorCollectionName } from '../../core/errors/error-store';
import { sameProperty } from './text-field';

interface SelectFieldProps {
  name: string;
  label: string;
  errorCollection: ErrorCollectionName;
  property?: string;
  /** The <option>s. */
  children: ReactNode;
  /** The id of a hint that describes the choice. */
  describedBy?: string;
}

/** A labelled Formik select, marked invalid while its collection holds an error about it. */
export function SelectField({ name, label, errorCollection, property = name, children, describedBy }: SelectFieldProps) {
  const id = useId();
  const [field] = useField<string>(name);
  const errors = useErrorCollection(errorCollection);
  const invalid = errors.some((error) => sameProperty(error.property, property));
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...field} id={id} className="field__input" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        {children}
      </select>
    </div>
  );
}
