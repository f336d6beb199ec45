import type { InputHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

type TextFieldProps = Omit<FieldFrameProps, 'describedBy'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value'>;

/** A labelled Formik input; an onChange or onBlur of its own runs after Formik's. */
export function TextField({ name, label, errorCollection, property, hint, type = 'text', onChange, onBlur, ...rest }: TextFieldProps) {
  return (
    <FieldFrame name={name} label={label} errorCollection={errorCollection} property={property} hint={hint}>
      {({ field, id, invalid, describedBy }) => (
        <input
          {...rest}
          {...field}
          id={id}
          type={type}
          className="field__input"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            field.onChange(event);
            onChange?.(event);
          }}
          onBlur={(event) => {
            field.onBlur(event);
            onBlur?.(event);
          }}
        />
      )}
    </FieldFrame>
  );
}
