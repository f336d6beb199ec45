import { array, boolean, object, string, type AnyObject, type AnySchema, type ObjectSchema, type ValidationError } from 'yup';
import { maxLengthOf, type FormField } from './form-fields';
import { fieldsOf, type FormDefinition } from './forms';

/**
 * The schema of a form's values, shared by the site (in the browser, before sending) and the
 * server (again, on what arrives): catalogue codes as messages (V_01 required, V_02 e-mail
 * address, V_14 too long, V_12 not valid), which the site shows in the visitor's language
 * (form-fields.ts, fieldMessage). Values are what `normalizeValues` makes of a submission.
 */

/** A submission's values once normalized: text, the options chosen, or a box ticked. */
export type FormValues = Record<string, string | string[] | boolean>;

/** Digits, spaces, dashes, dots, brackets and a leading +, with 6 to 15 digits (ITU E.164 allows 15). */
const phonePattern = /^\+?[0-9 ().-]+$/;
/** A local part, an @ and a domain with a dot: what yup's e-mail test lets through and more. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function fieldSchema(field: FormField): AnySchema {
  const max = maxLengthOf(field);
  switch (field.kind) {
    case 'checkbox':
      return field.required ? boolean().default(false).oneOf([true], 'V_01') : boolean().default(false);
    case 'choices': {
      const values = (field.options ?? []).map((option) => option.value);
      const list = array()
        .of(string().oneOf(values, 'V_12').defined())
        .default([])
        .max(values.length, 'V_12');
      return field.required ? list.min(1, 'V_01') : list;
    }
    case 'choice': {
      const values = (field.options ?? []).map((option) => option.value);
      const choice = string().default('').oneOf(['', ...values], 'V_12');
      return field.required ? choice.test('required', 'V_01', (value) => !!value) : choice;
    }
    case 'date': {
      let date = string()
        .default('')
        .test('date', 'V_12', (value) => !value || isDate(value));
      if (field.notBefore) {
        const other = field.notBefore;
        date = date.test('not-before', 'V_12', function (value) {
          const from = (this.parent as Record<string, unknown>)[other];
          return !value || typeof from !== 'string' || !isDate(from) || !isDate(value) || value >= from;
        });
      }
      return field.required ? date.test('required', 'V_01', (value) => !!value) : date;
    }
    default: {
      let text = string().default('').trim().max(max, 'V_14');
      if (field.kind === 'email') text = text.email('V_02').matches(emailPattern, { message: 'V_02', excludeEmptyString: true });
      if (field.kind === 'phone') {
        text = text.matches(phonePattern, { message: 'V_12', excludeEmptyString: true }).test('digits', 'V_12', (value) => {
          if (!value) return true;
          const digits = value.replace(/\D/g, '').length;
          return digits >= 6 && digits <= 15;
        });
      }
      return field.required ? text.required('V_01') : text;
    }
  }
}

const schemas = new WeakMap<FormDefinition, ObjectSchema<AnyObject>>();

/** The schema of a form's values; other properties are refused (V_12 on the property). */
export function formSchema(form: FormDefinition): ObjectSchema<AnyObject> {
  let schema = schemas.get(form);
  if (!schema) {
    schema = object(Object.fromEntries(fieldsOf(form).map((field) => [field.name, fieldSchema(field)])))
      .noUnknown(true, 'V_12')
      .strict(false);
    schemas.set(form, schema);
  }
  return schema;
}

/**
 * A submission's values as the schema takes them, from what a browser sends: a form posted
 * without JavaScript (every value a string, a ticked box "on", one chosen option a string and
 * several an array) or the site's script (JSON). Fields the form does not have are kept, for the
 * schema to refuse; a value of a shape no field takes (an object) stays as it is, likewise.
 */
export function normalizeValues(form: FormDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...raw };
  for (const field of fieldsOf(form)) {
    const value = raw[field.name];
    if (field.kind === 'checkbox') {
      values[field.name] = value === true || value === 'on' || value === 'true' || value === '1';
    } else if (field.kind === 'choices') {
      values[field.name] = value === undefined || value === '' ? [] : typeof value === 'string' ? [value] : value;
    } else if (value === undefined || value === null) {
      values[field.name] = '';
    }
  }
  return values;
}

/** One refused field: its name and the catalogue code. */
export interface FieldError {
  field: string;
  code: string;
}

/**
 * Validates normalized values: the values as the schema casts them (trimmed texts), or every
 * field's first refusal, in the form's order.
 */
export function checkValues(form: FormDefinition, values: Record<string, unknown>): { values: FormValues; errors: [] } | { values: null; errors: FieldError[] } {
  try {
    const cast = formSchema(form).validateSync(values, { abortEarly: false, stripUnknown: false }) as FormValues;
    return { values: cast, errors: [] };
  } catch (error) {
    const inner = (error as ValidationError).inner?.length ? (error as ValidationError).inner : [error as ValidationError];
    const order = fieldsOf(form).map((field) => field.name);
    const first = new Map<string, string>();
    for (const e of inner) {
      const path = (e.path ?? '').replace(/\[\d+\]$/, '') || 'values';
      const code = typeof e.message === 'string' && /^[A-Z]+_\d+$/.test(e.message) ? e.message : 'V_12';
      // An unknown property: noUnknown names the object, the unknown keys are in params.
      if (e.type === 'noUnknown') {
        for (const key of Object.keys(values).filter((k) => !order.includes(k))) if (!first.has(key)) first.set(key, 'V_12');
        continue;
      }
      if (!first.has(path)) first.set(path, code);
    }
    const errors = [...first].map(([field, code]) => ({ field, code }));
    errors.sort((a, b) => rank(order, a.field) - rank(order, b.field));
    return { values: null, errors };
  }
}

function rank(order: string[], field: string): number {
  const at = order.indexOf(field);
  return at === -1 ? order.length : at;
}
