import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { MenuPageInfo } from '@pagelog/contracts/menus/menu';
import type { FlatItem, TreeMove } from '../state/menu-tree';

/** How far one level is indented, in pixels; a drag sideways by this much asks for one level more or less. */
export const INDENT_PX = 32;

interface MenuRowProps {
  row: FlatItem;
  /** What the row is called: its label, its page's title or its address. */
  name: string;
  /** The name of the item it is a sub-item of, if any. */
  parentName: string | null;
  page: MenuPageInfo | null;
  /** The depth shown (while dragged: where it would land). */
  depth: number;
  moves: Record<TreeMove, boolean>;
  errors: readonly string[];
  readOnly: boolean;
  onMove: (move: TreeMove) => void;
  onLabel: (label: string) => void;
  onRemove: () => void;
}

const moveOrder: readonly TreeMove[] = ['up', 'down', 'out', 'in'];

/**
 * One item of the menu tree: a drag handle (pointer, or keyboard: Space to lift, arrows, Space to
 * drop), its label to edit in place, what it links to, a flag when its page is not on the site,
 * and buttons for every move, so the whole tree can be arranged by keyboard.
 */
export function MenuRow({ row, name, parentName, page, depth, moves, errors, readOnly, onMove, onLabel, onRemove }: MenuRowProps) {
  const { t } = useTranslation();
  const { item } = row;
  const sortable = useSortable({ id: item.id, disabled: readOnly });
  const dead = item.pageID !== null && page?.state !== 'live';
  const labelId = `menu-label-${item.id}`;
  const placeId = `menu-place-${item.id}`;
  // A dragged row follows the pointer up and down only; sideways it snaps to the level it would
  // land at (`depth`, projected by the tree), so its indentation shows where the drop puts it. The
  // snap is a transform on top of its own margin: dnd-kit measures rows without their transforms,
  // so where the rows are for the drop stays put (a changed margin moved them, and the drop
  // sometimes landed a level off).
  const transform = sortable.isDragging && sortable.transform ? { ...sortable.transform, x: (depth - row.depth) * INDENT_PX } : sortable.transform;
  const style = { transform: CSS.Translate.toString(transform), transition: sortable.transition, marginInlineStart: `${row.depth * INDENT_PX}px` };

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`menu-row${dead ? ' menu-row--dead' : ''}${sortable.isDragging ? ' menu-row--dragging' : ''}`}
      data-item-id={item.id}
    >
      <div className="menu-row__main">
        {!readOnly && (
          <button
            type="button"
            ref={sortable.setActivatorNodeRef}
            className="menu-row__handle"
            aria-label={t('menus.tree.drag', { name })}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        <div className="menu-row__label">
          <label htmlFor={labelId} className="visually-hidden">
            {t('menus.tree.label', { name })}
          </label>
          <input
            id={labelId}
            className="field__input menu-row__input"
            value={item.label}
            placeholder={item.pageID ? page?.title || t('menus.tree.pageTitle') : ''}
            maxLength={100}
            readOnly={readOnly}
            aria-invalid={errors.length > 0}
            aria-describedby={placeId}
            onChange={(event) => onLabel(event.target.value)}
          />
        </div>
        <span className="menu-row__target">
          {item.url !== null ? t('menus.tree.link', { url: item.url }) : page?.path ? t('menus.tree.page', { path: page.path }) : t('menus.tree.pageUnknown')}
        </span>
        {dead && <span className="badge badge--warning">{t(`menus.pageState.${page?.state ?? 'unknown'}`)}</span>}
        <span id={placeId} className="visually-hidden">
          {parentName ? t('menus.tree.placeUnder', { level: row.depth + 1, parent: parentName }) : t('menus.tree.placeTop')}
          {dead ? ` ${t('menus.tree.deadLink')}` : ''}
        </span>
        {!readOnly && (
          <span className="menu-row__actions">
            {moveOrder.map((move) => (
              <button
                key={move}
                type="button"
                className="button button--grey button--small menu-row__move"
                data-action={move}
                disabled={!moves[move]}
                aria-label={t(`menus.tree.move.${move}`, { name })}
                title={t(`menus.tree.moveHint.${move}`)}
                onClick={() => onMove(move)}
              >
                <span aria-hidden="true">{{ up: '↑', down: '↓', out: '←', in: '→' }[move]}</span>
              </button>
            ))}
            <button type="button" className="button button--grey button--small" aria-label={t('menus.tree.remove', { name })} onClick={onRemove}>
              {t('menus.tree.removeShort')}
            </button>
          </span>
        )}
      </div>
      {errors.length > 0 && (
        <ul className="menu-row__errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
