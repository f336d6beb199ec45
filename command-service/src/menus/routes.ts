import type { MenuItem, MenuKind } from '@pagelog/contracts/menus/menu';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../core/route-context';
import { publishMenu, restoreMenu, saveMenuDraft, type MenuDeps } from './commands';

/** The menu commands (manage-menu, from the endpoint table): save the draft, publish it, restore a version. */
export function menuRoutes(deps: MenuDeps & { clock: () => number }): EndpointRoute[] {
  return [
    command('menuSaveDraft', async (ctx, input) => {
      // The schema has checked every level's shape; its inferred type spells the levels out.
      const items = input.items as MenuItem[];
      return saveMenuDraft(deps, { locale: input.locale, kind: input.kind as MenuKind, revision: input.revision, items }, contextOf(ctx, deps.clock));
    }),
    command('menuPublish', async (ctx, input) => publishMenu(deps, { locale: input.locale, kind: input.kind as MenuKind, revision: input.revision }, contextOf(ctx, deps.clock))),
    command('menuRestore', async (ctx, input) =>
      restoreMenu(deps, { locale: input.locale, kind: input.kind as MenuKind, revision: input.revision, version: input.version }, contextOf(ctx, deps.clock)),
    ),
  ];
}
