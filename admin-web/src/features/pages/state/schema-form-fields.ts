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
  /** How many a `pages` field takes (the schema's max). */
  max?: number;
  /** What a select shows for its choices, by value (`.meta({ optionLabels })`); the value itself without one. */
  optionLabels?: Readonly<Record<string, string>>;
  required: boolean;
  /** What the value is stored as: a select of numbers stores numbers. */
  valueType: 'string' | 'number';
  /** A list's fields of one item, its name for an item, and how many items it takes. */
  list?: { itemFields: SchemaFormField[]; itemLabel: string; min: number; max: number };
}

interface FieldDescription {
  type: string;
  label?: string;
  meta?: PropMeta;
  oneOf?: unknown[];
  optional?: boolean;
  tests?: { name?: string; params?: Record<string, unknown> }[];
  /** An array's item. */
  innerType?: FieldDescription;
  /** An object's fields. */
  fields?: Record<string, FieldDescription>;
}

/** The number a test of the description takes (an array's min or max), if it has that test. */
function testParam(field: FieldDescription, test: string, param: string): number | undefined {
  const value = field.tests?.find((t) => t.name === test)?.params?.[param];
  return typeof value === 'number' ? value : undefined;
}

/**
 * The fields of a form for an object schema, in the schema's order: the widget from
 * `.meta({ widget })` (text for strings and number for numbers without one), the label from
 * `.label()`, and the choices of a select from `oneOf`.
 */
export function formFieldsOf(schema: AnyObjectSchema): SchemaFormField[] {
  return fieldsOf(schema.describe() as FieldDescription);
}

function fieldsOf(description: FieldDescription): SchemaFormField[] {
  return Object.entries(description.fields ?? {}).map(([name, field]) => {
    const valueType = field.type === 'number' ? 'number' : 'string';
    const options = (field.oneOf ?? []).filter((value): value is string | number => typeof value === 'string' || typeof value === 'number');
    let widget: FieldWidget = field.meta?.widget ?? (valueType === 'number' ? 'number' : 'text');
    // A select needs choices; without them it falls back to typing the value.
    if (widget === 'select' && options.length === 0) widget = valueType === 'number' ? 'number' : 'text';
    // A list needs an array of objects.
    if (widget === 'list' && (field.type !== 'array' || field.innerType?.type !== 'object')) widget = 'text';
    const result: SchemaFormField = {
      name,
      label: field.label ?? name,
      widget,
      required: field.optional === false || !!field.tests?.some((test) => test.name === 'required'),
      valueType,
    };
    if (field.meta?.hint) result.hint = field.meta.hint;
    if (widget === 'select') result.options = options;
    if (widget === 'pages') result.max = testParam(field, 'max', 'max') ?? Number.POSITIVE_INFINITY;
    if (widget === 'select' && field.meta?.optionLabels) result.optionLabels = field.meta.optionLabels;
    if (widget === 'list') {
      result.list = {
        itemFields: fieldsOf(field.innerType!),
        itemLabel: field.meta?.itemLabel ?? 'Item',
        min: testParam(field, 'min', 'min') ?? 0,
        max: testParam(field, 'max', 'max') ?? Number.POSITIVE_INFINITY,
      };
    }
    return result;
  });
}

/** A new item of a list: each of its fields empty. */
export function emptyItem(field: SchemaFormField): Record<string, unknown> {
  return Object.fromEntries((field.list?.itemFields ?? []).map((item) => [item.name, '']));
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
    if (field.list) {
      // Each item with every field of its own (an empty one as ''), so its inputs are controlled.
      const items = Array.isArray(value) ? value : [];
      result[field.name] = items.map((item: unknown) => ({ ...emptyItem(field), ...withoutUndefined(item) }));
    } else if (field.widget === 'library-image' || field.widget === 'library-file') {
      // A chosen library item, or none (null, as the schema's default): never a text.
      result[field.name] = value ?? null;
    } else {
      result[field.name] = value ?? '';
    }
  }
  // Values the form does not show (an older block version's props) are kept as they are.
  return { ...values, ...result };
}

function withoutUndefined(item: unknown): Record<string, unknown> {
  if (typeof item !== 'object' || item === null) return {};
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));
}

/**
 * A form's messages by field, as Formik holds them: a string for a field, and for a list either
 * one string (too few or too many items) or an array with each item's messages by field.
 */
export type FormErrors = Record<string, string | (Record<string, string> | undefined)[]>;

/** A form's messages one by one, each with its property as the server names it (`figures[1].number`). */
export function errorMessages(errors: FormErrors): { property: string; message: string }[] {
  return Object.entries(errors).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [{ property: name, message: value }]
      : value.flatMap((item, index) => Object.entries(item ?? {}).map(([field, message]) => ({ property: `${name}[${index}].${field}`, message }))),
  );
}

/** How many messages a form's errors hold (each item's field counts). */
export function errorCount(errors: FormErrors): number {
  return errorMessages(errors).length;
}

/**
 * Checks values against the schema and answers the message of each failing field, by field
 * name, written with the field's label (so "The Text field is required."); a list's items by
 * their index and field, written with the item field's label.
 */
export function validateValues(schema: AnyObjectSchema, values: Record<string, unknown>): FormErrors {
  const fields = new Map(formFieldsOf(schema).map((field) => [field.name, field]));
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const errors: FormErrors = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      // "figures[1].number" → figures, 1, number.
      const [name = '', index, itemName] = (failure.path ?? '').split(/[[\].]+/).filter(Boolean);
      const field = fields.get(name);
      if (name === '') continue;
      if (field?.list && index !== undefined && itemName !== undefined) {
        const itemField = field.list.itemFields.find((f) => f.name === itemName);
        const list = Array.isArray(errors[name]) ? (errors[name] as (Record<string, string> | undefined)[]) : [];
        const item = (list[Number(index)] ??= {});
        item[itemName] ??= messageFor(String(failure.message), itemField?.label ?? itemName);
        errors[name] = list;
      } else if (errors[name] === undefined) {
        errors[name] = messageFor(String(failure.message), field?.label ?? name);
      }
    }
    return errors;
  }
}
