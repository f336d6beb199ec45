import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import { menuIdOf, menuKinds, menuPageIds } from '@pagelog/contracts/menus/menu';
import type { MenuDoc, MenuPageDoc, PublicMenuDoc, PublicMenuPage } from '@pagelog/contracts/menus/menu-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const menus = readModels.menus.collection;
const pages = readModels.menuPages.collection;
const publicMenus = readModels.publicMenus.collection;

/** The page events that change what a menu shows of a page: its locale and slug, its titles, whether it is live. */
type PageEventType = 'PageCreated' | 'PageVersionStored' | 'PagePublished' | 'PageUnpublished' | 'PageSlugChanged' | 'PageDeleted';
type Handled = MenuEvent['type'] | PageEventType | 'ReleasePublished' | 'ReleaseRolledBack';

/** What a public menu holds of a live page; null when the page is not on the site. */
function livePage(page: MenuPageDoc | null): PublicMenuPage | null {
  if (!page || page.deleted || page.publishedTitle === null) return null;
  return { locale: page.locale, slug: page.slug, title: page.publishedTitle };
}

const samePage = (a: PublicMenuPage | null, b: PublicMenuPage | null) =>
  a === null || b === null ? a === b : a.locale === b.locale && a.slug === b.slug && a.title === b.title;

/**
 * The page changed how it shows on the site: each published menu of its locale that names it
 * takes the change (a move, a new published title, unpublishing, deleting, publishing again)
 * without a menu event.
 */
async function followPage(uow: UnitOfWork, page: MenuPageDoc): Promise<void> {
  const live = livePage(page);
  for (const kind of menuKinds) {
    const id = menuIdOf(page.locale, kind);
    const doc = await uow.get<PublicMenuDoc>(publicMenus, id);
    if (!doc || !menuPageIds(doc.items).includes(page.id) || samePage(Object.hasOwn(doc.pages, page.id) ? doc.pages[page.id]! : null, live)) continue;
    const { [page.id]: _left, ...others } = doc.pages;
    uow.put(publicMenus, id, { ...doc, pages: live ? { ...others, [page.id]: live } : others } satisfies PublicMenuDoc);
  }
}

/**
 * A handler for an event of a page this projection knows: skipped when it has seen the event.
 * The handler answers the page's change; the page follows in the public menus that name it.
 */
function onPage<K extends Exclude<PageEventType, 'PageCreated'>>(change: (event: RecordedOf<K>, page: MenuPageDoc) => Partial<MenuPageDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const page = await uow.get<MenuPageDoc>(pages, event.data.pageId);
    if (!page || alreadyApplied(page, event)) return;
    const next: MenuPageDoc = { ...page, ...change(event, page), revision: event.revision };
    uow.put(pages, page.id, next);
    // A release's pages show in the menus with the release's own event, all at once (releaseFollows).
    if ((event.data as { releaseId?: string }).releaseId) return;
    if (!samePage(livePage(page), livePage(next))) await followPage(uow, next);
  };
}

/** A release went live or was rolled back: the menus that name its pages follow them all now. */
async function releaseFollows(uow: UnitOfWork, pageIds: readonly string[]): Promise<void> {
  for (const pageId of pageIds) {
    const page = await uow.get<MenuPageDoc>(pages, pageId);
    if (page) await followPage(uow, page);
  }
}

/** The public menu of a menu's published tree, with the live pages it names (only those). */
async function putPublicMenu(uow: UnitOfWork, doc: MenuDoc): Promise<void> {
  if (!doc.published) return;
  const items = doc.published.items;
  const live: Record<string, PublicMenuPage> = {};
  for (const pageId of menuPageIds(items)) {
    const page = livePage(await uow.get<MenuPageDoc>(pages, pageId));
    if (page) live[pageId] = page;
  }
  uow.put(publicMenus, doc.id, { id: doc.id, locale: doc.locale, kind: doc.kind, items, pages: live } satisfies PublicMenuDoc);
}

/** A release's menus (their MenuPublished came before, in the same append) go on the site with its event. */
async function releaseMenusFollow(uow: UnitOfWork, menuIds: readonly string[]): Promise<void> {
  for (const menuId of menuIds) {
    const doc = await uow.get<MenuDoc>(menus, menuId);
    if (doc) await putPublicMenu(uow, doc);
  }
}

/** A new draft (saved or restored): the editor's view changes; the site's waits for publication. */
async function onDraft(event: RecordedOf<'MenuDraftSaved'> | RecordedOf<'MenuRestored'>, uow: UnitOfWork): Promise<void> {
  const d = event.data;
  const doc = await uow.get<MenuDoc>(menus, d.menuId);
  if (alreadyApplied(doc, event)) return;
  const draft = { version: d.version, items: d.items, savedAt: event.metadata.occurredAt, savedBy: event.metadata.actorId };
  uow.put(menus, d.menuId, { id: d.menuId, locale: d.locale, kind: d.kind, published: null, ...doc, draft, revision: event.revision } satisfies MenuDoc);
}

/**
 * The menus: the editor's view of each (draft and published tree, pages by id), the projection's
 * own memory of every page, and each published menu with the live pages it names, which the
 * public site reads. Page events keep the last one current without any menu event.
 */
export const menusProjection = defineProjection<Handled>({
  name: readModels.menus.projection,
  // 3: a release's pages show in the menus from the release's event (issue 17); 4: and its menus.
  version: 4,
  collections: [
    { name: menus, indexes: ['locale'] },
    { name: pages, indexes: [] },
    { name: publicMenus, indexes: ['locale'], temporal: true },
  ],
  prefetch(events) {
    const ids = (types: readonly string[]) => events.filter((e) => types.includes(e.type)).map((e) => (e.data as { pageId?: string; menuId?: string }).pageId ?? (e.data as { menuId: string }).menuId);
    return [
      { collection: pages, ids: [...ids(['PageCreated', 'PageVersionStored', 'PagePublished', 'PageUnpublished', 'PageSlugChanged', 'PageDeleted']), ...events.flatMap((e) => (e.type === 'ReleasePublished' || e.type === 'ReleaseRolledBack' ? (e.data as { items: { pageId: string }[] }).items.map((i) => i.pageId) : []))] },
      { collection: menus, ids: [...ids(['MenuDraftSaved', 'MenuRestored', 'MenuPublished']), ...events.flatMap((e) => (e.type === 'ReleasePublished' || e.type === 'ReleaseRolledBack' ? ((e.data as { menus?: { menuId: string }[] }).menus ?? []).map((m) => m.menuId) : []))] },
    ];
  },
  handlers: {
    MenuDraftSaved: onDraft,
    MenuRestored: onDraft,
    async MenuPublished(event, uow) {
      const d = event.data;
      const doc = await uow.get<MenuDoc>(menus, d.menuId);
      if (!doc || alreadyApplied(doc, event)) return;
      const published = { version: d.version, items: doc.draft.items, publishedAt: event.metadata.occurredAt, publishedBy: event.metadata.actorId };
      const next: MenuDoc = { ...doc, published, revision: event.revision };
      uow.put(menus, d.menuId, next);
      // A release's menu goes on the site with the release's own event, with its pages (releaseMenusFollow).
      if (!d.releaseId) await putPublicMenu(uow, next);
    },
    async PageCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<MenuPageDoc>(pages, d.pageId), event)) return;
      uow.put(pages, d.pageId, { id: d.pageId, locale: d.locale, slug: d.slug, title: d.title, publishedTitle: null, deleted: false, revision: event.revision } satisfies MenuPageDoc);
    },
    PageVersionStored: onPage((event) => ({ title: event.data.title })),
    // The draft's title is what goes live.
    PagePublished: onPage((event, page) => ({ publishedTitle: page.title, slug: event.data.slug })),
    PageUnpublished: onPage(() => ({ publishedTitle: null })),
    PageSlugChanged: onPage((event) => ({ slug: event.data.slug })),
    PageDeleted: onPage(() => ({ publishedTitle: null, deleted: true })),
    async ReleasePublished(event, uow) {
      await releaseMenusFollow(uow, (event.data.menus ?? []).map((m) => m.menuId));
      await releaseFollows(uow, event.data.items.map((i) => i.pageId));
    },
    async ReleaseRolledBack(event, uow) {
      await releaseMenusFollow(uow, (event.data.menus ?? []).map((m) => m.menuId));
      await releaseFollows(uow, event.data.items.map((i) => i.pageId));
    },
  },
});
