import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

type TextAreaFieldProps = Omit<FieldFrameProps, 'describedBy'> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'value'>;

/** A labelled Formik textarea; an onChange of its own runs after Formik's. */
export function TextAreaField({ name, label, errorCollection, property, hint, rows = 4, onChange, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame name={name} label={label} errorCollection={errorCollection} property={property} hint={hint}>
      {({ field, id, invalid, describedBy }) => (
        <textarea
          {...rest}
          {...field}
          id={id}
          rows={rows}
          className="field__input"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            field.onChange(event);
            onChange?.(event);
          }}
        />
      )}
    </FieldFrame>
  );
}
