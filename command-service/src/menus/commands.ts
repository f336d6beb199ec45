import { menuStream } from '@pagelog/contracts/events/menu-events';
import { menuIdOf, menuPageIds, type MenuItem, type MenuKind, type SavedMenu } from '@pagelog/contracts/menus/menu';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import type { HandleResult } from '../core/handle';
import { readSettings } from '../pages/settings';
import { menuDecider, type MenuCommand, type MenuState } from './decider';
import type { MenuLookups } from './menu-lookups';
import type { MenuEvent } from '@pagelog/contracts/events/menu-events';

/** What the menu commands need: the event store and handle, and the page look-up. */
export interface MenuDeps extends CommandDeps {
  menuLookups: MenuLookups;
}

/** Which menu, and the stream revision the editor based its command on. */
export interface MenuTarget {
  locale: string;
  kind: MenuKind;
  revision: number;
}

type Committed = SavedMenu & { position: number };

/** A 409 names the menu as it is now, so the editor can show what it would overwrite. */
function describeConflict(state: MenuState) {
  return { conflicts: ['revision'], current: { draftVersion: state.draftVersion, publishedVersion: state.publishedVersion, items: state.draftItems } };
}

async function run(deps: CommandDeps, target: MenuTarget, command: MenuCommand, context: CommandContext): Promise<Committed> {
  const menuId = menuIdOf(target.locale, target.kind);
  let after: MenuState = menuDecider.initialState;
  const result: HandleResult<MenuEvent> = await deps.handle(
    menuStream(menuId),
    target.revision,
    menuDecider,
    (state) => {
      const events = menuDecider.decide(command, state);
      after = events.reduce(menuDecider.evolve, state);
      return events;
    },
    context,
    { describeConflict },
  );
  return { menuId, revision: result.revision, draftVersion: after.draftVersion, publishedVersion: after.publishedVersion, position: result.position };
}

/** Saves the whole tree as the menu's new draft version (nothing when it is the draft already). */
export async function saveMenuDraft(deps: MenuDeps, input: MenuTarget & { items: MenuItem[] }, context: CommandContext): Promise<Committed> {
  const [settings, pageLocales] = await Promise.all([readSettings(deps.store), deps.menuLookups.pageLocales(menuPageIds(input.items))]);
  // Before the settings are seeded every known locale is taken, as for pages.
  const localeOffered = !settings || (settings.availableLocales as readonly string[]).includes(input.locale);
  const { locale, kind, items } = input;
  return run(deps, input, { type: 'SaveMenuDraft', data: { menuId: menuIdOf(locale, kind), locale, kind, items, localeOffered, pageLocales } }, context);
}

/** The draft becomes what the site shows. */
export function publishMenu(deps: CommandDeps, input: MenuTarget, context: CommandContext): Promise<Committed> {
  return run(deps, input, { type: 'PublishMenu', data: {} }, context);
}

/** An earlier version's tree becomes the draft (a new version); publishing it is a step of its own. */
export function restoreMenu(deps: CommandDeps, input: MenuTarget & { version: number }, context: CommandContext): Promise<Committed> {
  return run(deps, input, { type: 'RestoreMenu', data: { version: input.version } }, context);
}
