import { ValidationError, type AnyObjectSchema } from 'yup';
import type { PropMeta, PropWidget } from '@pagelog/contracts/blocks/block-definition';
import { messageFor } from '@pagelog/contracts/error-catalogue';

/** How a field of a generated form is shown: the schema's widgets, plus numbers. */
export type FieldWidget = PropWidget | 'number';

/** One field of a form built from a yup object schema (block props, a page type's typeData). */
export interface SchemaFormField {
  name: string;
  /** The schema's `.label()`, or the name. */
  label: string;
  widget: FieldWidget;
  hint?: string;
  /** The choices of a select: the schema's oneOf values. */
  options?: readonly (string | number)[];
  required: boolean;
  /** What the value is stored as: a select of numbers stores numbers. */
  valueType: 'string' | 'number';
}

interface FieldDescription {
  type: string;
  label?: string;
  meta?: PropMeta;
  oneOf?: unknown[];
  optional?: boolean;
  tests?: { name?: string }[];
}

/**
 * The fields of a form for an object schema, in the schema's order: the widget from
 * `.meta({ widget })` (text for strings and number for numbers without one), the label from
 * `.label()`, and the choices of a select from `oneOf`.
 */
export function formFieldsOf(schema: AnyObjectSchema): SchemaFormField[] {
  const description = schema.describe() as { fields?: Record<string, FieldDescription> };
  return Object.entries(description.fields ?? {}).map(([name, field]) => {
    const valueType = field.type === 'number' ? 'number' : 'string';
    const options = (field.oneOf ?? []).filter((value): value is string | number => typeof value === 'string' || typeof value === 'number');
    let widget: FieldWidget = field.meta?.widget ?? (valueType === 'number' ? 'number' : 'text');
    // A select needs choices; without them it falls back to typing the value.
    if (widget === 'select' && options.length === 0) widget = valueType === 'number' ? 'number' : 'text';
    const result: SchemaFormField = {
      name,
      label: field.label ?? name,
      widget,
      required: field.optional === false || !!field.tests?.some((test) => test.name === 'required'),
      valueType,
    };
    if (field.meta?.hint) result.hint = field.meta.hint;
    if (widget === 'select') result.options = options;
    return result;
  });
}

/** A form value as the schema stores it: numbers for number fields (an empty field stays ''). */
export function fieldValue(field: Pick<SchemaFormField, 'valueType'>, raw: string): string | number {
  if (field.valueType !== 'number' || raw.trim() === '') return raw;
  const number = Number(raw);
  return Number.isNaN(number) ? raw : number;
}

/** The values a form starts with: the given ones, with the schema's defaults for missing fields. */
export function initialValuesOf(schema: AnyObjectSchema, values: Record<string, unknown>): Record<string, unknown> {
  const defaults = (schema.getDefault() ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of formFieldsOf(schema)) {
    const value = values[field.name] ?? defaults[field.name];
    result[field.name] = value ?? '';
  }
  // Values the form does not show (an older block version's props) are kept as they are.
  return { ...values, ...result };
}

/**
 * Checks values against the schema and answers the message of each failing field, by field
 * name, written with the field's label (so "The Text field is required.").
 */
export function validateValues(schema: AnyObjectSchema, values: Record<string, unknown>): Record<string, string> {
  const labels = new Map(formFieldsOf(schema).map((field) => [field.name, field.label]));
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const errors: Record<string, string> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const name = (failure.path ?? '').split('.')[0] ?? '';
      if (name === '' || errors[name] !== undefined) continue;
      errors[name] = messageFor(String(failure.message), labels.get(name) ?? name);
    }
    return errors;
  }
}
