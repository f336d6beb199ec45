import type { ReactNode } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

/** A labelled Formik select of the <option>s it is given. */
export function SelectField({ children, ...frame }: FieldFrameProps & { children: ReactNode }) {
  return (
    <FieldFrame {...frame}>
      {({ field, id, invalid, describedBy }) => (
        <select {...field} id={id} className="field__input" aria-invalid={invalid} aria-describedby={describedBy}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
