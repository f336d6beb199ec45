import type { MenuItem } from '@pagelog/contracts/menus/menu';

/**
 * The menu editor's tree operations, pure: every move the editor offers by button, by keyboard or
 * by dragging, each answering a new tree (the same tree when the move is not possible). Depths
 * here are 0-based (the top level is 0); `levels` is the number of levels the menu allows.
 */

/** An item in the order the tree is shown, with its place in the tree. */
export interface FlatItem {
  item: MenuItem;
  depth: number;
  parentId: string | null;
  /** Its index among its siblings, and how many siblings (itself included) it has. */
  index: number;
  siblings: number;
}

export function flatten(items: readonly MenuItem[], depth = 0, parentId: string | null = null): FlatItem[] {
  return items.flatMap((item, index) => [{ item, depth, parentId, index, siblings: items.length }, ...flatten(item.children, depth + 1, item.id)]);
}

/** How many levels an item takes with its sub-items (1 without any). */
export function heightOf(item: MenuItem): number {
  return 1 + Math.max(0, ...item.children.map(heightOf));
}

export function findItem(items: readonly MenuItem[], id: string): FlatItem | null {
  return flatten(items).find((flat) => flat.item.id === id) ?? null;
}

/** The tree without the item (and its sub-items), and the item taken out. */
function takeOut(items: readonly MenuItem[], id: string): { rest: MenuItem[]; taken: MenuItem | null } {
  let taken: MenuItem | null = null;
  const walk = (list: readonly MenuItem[]): MenuItem[] =>
    list.flatMap((item) => {
      if (item.id === id) {
        taken = item;
        return [];
      }
      return [{ ...item, children: walk(item.children) }];
    });
  const rest = walk(items);
  return { rest, taken };
}

/** The tree with `item` put at `index` among the children of `parentId` (null: the top level). */
function putIn(items: readonly MenuItem[], parentId: string | null, index: number, item: MenuItem): MenuItem[] {
  if (parentId === null) return [...items.slice(0, index), item, ...items.slice(index)];
  return items.map((each) => (each.id === parentId ? { ...each, children: putIn(each.children, null, index, item) } : { ...each, children: putIn(each.children, parentId, index, item) }));
}

/** The item moved to `index` among the children of `parentId`, keeping its sub-items. */
export function moveTo(items: readonly MenuItem[], id: string, parentId: string | null, index: number): MenuItem[] {
  if (parentId === id) return [...items];
  const { rest, taken } = takeOut(items, id);
  if (!taken || (parentId !== null && !findItem(rest, parentId))) return [...items];
  return putIn(rest, parentId, index, taken);
}

export type TreeMove = 'up' | 'down' | 'in' | 'out';

/**
 * Where a move takes an item: up and down among its siblings, in (the last sub-item of the item
 * above it, when the menu has a level for it and its sub-items) and out (the next item after its
 * parent). Null when the move is not possible.
 */
export function moveTarget(items: readonly MenuItem[], id: string, move: TreeMove, levels: number): { parentId: string | null; index: number } | null {
  const flat = findItem(items, id);
  if (!flat) return null;
  const siblings = flat.parentId === null ? items : findItem(items, flat.parentId)!.item.children;
  switch (move) {
    case 'up':
      return flat.index > 0 ? { parentId: flat.parentId, index: flat.index - 1 } : null;
    case 'down':
      return flat.index < flat.siblings - 1 ? { parentId: flat.parentId, index: flat.index + 1 } : null;
    case 'in': {
      const above = siblings[flat.index - 1];
      if (!above || flat.depth + 1 + heightOf(flat.item) > levels) return null;
      return { parentId: above.id, index: above.children.length };
    }
    case 'out': {
      if (flat.parentId === null) return null;
      const parent = findItem(items, flat.parentId)!;
      return { parentId: parent.parentId, index: parent.index + 1 };
    }
  }
}

/** The tree after a move, or null when the move is not possible. */
export function moveItem(items: readonly MenuItem[], id: string, move: TreeMove, levels: number): MenuItem[] | null {
  const target = moveTarget(items, id, move, levels);
  return target ? moveTo(items, id, target.parentId, target.index) : null;
}

export function removeItem(items: readonly MenuItem[], id: string): MenuItem[] {
  return takeOut(items, id).rest;
}

export function setLabel(items: readonly MenuItem[], id: string, label: string): MenuItem[] {
  return items.map((item) => (item.id === id ? { ...item, label } : { ...item, children: setLabel(item.children, id, label) }));
}

/**
 * Where a dragged item lands: after row `aboveIndex` (-1: first) of the tree without the dragged
 * item (`flatten(removeItem(items, id))`), at the depth the pointer's sideways travel asks for,
 * kept to what fits there.
 * It can go one level deeper than the row above at most, and no shallower than the row below
 * (which would otherwise become its sub-item); with its sub-items it must fit the menu's levels.
 * Null when no depth fits.
 */
export function dropTarget(
  rows: readonly FlatItem[],
  dragged: MenuItem,
  aboveIndex: number,
  wantedDepth: number,
  levels: number,
): { parentId: string | null; index: number; depth: number } | null {
  const above = rows[aboveIndex];
  const below = rows[aboveIndex + 1];
  const deepest = Math.min(above ? above.depth + 1 : 0, levels - heightOf(dragged));
  const shallowest = below ? below.depth : 0;
  if (deepest < shallowest) return null;
  const depth = Math.max(shallowest, Math.min(deepest, wantedDepth));
  if (!above) return { parentId: null, index: 0, depth };
  if (depth === above.depth + 1) return { parentId: above.item.id, index: 0, depth };
  // The row above, or its ancestor at this depth: the item goes right after it.
  let anchor: FlatItem = above;
  while (anchor.depth > depth) anchor = rows.find((row) => row.item.id === anchor.parentId)!;
  return { parentId: anchor.parentId, index: anchor.index + 1, depth };
}

/** The rows while `id` is dragged: without its sub-items, which travel with it. */
export function rowsWhileDragging(items: readonly MenuItem[], id: string): FlatItem[] {
  const { rest, taken } = takeOut(items, id);
  if (!taken) return flatten(items);
  const flat = findItem(items, id)!;
  // The dragged item stays in its place (a leaf, for the list to sort), its sub-items hidden.
  return flatten(putIn(rest, flat.parentId, flat.index, { ...taken, children: [] }));
}
