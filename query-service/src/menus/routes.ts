import { menuStream } from '@pagelog/contracts/events/menu-events';
import {
  menuIdOf,
  menuKinds,
  menuPageIds,
  menuRules,
  resolveMenu,
  type MenuItem,
  type MenuKind,
  type MenuPageInfo,
  type MenuPageTarget,
  type MenuView,
  type PublicMenus,
} from '@pagelog/contracts/menus/menu';
import type { MenuDoc, MenuPageDoc, PublicMenuDoc } from '@pagelog/contracts/menus/menu-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { publicPath } from '@pagelog/contracts/slugs';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { nameResolver } from '../core/names';
import type { QueryDeps, UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';
import { menuHistoryOf } from './history';

const menus = readModels.menus.collection;
const menuPages = readModels.menuPages.collection;
const publicMenus = readModels.publicMenus.collection;

/** Where a page a menu names stands, for the editor (anything but live is a dead link). */
function pageInfo(pageID: string, doc: MenuPageDoc | undefined, defaultLocale: string): MenuPageInfo {
  if (!doc) return { pageID, state: 'unknown', title: '', path: '', locale: '' };
  const state = doc.deleted ? 'deleted' : doc.publishedTitle === null ? 'not-published' : 'live';
  return { pageID, state, title: doc.title, path: publicPath(doc.locale, doc.slug, defaultLocale), locale: doc.locale };
}

/** A tree resolved as the site shows it, from the pages' places and titles. */
function resolved(items: readonly MenuItem[], target: (pageID: string) => { locale: string; slug: string; title: string } | null, defaultLocale: string) {
  return resolveMenu(items, (pageID): MenuPageTarget | null => {
    const page = target(pageID);
    return page ? { path: publicPath(page.locale, page.slug, defaultLocale), title: page.title } : null;
  });
}

const byKind = <T>(make: (kind: MenuKind) => T) => Object.fromEntries(menuKinds.map((kind) => [kind, make(kind)])) as Record<MenuKind, T>;

/**
 * What the public site shows of a locale's menus: the published trees, only live items, page links
 * at their paths now. The route answers with it; the embedded site calls it in-process.
 */
export async function readPublicMenus(deps: QueryDeps, locale: string): Promise<PublicMenus> {
  const [docs, settings] = await Promise.all([deps.readModels.getMany<PublicMenuDoc>(publicMenus, menuKinds.map((kind) => menuIdOf(locale, kind))), readSettings(deps)]);
  return byKind((kind) => {
    const doc = docs.get(menuIdOf(locale, kind));
    return doc ? resolved(doc.items, (pageID) => (Object.hasOwn(doc.pages, pageID) ? doc.pages[pageID]! : null), settings.defaultLocale) : [];
  });
}

export function menuRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const fresh = readYourWrites(deps, [readModels.menus.projection, readModels.settings.projection]);

  async function menuView(locale: string, kind: MenuKind): Promise<MenuView> {
    const menuId = menuIdOf(locale, kind);
    const [doc, settings] = await Promise.all([deps.readModels.get<MenuDoc>(menus, menuId), readSettings(deps)]);
    const items = doc?.draft.items ?? [];
    const pageIds = menuPageIds(items);
    const pageDocs = await deps.readModels.getMany<MenuPageDoc>(menuPages, pageIds);
    const names = nameResolver(deps);
    return {
      menuId,
      locale,
      kind,
      revision: doc?.revision ?? 0,
      draft: { version: doc?.draft.version ?? 0, items, savedAt: doc?.draft.savedAt ?? null, savedByName: await names.name(doc?.draft.savedBy) },
      published: doc?.published
        ? { version: doc.published.version, publishedAt: doc.published.publishedAt, publishedByName: await names.name(doc.published.publishedBy) }
        : null,
      hasUnpublishedChanges: !!doc && doc.published?.version !== doc.draft.version,
      pages: Object.fromEntries(pageIds.map((id) => [id, pageInfo(id, pageDocs.get(id), settings.defaultLocale)])),
      rules: menuRules[kind],
    };
  }

  return [
    query('menuGet', fresh, async (ctx, input) => menuView(input.locale, input.kind as MenuKind)),

    /** Who saved, published and restored which version, straight from the menu's stream. */
    query('menuHistory', async (ctx, input) => {
      const events = await readStreamOf(deps.eventStore, menuStream(menuIdOf(input.locale, input.kind as MenuKind)));
      return menuHistoryOf(events, nameResolver(deps));
    }),

    /** The locale's drafts resolved as the site would show them if they were published now. */
    query('menuPreview', fresh, async (ctx, { locale }): Promise<PublicMenus> => {
      const [docs, settings] = await Promise.all([deps.readModels.getMany<MenuDoc>(menus, menuKinds.map((kind) => menuIdOf(locale, kind))), readSettings(deps)]);
      const drafts = byKind((kind) => docs.get(menuIdOf(locale, kind))?.draft.items ?? []);
      const pageDocs = await deps.readModels.getMany<MenuPageDoc>(menuPages, menuPageIds(menuKinds.flatMap((kind) => drafts[kind])));
      const live = (pageID: string) => {
        const page = pageDocs.get(pageID);
        return page && !page.deleted && page.publishedTitle !== null ? { locale: page.locale, slug: page.slug, title: page.publishedTitle } : null;
      };
      return byKind((kind) => resolved(drafts[kind], live, settings.defaultLocale));
    }),

    /** What the public site shows: the published menus, only live items, page links at their paths now. */
    query('menuGetPublic', fresh, async (ctx, { locale }): Promise<PublicMenus> => readPublicMenus(deps, locale)),
  ];
}
