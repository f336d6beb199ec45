import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Formik, useFormikContext } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { fieldValue, formFieldsOf, initialValuesOf, validateValues, type FieldWidget, type SchemaFormField } from '../state/schema-form-fields';

type Values = Record<string, unknown>;

interface SchemaFormProps {
  schema: AnyObjectSchema;
  values: Values;
  /** Every change, at once: the editor keeps it (and marks unsaved changes). */
  onChange: (values: Values) => void;
  disabled?: boolean;
  /** Show every field's message, not only those of fields the user has left (after a failed save). */
  showAllErrors?: boolean;
  /** Focus the first field when the form appears (a block just added or opened). */
  focusFirst?: boolean;
  children?: ReactNode;
}

/**
 * A form generated from a yup object schema (block props, a page type's typeData): a field per
 * schema field, labelled by `.label()`, its widget from `.meta({ widget })`, validated with the
 * schema and its catalogue messages. Formik holds the fields' state; every change goes up.
 */
export function SchemaForm({ schema, values, onChange, disabled, showAllErrors = false, focusFirst = false, children }: SchemaFormProps) {
  const fields = useMemo(() => formFieldsOf(schema), [schema]);
  // The form takes the values once; afterwards it is their source (the parent keys it to start over).
  const [startValues] = useState(() => initialValuesOf(schema, values));
  return (
    <Formik initialValues={startValues} validate={(current) => validateValues(schema, current)} validateOnMount onSubmit={() => {}}>
      <div className="schema-form">
        <ReportChanges onChange={onChange} />
        {fields.map((field, index) => (
          <SchemaField key={field.name} field={field} disabled={disabled} showError={showAllErrors} focus={focusFirst && index === 0} />
        ))}
        {children}
      </div>
    </Formik>
  );
}

/** Sends the form's values up whenever they change (not for the values it started with). */
function ReportChanges({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const last = useRef(values);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (values === last.current) return;
    last.current = values;
    onChangeRef.current(values);
  }, [values]);
  return null;
}

function SchemaField({ field, disabled, showError, focus }: { field: SchemaFormField; disabled?: boolean; showError: boolean; focus: boolean }) {
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Values>();
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const controlRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const raw = values[field.name];
  const value = raw === undefined || raw === null ? '' : String(raw);
  const error = (touched[field.name] || showError) && typeof errors[field.name] === 'string' ? (errors[field.name] as string) : undefined;

  useEffect(() => {
    // After the modal that added the block has given focus back (its clean-up runs first).
    if (focus) controlRef.current?.focus();
  }, [focus]);

  const common = {
    id,
    name: field.name,
    className: 'field__input',
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    onChange: (event: { target: { value: string } }) => void setFieldValue(field.name, fieldValue(field, event.target.value)),
    onBlur: () => void setFieldTouched(field.name, true),
  };

  const control = widgetControls[field.widget]({ field, value, common: { ...common, ref: controlRef } });

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {field.label}
      </label>
      {control}
      {field.hint && (
        <p id={hintId} className="form__hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every control of a field gets: id, name, value, handlers and the aria attributes. */
interface ControlProps {
  field: SchemaFormField;
  value: string;
  common: {
    ref: RefObject<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement | null>;
    id: string;
    name: string;
    className: string;
    value: string;
    disabled?: boolean;
    'aria-invalid'?: boolean;
    'aria-required'?: boolean;
    'aria-describedby'?: string;
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
  };
}

/** The control of each widget a schema can declare: a widget without one does not compile. */
const widgetControls = {
  text: ({ common }) => <input {...common} type="text" autoComplete="off" />,
  textarea: ({ common }) => <textarea {...common} rows={4} />,
  html: ({ common }) => <textarea {...common} rows={8} className="field__input field__input--code" spellCheck={false} />,
  select: ({ field, value, common }) => (
    <select {...common}>
      {!field.required && !(field.options ?? []).some((option) => String(option) === value) && <option value="">—</option>}
      {(field.options ?? []).map((option) => (
        <option key={String(option)} value={String(option)}>
          {String(option)}
        </option>
      ))}
    </select>
  ),
  date: ({ common }) => <input {...common} type="date" />,
  number: ({ common }) => <input {...common} type="number" inputMode="numeric" />,
  // Not type="url": paths on this site (/over-ons) and #anchors are links too.
  link: ({ common }) => <input {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} />,
  // An address of something outside the media library (library images and files have their own fields, see block-card).
  image: ({ common }) => <input {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} />,
  file: ({ common }) => <input {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} />,
} satisfies Record<FieldWidget, (props: ControlProps) => ReactNode>;
