import { useId } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import { siteTexts } from '../language/site-texts';
import type { BlockContext } from './block-component';
import { text } from './prop-text';

/** The stored cells, row by row, each row as wide as the widest (a short row gets empty cells). */
function rowsOf(value: unknown): string[][] {
  const rows = Array.isArray(value) ? value.filter(Array.isArray).map((row: unknown[]) => row.map((cell) => (typeof cell === 'string' ? cell : ''))) : [];
  const width = Math.max(0, ...rows.map((row) => row.length));
  return width === 0 ? [] : rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
}

/**
 * A table (contracts' block type `table`): its caption, the first row as column headers when the
 * editor says so, the other rows as data. A wide table scrolls sideways on a phone inside a
 * region that can take focus, so it scrolls by keyboard too, named by the caption (or "Tabel").
 */
export function TableBlock({ block, context }: { block: Block; context: BlockContext }) {
  const captionId = useId();
  const stored = (block.props.table ?? {}) as { headerRow?: unknown; rows?: unknown };
  const rows = rowsOf(stored.rows);
  if (rows.every((row) => row.every((cell) => cell.trim() === ''))) return null;
  const caption = text(block.props.caption);
  const header = stored.headerRow === false ? null : rows[0]!;
  const body = header === null ? rows : rows.slice(1);
  const name = caption !== '' ? { 'aria-labelledby': captionId } : { 'aria-label': siteTexts(context.locale).table };
  return (
    <div className="block block-table" role="region" tabIndex={0} {...name}>
      <table className="block-table__table">
        {caption !== '' && <caption id={captionId}>{caption}</caption>}
        {header && (
          <thead>
            <tr>
              {header.map((cell, index) => (
                <th key={index} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {body.length > 0 && (
          <tbody>
            {body.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
