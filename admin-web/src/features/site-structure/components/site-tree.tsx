import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { StatusBadge } from '../../../components/status-badge/status-badge';
import { normaliseTerm, type TreeRow } from '../state/site-tree';
import { treeKeyAction } from '../state/tree-keys';
import { Highlighted } from './highlighted';

/** Every row is one line of this height, so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 44;

interface SiteTreeProps {
  label: string;
  /** The id of a text that says how to use the tree. */
  describedBy?: string;
  rows: readonly TreeRow[];
  /** The page whose row holds the tree's one tab stop. */
  activeId: string | null;
  onActiveChange: (id: string) => void;
  onExpand: (ids: string[]) => void;
  onCollapse: (id: string) => void;
  onOpen: (id: string) => void;
  /** The search, to mark in titles and paths. */
  term: string;
  /** The actions of a row; `tabbable` says whether they are in the tab order (only the active row's are). */
  actions: (node: SiteStructureNode, tabbable: boolean) => ReactNode;
  /** Set to a page id (with a new `seq`) to move focus to that page's row once it is shown. */
  focusRequest?: { id: string; seq: number } | null;
}

/**
 * The pages as a WAI-ARIA tree view, rendered virtually: only the rows in sight (and a few more)
 * are in the document, so thousands of pages stay fast. Each row is a treeitem with its level,
 * its place among its siblings and whether it is expanded, so assistive technology can tell the
 * shape of the tree although the rows are not nested. The tree is one tab stop (the active row),
 * followed by that row's actions; arrow keys move through it (see treeKeyAction).
 */
export function SiteTree({ label, describedBy, rows, activeId, onActiveChange, onExpand, onCollapse, onOpen, term, actions, focusRequest }: SiteTreeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index]?.node.pageID ?? index,
  });
  const marked = normaliseTerm(term);
  const tabStop = rows.some((row) => row.node.pageID === activeId) ? activeId : (rows[0]?.node.pageID ?? null);

  function focusRow(index: number) {
    const row = rows[index];
    if (!row) return;
    pendingFocus.current = row.node.pageID;
    onActiveChange(row.node.pageID);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  // A request from outside (a page just moved) is taken once its row is among the rows.
  const handledRequest = useRef<number | null>(null);
  useEffect(() => {
    if (!focusRequest || handledRequest.current === focusRequest.seq) return;
    const index = rows.findIndex((row) => row.node.pageID === focusRequest.id);
    if (index === -1) return;
    handledRequest.current = focusRequest.seq;
    focusRow(index);
  });

  // After each render: a row asked for focus is there once the virtualiser has rendered it.
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const element = [...(scrollRef.current?.querySelectorAll<HTMLElement>('[data-page-id]') ?? [])].find((candidate) => candidate.dataset.pageId === id);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    // Keys pressed on a row's own actions are theirs.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const action = treeKeyAction(rows, index, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') focusRow(action.index);
    else if (action.type === 'expand') onExpand(action.ids);
    else if (action.type === 'collapse') onCollapse(action.id);
    else onOpen(action.id);
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scrollRef} className="site-tree">
      <div className="site-tree__canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div className="site-tree__items" role="tree" aria-label={label} aria-describedby={describedBy}>
          {items.map((item) => {
            const row = rows[item.index]!;
            const { node } = row;
            return (
              <div
                key={item.key}
                role="treeitem"
                data-page-id={node.pageID}
                className={row.match ? 'site-tree__row' : 'site-tree__row site-tree__row--context'}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                aria-level={row.level}
                aria-setsize={row.setSize}
                aria-posinset={row.posInSet}
                aria-expanded={row.expandable ? row.expanded : undefined}
                tabIndex={node.pageID === tabStop ? 0 : -1}
                onKeyDown={(event) => onKeyDown(event, item.index)}
                onFocus={() => {
                  if (activeId !== node.pageID) onActiveChange(node.pageID);
                }}
              >
                <span className="site-tree__indent" style={{ width: (row.level - 1) * 20 }} />
                <span
                  className="site-tree__toggle"
                  aria-hidden="true"
                  onClick={() => {
                    if (!row.expandable) return;
                    if (row.expanded) onCollapse(node.pageID);
                    else onExpand([node.pageID]);
                  }}
                >
                  {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
                </span>
                {/* The item is named by its content: title, path and status. */}
                <span className="site-tree__title">
                  <Highlighted text={node.title || node.slug} term={marked} />
                </span>
                <code className="site-tree__path path">
                  <Highlighted text={node.path} term={marked} />
                </code>
                <span className="site-tree__status">
                  <StatusBadge status={node.status} reviewRequested={node.hasPublicationRequest} />
                </span>
              </div>
            );
          })}
        </div>
        {/*
          The rows' actions lie over the rows' right-hand ends but outside the tree: a tree item
          holds no buttons (a tree owns tree items only, and an item is named by all its text), so
          they follow the tree in the document, each named after its page, and only the active
          row's are in the tab order.
        */}
        <div className="site-tree__actions-layer">
          {items.map((item) => {
            const { node } = rows[item.index]!;
            return (
              <div
                key={item.key}
                className="site-tree__actions"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onFocus={() => {
                  if (activeId !== node.pageID) onActiveChange(node.pageID);
                }}
              >
                {actions(node, node.pageID === tabStop)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
