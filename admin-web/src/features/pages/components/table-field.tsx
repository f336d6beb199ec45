import { useEffect, useRef, useState } from 'react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { TABLE_LIMITS, type TableRows } from '@pagelog/contracts/blocks/types/table-block';

interface TableValue {
  headerRow: boolean;
  rows: TableRows;
}

/** The stored table as the grid edits it: the switch on unless it is off, every row as wide as the widest, at least one cell. */
export function tableValue(value: unknown): TableValue {
  const stored = typeof value === 'object' && value !== null ? (value as { headerRow?: unknown; rows?: unknown }) : {};
  const rows = Array.isArray(stored.rows) ? stored.rows.filter(Array.isArray).map((row: unknown[]) => row.map((cell) => (typeof cell === 'string' ? cell : ''))) : [];
  const width = Math.max(1, ...rows.map((row) => row.length));
  const filled = rows.length > 0 ? rows : [['']];
  return { headerRow: stored.headerRow !== false, rows: filled.map((row) => [...row, ...Array<string>(width - row.length).fill('')]) };
}

export interface TableFieldProps {
  /** The form value's name (a table widget's prop: `{ headerRow, rows }`). */
  name: string;
  /** The id the field's label points at: the first cell's, so the label leads into the grid. */
  firstCellId: string;
  /** The field's label, which names the group of the grid and its buttons. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  onBlur: () => void;
}

/** Where focus goes once the grid has rendered again after a row or column was added or removed. */
type FocusAfter = { cell: [number, number] } | { action: 'add-row' | 'add-column' };

/**
 * The table widget: the header-row switch, then a grid of text inputs, one per cell, each named
 * by its place ("Row 2, column 3"), with a button to remove each row and each column and buttons
 * that add one at the end, within the table block's limits. A new row or column takes focus at
 * its first cell; after a removal focus goes to the cell that took the place, else to an add button.
 */
export function TableField({ name, firstCellId, labelId, describedBy, invalid, disabled, onBlur }: TableFieldProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  const { headerRow, rows } = tableValue(getIn(values, name));
  const columns = rows[0]!.length;
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);

  useEffect(() => {
    if (focusAfter === null) return;
    const root = rootRef.current;
    const target =
      'cell' in focusAfter
        ? root?.querySelector<HTMLElement>(`[data-cell="${focusAfter.cell[0]}-${focusAfter.cell[1]}"]`)
        : root?.querySelector<HTMLElement>(`[data-action="${focusAfter.action}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const change = (next: Partial<TableValue>) => void setFieldValue(name, { headerRow, rows, ...next });
  const setCell = (r: number, c: number, text: string) => change({ rows: rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? text : cell)) : row)) });
  const addRow = () => {
    change({ rows: [...rows, Array<string>(columns).fill('')] });
    setFocusAfter({ cell: [rows.length, 0] });
  };
  const addColumn = () => {
    change({ rows: rows.map((row) => [...row, '']) });
    setFocusAfter({ cell: [0, columns] });
  };
  const removeRow = (r: number) => {
    change({ rows: rows.filter((_, i) => i !== r) });
    setFocusAfter(r < rows.length - 1 ? { cell: [r, 0] } : r > 0 ? { cell: [r - 1, 0] } : { action: 'add-row' });
  };
  const removeColumn = (c: number) => {
    change({ rows: rows.map((row) => row.filter((_, j) => j !== c)) });
    setFocusAfter(c < columns - 1 ? { cell: [0, c] } : c > 0 ? { cell: [0, c - 1] } : { action: 'add-column' });
  };

  return (
    <div ref={rootRef} className="table-field" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <label className="checkbox table-field__header-switch">
        <input type="checkbox" checked={headerRow} disabled={disabled} onChange={(event) => change({ headerRow: event.target.checked })} onBlur={onBlur} />
        {t('pages.editor.table.headerRow')}
      </label>
      <div className="table-field__scroll">
        <table className={`table-field__grid${headerRow ? ' has-header-row' : ''}`}>
          <thead>
            <tr>
              {/* Cells, not headers: each input carries its own name, the buttons would make poor column headers. */}
              {rows[0]!.map((_, c) => (
                <td key={c}>
                  <button
                    type="button"
                    className="button button--small button--grey"
                    disabled={disabled || columns <= 1}
                    aria-label={t('pages.editor.table.removeColumn', { column: c + 1 })}
                    onClick={() => removeColumn(c)}
                  >
                    ×
                  </button>
                </td>
              ))}
              <td />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>
                    <input
                      id={r === 0 && c === 0 ? firstCellId : undefined}
                      type="text"
                      className="field__input"
                      data-cell={`${r}-${c}`}
                      aria-label={t('pages.editor.table.cell', { row: r + 1, column: c + 1 })}
                      aria-invalid={invalid || undefined}
                      value={cell}
                      maxLength={TABLE_LIMITS.cellLength}
                      disabled={disabled}
                      onChange={(event) => setCell(r, c, event.target.value)}
                      onBlur={onBlur}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="button button--small button--grey"
                    disabled={disabled || rows.length <= 1}
                    aria-label={t('pages.editor.table.removeRow', { row: r + 1 })}
                    onClick={() => removeRow(r)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-field__actions">
        <button type="button" className="button button--secondary button--small" data-action="add-row" disabled={disabled || rows.length >= TABLE_LIMITS.rows} onClick={addRow}>
          {t('pages.editor.table.addRow')}
        </button>
        <button type="button" className="button button--secondary button--small" data-action="add-column" disabled={disabled || columns >= TABLE_LIMITS.columns} onClick={addColumn}>
          {t('pages.editor.table.addColumn')}
        </button>
      </div>
    </div>
  );
}
