import { useField } from 'formik';
import { useId, type InputHTMLAttributes } from 'react';
import { useErrorCollection } from '../../core/errors/error-store-context';
import type { ErrorCollectionName } from '../../core/errors/error-store';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'onChange' | 'onBlur'> {
  /** The Formik field, and the property its errors name (e.g. `email` or `profile.name`). */
  name: string;
  label: string;
  /** The collection whose errors mark this field invalid. */
  errorCollection: ErrorCollectionName;
  /** The property errors name, when it differs from the field name. */
  property?: string;
}

/** A labelled Formik input, marked invalid while its collection holds an error about it. */
export function TextField({ name, label, errorCollection, property = name, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const [field] = useField<string>(name);
  const errors = useErrorCollection(errorCollection);
  const invalid = errors.some((error) => sameProperty(error.property, property));
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input {...rest} {...field} id={id} type={type} className="field__input" aria-invalid={invalid || undefined} />
    </div>
  );
}

/** `profile.name` on the server is `name` in the form, and the other way round. */
export function sameProperty(reported: string, property: string): boolean {
  if (reported === property) return true;
  const last = (path: string) => path.split('.').pop();
  return last(reported) === last(property);
}
