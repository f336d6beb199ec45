import { readLinkTarget } from '../blocks/link-target';

/**
 * The site's menus (issue 13): per locale a main menu with sub-items, a footer menu and a service
 * menu (legal links). An item points at a page by its id, so a page's move or rename changes the
 * menu's link by itself, or at an external address; it has a label of its own or shows the
 * page's title.
 */

export const menuKinds = ['main', 'footer', 'service'] as const;
export type MenuKind = (typeof menuKinds)[number];

export function isMenuKind(value: unknown): value is MenuKind {
  return typeof value === 'string' && (menuKinds as readonly string[]).includes(value);
}

/**
 * How deep a menu may nest and how many items it may hold in all. The main menu takes three
 * levels (a bar, its drop-downs, and one list inside a drop-down): deeper menus cannot be used on
 * a phone or by keyboard. The footer and service menus are flat lists of links shown on every
 * page, so one level; the service menu holds the few legal links. The counts bound the HTML every
 * page carries.
 */
export const menuRules: Record<MenuKind, { maxDepth: number; maxItems: number }> = {
  main: { maxDepth: 3, maxItems: 100 },
  footer: { maxDepth: 1, maxItems: 30 },
  service: { maxDepth: 1, maxItems: 15 },
};

/** The deepest any menu goes (the request schema's shape stops there). */
export const MAX_MENU_DEPTH = Math.max(...Object.values(menuRules).map((r) => r.maxDepth));
/** The most items any menu holds. */
export const MAX_MENU_ITEMS = Math.max(...Object.values(menuRules).map((r) => r.maxItems));
export const MAX_MENU_LABEL_LENGTH = 100;
export const MAX_MENU_URL_LENGTH = 2048;
/** Spec sections 5 and 9: the menu item search needs 3 or more characters. */
export const MENU_SEARCH_MIN_LENGTH = 3;
/** What an item id may look like (the editor makes them; a UUID fits). */
export const menuItemIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A menu is named by what it is for, so it needs no creation step and no claim on a name. */
export function menuIdOf(locale: string, kind: MenuKind): string {
  return `${locale}-${kind}`;
}

/** One item of a menu as it is stored: exactly one of pageID and url is set. */
export interface MenuItem {
  id: string;
  /** Its own label; empty: the page's title. An external link always has one. */
  label: string;
  pageID: string | null;
  url: string | null;
  children: MenuItem[];
}

/**
 * A link as the public site shows it (GET /menu/get-public): only live items, page items with
 * their page's public path and (without a label of their own) its published title.
 */
export interface MenuLink {
  id: string;
  label: string;
  href: string;
  external: boolean;
  pageID: string | null;
  children: MenuLink[];
}

/** A locale's three menus as the site reads them. */
export interface PublicMenus {
  main: MenuLink[];
  footer: MenuLink[];
  service: MenuLink[];
}

/**
 * Whether an external address may stand in a menu: an http(s), mailto or tel URL as the product's
 * one link rule reads it (never javascript:, data: or a `//host`). Paths on this site are not
 * taken: a page is linked by its id, so the link follows it when it moves.
 */
export function isMenuUrl(value: string): boolean {
  const target = readLinkTarget(value);
  return target !== null && target.href === value && (target.kind === 'web' || target.kind === 'mailto' || target.kind === 'tel');
}

/** Every item of a tree with its depth (1 for the top level) and its property path, depth first. */
export function* walkMenu(items: readonly MenuItem[], depth = 1, path = 'items'): Generator<{ item: MenuItem; depth: number; path: string }> {
  for (const [i, item] of items.entries()) {
    const at = `${path}[${i}]`;
    yield { item, depth, path: at };
    yield* walkMenu(item.children, depth + 1, `${at}.children`);
  }
}

export function countMenuItems(items: readonly MenuItem[]): number {
  let count = 0;
  for (const _ of walkMenu(items)) count++;
  return count;
}

/** The ids of the pages a tree names, each once. */
export function menuPageIds(items: readonly MenuItem[]): string[] {
  const ids = new Set<string>();
  for (const { item } of walkMenu(items)) if (item.pageID) ids.add(item.pageID);
  return [...ids];
}

/** Whether two trees are the same (labels, targets, order and nesting). */
export function sameMenu(a: readonly MenuItem[], b: readonly MenuItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.id === y.id && x.label === y.label && x.pageID === y.pageID && x.url === y.url && sameMenu(x.children, y.children);
    })
  );
}

/** What a menu needs to know of a page to link it on the public site: its place, and its title there. */
export interface MenuPageTarget {
  /** The public path (root path for the default locale, `/{locale}/{slug}` otherwise). */
  path: string;
  /** The published version's title. */
  title: string;
}

/**
 * A menu as the public site shows it: page items whose page is live get its path (and title,
 * without a label of their own); an item whose page is not live (unpublished, deleted, unknown)
 * drops out with its sub-items, as there is nothing to open them from.
 */
export function resolveMenu(items: readonly MenuItem[], pageTarget: (pageID: string) => MenuPageTarget | null): MenuLink[] {
  const links: MenuLink[] = [];
  for (const item of items) {
    const children = resolveMenu(item.children, pageTarget);
    if (item.url !== null) {
      links.push({ id: item.id, label: item.label, href: item.url, external: true, pageID: null, children });
      continue;
    }
    const target = item.pageID ? pageTarget(item.pageID) : null;
    if (!target) continue;
    links.push({ id: item.id, label: item.label || target.title, href: target.path, external: false, pageID: item.pageID, children });
  }
  return links;
}

/** Where a page a menu names stands: live on the site, not published (now), deleted, or never known. */
export type MenuPageState = 'live' | 'not-published' | 'deleted' | 'unknown';

/** A page a menu names, as the editor shows it; anything but `live` is a dead link. */
export interface MenuPageInfo {
  pageID: string;
  state: MenuPageState;
  /** The draft's title ('' for an unknown page). */
  title: string;
  /** The public path it has (or would have once published); '' for an unknown page. */
  path: string;
  locale: string;
}

/** A menu as the editor reads it (GET /menu/get): its draft, what is published, and the pages it names. */
export interface MenuView {
  menuId: string;
  locale: string;
  kind: MenuKind;
  /** The menu stream's revision, for the next command (0: never saved). */
  revision: number;
  /** The draft (version 0 and no items: never saved). */
  draft: { version: number; items: MenuItem[]; savedAt: string | null; savedByName: string };
  published: { version: number; publishedAt: string; publishedByName: string } | null;
  /** The draft differs from what the site shows. */
  hasUnpublishedChanges: boolean;
  /** Every page the draft names, by id. */
  pages: Record<string, MenuPageInfo>;
  rules: { maxDepth: number; maxItems: number };
}

/** One event of a menu's stream, for its history (GET /menu/history), oldest first. */
export interface MenuHistoryEntry {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actorId: string;
  actorName: string;
  /** The draft version the event made or published. */
  version: number;
  /** How many items that version holds. */
  itemCount: number;
  summary: string;
}

/** A menu command's answer. */
export interface SavedMenu {
  menuId: string;
  revision: number;
  draftVersion: number;
  publishedVersion: number | null;
}
