import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { Formik, getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import { TableField } from './table-field';
import { LibraryMediaField } from './library-media-field';
import { LinkField } from './link-field';
import { PagesField } from './pages-field';
import { PublicTagField } from './public-tag-field';
import type { RichTextEditorProps } from './rich-text-editor';
import { SourceOfField } from './source-text';
import { emptyItem, fieldValue, formFieldsOf, initialValuesOf, validateValues, type FieldWidget, type SchemaFormField } from '../state/schema-form-fields';

type Values = Record<string, unknown>;

/**
 * The WYSIWYG editor of rich text when it is already loaded. The UI specs hand it over
 * (testing/render.tsx): under tsx, which loads the specs as CommonJS, a dynamic import would give
 * the editor second copies of react-i18next and formik, outside the app's providers.
 */
export const preloadedRichTextEditor: { component?: ComponentType<RichTextEditorProps> } = {};

/** The WYSIWYG editor of rich text, loaded when a form first shows an html field. */
const RichTextEditor = lazy(() => (preloadedRichTextEditor.component ? Promise.resolve({ default: preloadedRichTextEditor.component }) : import('./rich-text-editor')));

interface SchemaFormProps {
  schema: AnyObjectSchema;
  values: Values;
  /** The page's locale: a tag field offers this locale's tags. */
  locale: string;
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
export function SchemaForm({ schema, values, locale, onChange, disabled, showAllErrors = false, focusFirst = false, children }: SchemaFormProps) {
  const fields = useMemo(() => formFieldsOf(schema), [schema]);
  // The form takes the values once; afterwards it is their source (the parent keys it to start over).
  const [startValues] = useState(() => initialValuesOf(schema, values));
  return (
    <Formik initialValues={startValues} validate={(current) => validateValues(schema, current)} validateOnMount onSubmit={() => {}}>
      <div className="schema-form">
        <ReportChanges onChange={onChange} />
        {fields.map((field, index) =>
          field.list ? (
            <ListField key={field.name} field={field} disabled={disabled} showError={showAllErrors} />
          ) : field.widget === 'library-image' || field.widget === 'library-file' ? (
            <LibraryMediaField key={field.name} field={field} name={field.name} disabled={disabled} showError={showAllErrors} />
          ) : field.widget === 'pages' ? (
            <PagesField key={field.name} field={field} disabled={disabled} showError={showAllErrors} />
          ) : field.widget === 'public-tag' ? (
            <PublicTagField key={field.name} field={field} locale={locale} disabled={disabled} showError={showAllErrors} />
          ) : (
            <SchemaField key={field.name} field={field} disabled={disabled} showError={showAllErrors} focus={focusFirst && index === 0} />
          ),
        )}
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

/**
 * A list prop (key figures, questions): a group per item with its fields, each item movable up and
 * down and removable, and a button that adds one, within the list's minimum and maximum. After
 * a move or removal, focus stays with the item moved (or goes to the item that took the place).
 */
function ListField({ field, disabled, showError }: { field: SchemaFormField; disabled?: boolean; showError: boolean }) {
  const { t } = useTranslation();
  const { values, errors, setFieldValue } = useFormikContext<Values>();
  const list = field.list!;
  const items = Array.isArray(values[field.name]) ? (values[field.name] as Values[]) : [];
  const legendId = useId();
  const errorId = useId();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  // Focus to restore once the list has rendered again: an item's action, or the add button.
  const [focusAfter, setFocusAfter] = useState<{ index: number; action: string } | null>(null);
  // Too few or too many items: said at once (the buttons keep a list within its bounds, so this is a
  // list stored before, or one a new block starts empty).
  const listError = typeof errors[field.name] === 'string' ? (errors[field.name] as string) : undefined;

  useEffect(() => {
    if (!focusAfter) return;
    const root = rootRef.current;
    const target =
      root?.querySelector<HTMLElement>(`[data-item="${focusAfter.index}"] [data-action="${focusAfter.action}"]:not(:disabled)`) ??
      root?.querySelector<HTMLElement>(`[data-item="${focusAfter.index}"] input, [data-item="${focusAfter.index}"] textarea`) ??
      root?.querySelector<HTMLElement>('[data-action="add"]');
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const change = (next: Values[]) => void setFieldValue(field.name, next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    change(next);
    setFocusAfter({ index: to, action: to < from ? 'up' : 'down' });
  };
  const remove = (index: number) => {
    change(items.filter((_, i) => i !== index));
    setFocusAfter({ index: Math.min(index, items.length - 2), action: 'remove' });
  };
  const add = () => {
    change([...items, emptyItem(field)]);
    setFocusAfter({ index: items.length, action: 'first-field' });
  };

  return (
    <fieldset ref={rootRef} className="list-field" aria-describedby={listError ? errorId : undefined}>
      <legend id={legendId} className="field__label">
        {field.label}
      </legend>
      {listError && (
        <p id={errorId} className="field__error">
          {listError}
        </p>
      )}
      <ol className="list-field__items">
        {items.map((_, index) => {
          const itemName = t('pages.editor.list.item', { label: list.itemLabel, position: index + 1 });
          return (
            <li key={index} data-item={index}>
              <div className="list-field__item" role="group" aria-labelledby={`${legendId}-${index}`}>
                <p id={`${legendId}-${index}`} className="list-field__title">{itemName}</p>
                {list.itemFields.map((itemField) => (
                  <SchemaField key={itemField.name} field={itemField} name={`${field.name}.${index}.${itemField.name}`} disabled={disabled} showError={showError} focus={false} />
                ))}
                <div className="list-field__actions">
                  <button type="button" className="button button--small" data-action="up" disabled={disabled || index === 0} aria-label={t('pages.editor.list.moveUp', { item: itemName })} onClick={() => move(index, index - 1)}>
                    {t('pages.editor.list.up')}
                  </button>
                  <button type="button" className="button button--small" data-action="down" disabled={disabled || index === items.length - 1} aria-label={t('pages.editor.list.moveDown', { item: itemName })} onClick={() => move(index, index + 1)}>
                    {t('pages.editor.list.down')}
                  </button>
                  <button type="button" className="button button--small button--danger" data-action="remove" disabled={disabled || items.length <= list.min} aria-label={t('pages.editor.list.remove', { item: itemName })} onClick={() => remove(index)}>
                    {t('pages.editor.list.removeShort')}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary" data-action="add" disabled={disabled || items.length >= list.max} onClick={add}>
        {t('pages.editor.list.add', { label: list.itemLabel.toLowerCase() })}
      </button>
      {items.length >= list.max && <p className="form__hint">{t('pages.editor.list.full', { count: list.max })}</p>}
    </fieldset>
  );
}

function SchemaField({ field, name = field.name, disabled, showError, focus }: { field: SchemaFormField; name?: string; disabled?: boolean; showError: boolean; focus: boolean }) {
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Values>();
  const id = useId();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const controlRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const raw: unknown = getIn(values, name);
  const value = raw === undefined || raw === null ? '' : String(raw);
  const message: unknown = getIn(errors, name);
  const error = (getIn(touched, name) || showError) && typeof message === 'string' ? message : undefined;

  useEffect(() => {
    // After the modal that added the block has given focus back (its clean-up runs first).
    if (focus) controlRef.current?.focus();
  }, [focus]);

  const common = {
    id,
    name,
    className: 'field__input',
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    onChange: (event: { target: { value: string } }) => void setFieldValue(name, fieldValue(field, event.target.value)),
    onBlur: () => void setFieldTouched(name, true),
  };

  const control = widgetControls[field.widget]({
    field,
    value,
    labelId,
    common: { ...common, ref: controlRef },
    setValue: (next) => void setFieldValue(name, next),
  });

  return (
    <div className="field">
      {field.widget === 'html' ? (
        // The rich text editor is no form element: the label names it (aria-labelledby) and focuses it.
        <label id={labelId} className="field__label" onClick={(event) => event.currentTarget.parentElement?.querySelector<HTMLElement>('[contenteditable="true"], textarea')?.focus()}>
          {field.label}
        </label>
      ) : (
        <label id={labelId} className="field__label" htmlFor={id}>
          {field.label}
        </label>
      )}
      {control}
      {field.hint && (
        <p id={hintId} className="form__hint">
          {field.hint}
        </p>
      )}
      <SourceOfField name={name} widget={field.widget} />
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
  /** The label's id, for a control that is not a form element (the rich text editor). */
  labelId: string;
  /** Sets the field's value directly (a control without a change event of its own). */
  setValue: (value: string) => void;
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
  // The WYSIWYG editor; its HTML source stands in while it loads.
  html: ({ common, labelId, setValue }) => (
    <Suspense fallback={<textarea {...common} rows={8} className="field__input field__input--code" spellCheck={false} />}>
      <RichTextEditor
        value={common.value}
        onChange={setValue}
        onBlur={common.onBlur}
        labelId={labelId}
        describedBy={common['aria-describedby']}
        invalid={common['aria-invalid']}
        disabled={common.disabled}
      />
    </Suspense>
  ),
  select: ({ field, value, common }) => (
    <select {...common}>
      {!field.required && !(field.options ?? []).some((option) => String(option) === value) && <option value="">—</option>}
      {(field.options ?? []).map((option) => (
        <option key={String(option)} value={String(option)}>
          {field.optionLabels?.[String(option)] ?? String(option)}
        </option>
      ))}
    </select>
  ),
  date: ({ common }) => <input {...common} type="date" />,
  number: ({ common }) => <input {...common} type="number" inputMode="numeric" />,
  // A page of the site (kept by its id) or a typed address: link-field.tsx.
  link: ({ field, common, setValue }) => (
    <LinkField
      id={common.id}
      name={common.name}
      label={field.label}
      value={common.value}
      onChange={setValue}
      onBlur={common.onBlur}
      disabled={common.disabled}
      invalid={common['aria-invalid']}
      required={common['aria-required']}
      describedBy={common['aria-describedby']}
      inputRef={common.ref}
    />
  ),
  // An address of something outside the media library (library images and files have their own fields, see block-card).
  image: ({ common }) => <input {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} />,
  file: ({ common }) => <input {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} />,
  // Drawn by ListField, never as one control.
  list: () => null,
  // Drawn by PagesField (pages-field.tsx), never as one control.
  pages: () => null,
  // Drawn by PublicTagField (public-tag-field.tsx): the tag combobox has its own label and hint.
  'public-tag': () => null,
  // Drawn by LibraryMediaField (a group with the library picker), never as one control.
  'library-image': () => null,
  'library-file': () => null,
  table: ({ common, labelId }) => (
    <TableField name={common.name} firstCellId={common.id} labelId={labelId} describedBy={common['aria-describedby']} invalid={common['aria-invalid']} disabled={common.disabled} onBlur={common.onBlur} />
  ),
} satisfies Record<FieldWidget, (props: ControlProps) => ReactNode>;
