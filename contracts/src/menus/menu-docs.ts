import type { MenuItem, MenuKind } from './menu';

/**
 * The read-model documents of the menus projection, shared by the projector (which writes them)
 * and the query service (which reads them and answers the views of ./menu.ts).
 */

/** menus, by menu id: the editor's view of a menu (pages by id; the reader joins menu_pages). */
export type MenuDoc = Record<string, unknown> & {
  id: string;
  locale: string;
  kind: MenuKind;
  revision: number;
  draft: { version: number; items: MenuItem[]; savedAt: string; savedBy: string };
  published: { version: number; items: MenuItem[]; publishedAt: string; publishedBy: string } | null;
};

/** menu_pages, by page id: the projection's own memory of every page a menu could name. */
export type MenuPageDoc = Record<string, unknown> & {
  id: string;
  locale: string;
  slug: string;
  /** The draft's title. */
  title: string;
  /** The published version's title; null while the page is not on the site. */
  publishedTitle: string | null;
  deleted: boolean;
  revision: number;
};

/** Where a live page of a public menu is: enough for its link (the path follows the default locale, read with it). */
export interface PublicMenuPage {
  locale: string;
  slug: string;
  title: string;
}

/**
 * public_menus, by menu id: the published tree with the live pages it names (only those), kept
 * current by the page events, so the site reads one document per menu.
 */
export type PublicMenuDoc = Record<string, unknown> & {
  id: string;
  locale: string;
  kind: MenuKind;
  items: MenuItem[];
  pages: Record<string, PublicMenuPage>;
};
