import { useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { MenuItem, MenuPageInfo } from '@pagelog/contracts/menus/menu';
import { dropTarget, findItem, flatten, moveItem, moveTarget, moveTo, removeItem, rowsWhileDragging, setLabel, type TreeMove } from '../state/menu-tree';
import { INDENT_PX, MenuRow } from './menu-row';

interface MenuTreeProps {
  items: MenuItem[];
  pages: Record<string, MenuPageInfo>;
  /** How many levels the menu allows. */
  levels: number;
  /** Messages about items, by item id (from a refused save). */
  errorsByItem: Record<string, string[]>;
  readOnly: boolean;
  /** The tree's accessible name ("Main menu items"). */
  label: string;
  onChange: (items: MenuItem[]) => void;
}

/**
 * The menu as a tree to arrange: dragged with the pointer (sideways for a level more or less) or
 * with the keyboard (the handle: Space, arrows, Space), or moved with the buttons of each row (up,
 * down, out, in). Every move is announced to screen readers.
 */
export function MenuTree({ items, pages, levels, errorsByItem, readOnly, label, onChange }: MenuTreeProps) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  // Moved by the keyboard, an item keeps its level where it can: the arrow keys travel the rows,
  // whose indentation would otherwise read as sideways travel (in and out are the row's buttons).
  const [byKeyboard, setByKeyboard] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on the handle stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const rows = activeId ? rowsWhileDragging(items, activeId) : flatten(items);
  const ids = rows.map((row) => row.item.id);
  const nameOf = (item: MenuItem | undefined) =>
    item ? item.label || (item.pageID ? pages[item.pageID]?.title : item.url) || t('menus.tree.untitled') : '';
  const nameById = (id: UniqueIdentifier | null | undefined) => (id === null || id === undefined ? '' : nameOf(findItem(items, String(id))?.item));

  /** Where the dragged item would land now, or null (nowhere it fits, or not over the list). */
  function projection(over: string | null = overId, dx = offsetX) {
    if (!activeId || !over) return null;
    const activeIndex = ids.indexOf(activeId);
    const overIndex = ids.indexOf(over);
    if (activeIndex === -1 || overIndex === -1) return null;
    const dragged = findItem(items, activeId)!.item;
    const wanted = rows[activeIndex]!.depth + (byKeyboard ? 0 : Math.round(dx / INDENT_PX));
    return dropTarget(flatten(removeItem(items, activeId)), dragged, overIndex - 1, wanted, levels);
  }
  const projected = projection();

  /** Where an item is, in words: "position 2 of 3, level 2, under About". */
  function placeOf(tree: MenuItem[], id: string): string {
    const flat = findItem(tree, id);
    if (!flat) return '';
    const parent = flat.parentId ? nameOf(findItem(tree, flat.parentId)?.item) : null;
    const where = { position: flat.index + 1, count: flat.siblings, level: flat.depth + 1, parent };
    return parent ? t('menus.tree.placeUnderLong', where) : t('menus.tree.placeTopLong', where);
  }

  function move(id: string, direction: TreeMove) {
    const next = moveItem(items, id, direction, levels);
    if (!next) return;
    onChange(next);
    setAnnouncement(t('menus.tree.moved', { name: nameById(id), place: placeOf(next, id) }));
    // The row moved in the list, which loses focus: give it back to the same button, or to another
    // move button that still can act.
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-item-id="${CSS.escape(id)}"]`);
      const buttons = [...(row?.querySelectorAll<HTMLButtonElement>('[data-action]') ?? [])];
      const same = buttons.find((button) => button.dataset.action === direction && !button.disabled);
      (same ?? buttons.find((button) => !button.disabled))?.focus();
    });
  }

  function resetDrag() {
    setActiveId(null);
    setOverId(null);
    setOffsetX(0);
  }

  function onDragEnd({ active, over, delta }: DragEndEvent) {
    // The event's own travel: the last move may not have been rendered yet.
    const target = projection(over ? String(over.id) : null, delta.x);
    resetDrag();
    if (!target) return;
    const next = moveTo(items, String(active.id), target.parentId, target.index);
    onChange(next);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('menus.tree.dnd.pickedUp', { name: nameById(active.id), place: placeOf(items, String(active.id)) }),
    onDragOver: ({ active, over }) => {
      const target = over ? projection(String(over.id)) : null;
      if (!target) return t('menus.tree.dnd.nowhere', { name: nameById(active.id) });
      return t('menus.tree.dnd.over', { name: nameById(active.id), place: placeOf(moveTo(items, String(active.id), target.parentId, target.index), String(active.id)) });
    },
    onDragEnd: ({ active, over }) => {
      const target = over ? projection(String(over.id)) : null;
      if (!target) return t('menus.tree.dnd.cancelled', { name: nameById(active.id) });
      return t('menus.tree.dnd.dropped', { name: nameById(active.id), place: placeOf(moveTo(items, String(active.id), target.parentId, target.index), String(active.id)) });
    },
    onDragCancel: ({ active }) => t('menus.tree.dnd.cancelled', { name: nameById(active.id) }),
  };

  if (items.length === 0) return <p className="menu-tree__empty">{t('menus.tree.empty')}</p>;

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={({ active, activatorEvent }: DragStartEvent) => {
          setActiveId(String(active.id));
          setOverId(String(active.id));
          setByKeyboard(activatorEvent instanceof KeyboardEvent);
        }}
        onDragMove={({ delta }: DragMoveEvent) => setOffsetX(delta.x)}
        onDragOver={({ over }: DragOverEvent) => setOverId(over ? String(over.id) : null)}
        onDragEnd={onDragEnd}
        onDragCancel={resetDrag}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('menus.tree.dnd.instructions') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="menu-tree" aria-label={label}>
            {rows.map((row) => {
              const { item } = row;
              const parent = row.parentId ? findItem(items, row.parentId)?.item : undefined;
              const moves = {
                up: moveTarget(items, item.id, 'up', levels) !== null,
                down: moveTarget(items, item.id, 'down', levels) !== null,
                in: moveTarget(items, item.id, 'in', levels) !== null,
                out: moveTarget(items, item.id, 'out', levels) !== null,
              };
              return (
                <MenuRow
                  key={item.id}
                  row={row}
                  name={nameOf(item)}
                  parentName={parent ? nameOf(parent) : null}
                  page={item.pageID ? (pages[item.pageID] ?? null) : null}
                  depth={item.id === activeId && projected ? projected.depth : row.depth}
                  moves={moves}
                  errors={errorsByItem[item.id] ?? []}
                  readOnly={readOnly}
                  onMove={(direction) => move(item.id, direction)}
                  onLabel={(text) => onChange(setLabel(items, item.id, text))}
                  onRemove={() => {
                    onChange(removeItem(items, item.id));
                    setAnnouncement(t('menus.tree.removed', { name: nameOf(item) }));
                  }}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
