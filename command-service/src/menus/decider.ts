import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import { countMenuItems, menuPageIds, menuRules, sameMenu, walkMenu, type MenuItem, type MenuKind } from '@pagelog/contracts/menus/menu';
import { assertNever, type Decider } from '../core/decider';

/** The rules of one menu (a locale's main, footer or service menu): its draft, publication and history. */

export const MENU_MODEL = 'menu';

export interface MenuState {
  exists: boolean;
  menuId: string;
  locale: string;
  kind: MenuKind;
  /** The draft's version (0: never saved) and tree. */
  draftVersion: number;
  draftItems: MenuItem[];
  /** The version the site shows, or null. */
  publishedVersion: number | null;
  /** Every version's tree, by version: what a restore brings back. */
  versions: ReadonlyMap<number, MenuItem[]>;
}

export const initialMenuState: MenuState = {
  exists: false,
  menuId: '',
  locale: '',
  kind: 'main',
  draftVersion: 0,
  draftItems: [],
  publishedVersion: null,
  versions: new Map(),
};

function withDraft(state: MenuState, data: { menuId: string; locale: string; kind: MenuKind; version: number; items: MenuItem[] }): MenuState {
  return {
    ...state,
    exists: true,
    menuId: data.menuId,
    locale: data.locale,
    kind: data.kind,
    draftVersion: data.version,
    draftItems: data.items,
    versions: new Map(state.versions).set(data.version, data.items),
  };
}

export function evolveMenu(state: MenuState, event: MenuEvent): MenuState {
  switch (event.type) {
    case 'MenuDraftSaved':
    case 'MenuRestored':
      return withDraft(state, event.data);
    case 'MenuPublished':
      return { ...state, publishedVersion: event.data.version };
    default:
      return assertNever(event);
  }
}

export const menuEvolver: Evolver<MenuState, MenuEvent> = { initialState: initialMenuState, evolve: evolveMenu };

/** Which menu a command is for (a menu's first command names it; later ones find it in the state). */
interface MenuRef {
  menuId: string;
  locale: string;
  kind: MenuKind;
}

export type MenuCommand =
  | {
      type: 'SaveMenuDraft';
      data: MenuRef & {
        items: MenuItem[];
        /** Whether the site offers the menu's locale (settings). */
        localeOffered: boolean;
        /** The locale of each page the items name that exists now (a deleted or unknown page is absent). */
        pageLocales: ReadonlyMap<string, string>;
      };
    }
  | { type: 'PublishMenu'; data: Record<string, never> }
  | { type: 'RestoreMenu'; data: { version: number } };

/** The next version number: after every version the menu ever had. */
export const nextVersion = (state: MenuState) => Math.max(0, ...state.versions.keys()) + 1;

/** The property that holds an item (`items[0].children[2]` → `items[0].children`). */
const holderOf = (path: string) => path.replace(/\[\d+\]$/, '');

/**
 * What is wrong with a tree for this menu, as catalogue items naming each place: more items than
 * the kind allows (MN_04), items deeper than it allows (MN_03), an id used twice (V_12), and a page
 * the draft did not name before that does not exist (MN_02) or is of another locale (MN_05). A page
 * the draft already named may stay when it is gone since: the editor flags it as a dead link, and
 * the site leaves it out.
 */
function treeProblems(state: MenuState, data: Extract<MenuCommand, { type: 'SaveMenuDraft' }>['data']): ErrorItem[] {
  const rules = menuRules[data.kind];
  const problems: ErrorItem[] = [];
  const add = (code: string, property: string) => {
    if (!problems.some((p) => p.code === code && p.property === property)) problems.push(errorItem(code, property, MENU_MODEL));
  };
  if (!data.localeOffered) add('V_12', 'locale');
  if (countMenuItems(data.items) > rules.maxItems) add('MN_04', 'items');
  const known = new Set(menuPageIds(state.draftItems));
  const ids = new Set<string>();
  for (const { item, depth, path } of walkMenu(data.items)) {
    if (depth > rules.maxDepth) add('MN_03', holderOf(path));
    if (ids.has(item.id)) add('V_12', `${path}.id`);
    ids.add(item.id);
    if (item.pageID === null || known.has(item.pageID)) continue;
    const locale = data.pageLocales.get(item.pageID);
    if (locale === undefined) add('MN_02', `${path}.pageID`);
    else if (locale !== data.locale) add('MN_05', `${path}.pageID`);
  }
  return problems;
}

export function decideMenu(command: MenuCommand, state: MenuState): MenuEvent[] {
  switch (command.type) {
    case 'SaveMenuDraft': {
      const { items, menuId, locale, kind } = command.data;
      const problems = treeProblems(state, command.data);
      if (problems.length > 0) throw new ValidationError(problems);
      // Saving what the draft already holds makes no new version.
      if (state.exists && sameMenu(items, state.draftItems)) return [];
      return [{ type: 'MenuDraftSaved', data: { menuId, locale, kind, version: nextVersion(state), items } }];
    }
    case 'PublishMenu': {
      if (!state.exists) throw ValidationError.of('MN_07', 'kind', MENU_MODEL);
      if (state.publishedVersion === state.draftVersion) return [];
      const { menuId, locale, kind, draftVersion } = state;
      return [{ type: 'MenuPublished', data: { menuId, locale, kind, version: draftVersion } }];
    }
    case 'RestoreMenu': {
      const { version } = command.data;
      const items = state.versions.get(version);
      if (!items) throw new NotFoundError('MN_06', 'version', MENU_MODEL);
      // The draft holds that tree already: nothing to bring back.
      if (sameMenu(items, state.draftItems)) return [];
      const { menuId, locale, kind } = state;
      return [{ type: 'MenuRestored', data: { menuId, locale, kind, version: nextVersion(state), fromVersion: version, items } }];
    }
    default:
      return assertNever(command);
  }
}

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = { ...menuEvolver, decide: decideMenu };
