import { streamOf } from './event';

import type { MenuItem, MenuKind } from '../menus/menu';

/** A menu's stream: `menu-<id>`, the id naming its locale and kind (menuIdOf). */
export const menuStream = (menuId: string) => streamOf<MenuEvent>(`menu-${menuId}`);

/** What every menu event names: which menu. */
interface MenuRef {
  menuId: string;
  locale: string;
  kind: MenuKind;
}

/** The draft was saved: the whole item tree, as draft version `version` (1, 2, … per menu). */
export interface MenuDraftSaved {
  type: 'MenuDraftSaved';
  data: MenuRef & { version: number; items: MenuItem[] };
}

/**
 * The draft version `version` became what the public site shows; with a release's id, as part of
 * that release, whose own event is where the site changes (issue 17).
 */
export interface MenuPublished {
  type: 'MenuPublished';
  data: MenuRef & { version: number; releaseId?: string };
}

/** An earlier version's tree became the draft again, as the new draft version `version`. */
export interface MenuRestored {
  type: 'MenuRestored';
  data: MenuRef & { version: number; fromVersion: number; items: MenuItem[] };
}

export type MenuEvent = MenuDraftSaved | MenuPublished | MenuRestored;
