import { array, boolean, object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';

/** How large a table may grow: more would not read on a phone, nor in a screen reader. */
export const TABLE_LIMITS = { rows: 200, columns: 20, cellLength: 500 } as const;

/** The cells of a table, row by row, as stored: every row with the same number of cells. */
export type TableRows = string[][];

const cell = string().label('Cell').defined().max(TABLE_LIMITS.cellLength, 'V_14');
const row = array().label('Row').of(cell).min(1, 'V_01').max(TABLE_LIMITS.columns, 'V_14');

/** A new table: two columns, a header row and two rows of data to fill in. */
const emptyRows = (): TableRows => [
  ['', ''],
  ['', ''],
  ['', ''],
];

/**
 * A table of plain-text cells built from rows and columns (spec section 4), its first row the
 * column headers when `headerRow` is on. The grid and its switch are one prop, edited by the
 * admin's table widget: rows of unequal length are V_12 (a table whose columns do not line up
 * cannot be read), a table without any text V_01.
 */
export const tableBlock = {
  id: 'table',
  label: 'Table',
  description: 'Rows and columns of text, with a header row and a caption',
  icon: 'table',
  pageTypes: ['base', 'article', 'publication', 'expertise', 'vacancy', 'landing-page'],
  props: object({
    caption: string()
      .label('Caption')
      .trim()
      .default('')
      .max(254, 'V_11')
      .meta({ hint: 'What the table shows; recommended, screen readers announce it with the table' } satisfies PropMeta),
    table: object({
      headerRow: boolean().label('First row is a header row').typeError('V_12').default(true),
      rows: array()
        .label('Rows')
        .of(row)
        .min(1, 'V_01')
        .max(TABLE_LIMITS.rows, 'V_14')
        .default(emptyRows)
        .test('same-width', 'V_12', (rows) => rows === undefined || rows.every((r) => r?.length === rows[0]?.length))
        .test('some-text', 'V_01', (rows) => rows === undefined || rows.length === 0 || rows.some((r) => r?.some((c) => typeof c === 'string' && c.trim() !== ''))),
    })
      .label('Table')
      .meta({ widget: 'table' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'table'>;
