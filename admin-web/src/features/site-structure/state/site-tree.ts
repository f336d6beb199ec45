import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';

/** The site structure's nodes with the look-ups the screen needs, built once per answer. */
export interface SiteTree {
  /** Depth first, as the server answers them. */
  nodes: readonly SiteStructureNode[];
  byId: ReadonlyMap<string, SiteStructureNode>;
  /** The children of each node in order; the top level under null. */
  children: ReadonlyMap<string | null, readonly SiteStructureNode[]>;
}

export function indexTree(nodes: readonly SiteStructureNode[]): SiteTree {
  const byId = new Map<string, SiteStructureNode>();
  const children = new Map<string | null, SiteStructureNode[]>();
  for (const node of nodes) {
    byId.set(node.pageID, node);
    const siblings = children.get(node.parentID);
    if (siblings) siblings.push(node);
    else children.set(node.parentID, [node]);
  }
  return { nodes, byId, children };
}

/** One visible line of the tree, with what role=treeitem needs (aria-level, -setsize, -posinset, -expanded). */
export interface TreeRow {
  node: SiteStructureNode;
  /** 1 at the top (aria-level). */
  level: number;
  setSize: number;
  posInSet: number;
  /** Whether it has children to show (under a search: children that are shown). */
  expandable: boolean;
  expanded: boolean;
  /** Whether it matches the search (every row does without one); the others are shown as the way to a match. */
  match: boolean;
}

/** The search as it is compared: trimmed and lower-cased; '' is no search. */
export function normaliseTerm(term: string): string {
  return term.trim().toLocaleLowerCase();
}

/** Whether a page matches a (normalised, non-empty) search term: in its title or its path. */
export function matchesTerm(node: Pick<SiteStructureNode, 'title' | 'path'>, term: string): boolean {
  return node.title.toLocaleLowerCase().includes(term) || node.path.toLocaleLowerCase().includes(term);
}

/** The ids of a node's ancestors, the nearest first. */
export function ancestorIds(tree: SiteTree, id: string): string[] {
  const ids: string[] = [];
  for (let parent = tree.byId.get(id)?.parentID ?? null; parent !== null; parent = tree.byId.get(parent)?.parentID ?? null) ids.push(parent);
  return ids;
}

/** The ids of every node below a node. */
export function descendantIds(tree: SiteTree, id: string): Set<string> {
  const found = new Set<string>();
  const stack = [...(tree.children.get(id) ?? [])];
  while (stack.length > 0) {
    const node = stack.pop()!;
    found.add(node.pageID);
    stack.push(...(tree.children.get(node.pageID) ?? []));
  }
  return found;
}

/**
 * What a search shows: the pages that match it and their ancestors (the way to them), or null
 * without a search (everything).
 */
export function searchScope(tree: SiteTree, term: string): { shown: Set<string>; matches: Set<string> } | null {
  const normalised = normaliseTerm(term);
  if (normalised === '') return null;
  const shown = new Set<string>();
  const matches = new Set<string>();
  for (const node of tree.nodes) {
    if (!matchesTerm(node, normalised)) continue;
    matches.add(node.pageID);
    // Stops at an ancestor already shown: its own ancestors are shown too.
    for (let id: string | null = node.pageID; id !== null && !shown.has(id); id = tree.byId.get(id)?.parentID ?? null) shown.add(id);
  }
  return { shown, matches };
}

/** The nodes to open so every match of a search is in sight: the ancestors of the matches. */
export function expandedForSearch(tree: SiteTree, term: string): Set<string> {
  const scope = searchScope(tree, term);
  if (!scope) return new Set();
  const open = new Set<string>();
  for (const id of scope.shown) {
    const parent = tree.byId.get(id)?.parentID ?? null;
    if (parent !== null) open.add(parent);
  }
  return open;
}

/**
 * The visible lines of the tree, top to bottom: the children of expanded nodes, and under a search
 * only the matches and their ancestors. Linear in the number of nodes shown (and, with a search,
 * in the number of nodes).
 */
export function visibleRows(tree: SiteTree, expanded: ReadonlySet<string>, term = ''): TreeRow[] {
  const scope = searchScope(tree, term);
  const childrenOf = (id: string | null): readonly SiteStructureNode[] => {
    const all = tree.children.get(id) ?? [];
    return scope ? all.filter((child) => scope.shown.has(child.pageID)) : all;
  };
  const rows: TreeRow[] = [];
  const stack: { node: SiteStructureNode; level: number; setSize: number; posInSet: number }[] = [];
  const pushChildren = (id: string | null, level: number) => {
    const children = childrenOf(id);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ node: children[i]!, level, setSize: children.length, posInSet: i + 1 });
  };
  pushChildren(null, 1);
  while (stack.length > 0) {
    const { node, level, setSize, posInSet } = stack.pop()!;
    const expandable = childrenOf(node.pageID).length > 0;
    const isExpanded = expandable && expanded.has(node.pageID);
    rows.push({ node, level, setSize, posInSet, expandable, expanded: isExpanded, match: scope ? scope.matches.has(node.pageID) : true });
    if (isExpanded) pushChildren(node.pageID, level + 1);
  }
  return rows;
}
