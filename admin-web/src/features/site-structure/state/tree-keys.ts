import type { TreeRow } from './site-tree';

/** What a key on a tree item does (WAI-ARIA tree view pattern). */
export type TreeKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; ids: string[] }
  | { type: 'collapse'; id: string }
  | { type: 'open'; id: string };

/**
 * The tree view keys for the row at `index`: Down and Up move by one visible row, Home and End to
 * the first and last; Right opens a closed node, or moves into an open one; Left closes an open
 * node, or moves to the parent; Enter opens the page; `*` opens every sibling. Null: the key is
 * not the tree's.
 */
export function treeKeyAction(rows: readonly TreeRow[], index: number, key: string): TreeKeyAction | null {
  const row = rows[index];
  if (!row) return null;
  switch (key) {
    case 'ArrowDown':
      return index < rows.length - 1 ? { type: 'focus', index: index + 1 } : null;
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', index: index - 1 } : null;
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (!row.expandable) return null;
      return row.expanded ? { type: 'focus', index: index + 1 } : { type: 'expand', ids: [row.node.pageID] };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', id: row.node.pageID };
      // The parent is the nearest row above at a lower level.
      for (let i = index - 1; i >= 0; i -= 1) if (rows[i]!.level < row.level) return { type: 'focus', index: i };
      return null;
    }
    case 'Enter':
      return { type: 'open', id: row.node.pageID };
    case '*': {
      const siblings = rows.filter((other) => other.node.parentID === row.node.parentID && other.expandable && !other.expanded);
      return siblings.length > 0 ? { type: 'expand', ids: siblings.map((other) => other.node.pageID) } : null;
    }
    default:
      return null;
  }
}
