export type PaginationItem = { kind: 'page'; pageIndex: number } | { kind: 'ellipsis'; after: number };

/**
 * The entries of the pagination control (spec section 2): always the first and last page, the
 * current page with `siblings` pages either side, and an ellipsis for every gap. A gap of a single
 * page shows that page instead, since an ellipsis would take the same room. Indexes are 0-based;
 * the control shows them 1-based. Empty at one page or fewer: the control is hidden then.
 */
export function paginationItems(pageIndex: number, pageCount: number, siblings = 1): PaginationItem[] {
  if (pageCount <= 1) return [];
  const last = pageCount - 1;
  const current = Math.min(Math.max(0, pageIndex), last);
  const shown = new Set<number>([0, last]);
  for (let index = current - siblings; index <= current + siblings; index++) {
    if (index >= 0 && index <= last) shown.add(index);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous: number | undefined;
  for (const index of sorted) {
    if (previous !== undefined) {
      if (index - previous === 2) items.push({ kind: 'page', pageIndex: previous + 1 });
      else if (index - previous > 2) items.push({ kind: 'ellipsis', after: previous });
    }
    items.push({ kind: 'page', pageIndex: index });
    previous = index;
  }
  return items;
}

/** How many pages the items fill (at least one). */
export function pageCountOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / Math.max(1, pageSize)));
}
