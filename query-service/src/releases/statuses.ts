import type { MenuDoc } from '@pagelog/contracts/menus/menu-docs';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import { releaseMenuStatus, type ReleaseDoc, type ReleaseItemStatus, type ReleaseMenuView } from '@pagelog/contracts/releases/release';
import type { QueryDeps } from '../core/query-deps';

/** Where an open release's item stands against its page now (the admin's pages read model). */
function itemStatus(item: { versionId: string; pageRevision?: number }, page: PageDoc | undefined, version: { revision?: number } | undefined): ReleaseItemStatus {
  if (!page || page.deleted) return 'gone';
  if (page.publishedVersionID === item.versionId) return 'live';
  if (page.draftVersionID !== item.versionId) return 'changed';
  // Stored into since it was added (the version's document moves with each store): not what the publisher saw.
  return item.pageRevision !== undefined && (version?.revision ?? 0) > item.pageRevision ? 'changed' : 'ready';
}

/** Where a menu change stands against the menu now (the editor's menus read model). */
function menuStatus(menu: { version: number }, doc: MenuDoc | undefined): ReleaseMenuView['status'] {
  return releaseMenuStatus(menu.version, { draftVersion: doc?.draft.version ?? null, publishedVersion: doc?.published?.version ?? null });
}

/**
 * Each item's and menu change's status, in the release's order: the same words as the release
 * rules' (a publication goes ahead only when every one is ready), for the release screen and for
 * time travel's preview of it.
 */
export async function releaseStatuses(deps: Pick<QueryDeps, 'readModels'>, doc: ReleaseDoc): Promise<{ items: ReleaseItemStatus[]; menus: ReleaseMenuView['status'][]; pages: ReadonlyMap<string, PageDoc> }> {
  const menus = doc.menus ?? [];
  const [pages, versions, menuDocs] = await Promise.all([
    deps.readModels.getMany<PageDoc>(readModels.pages.collection, doc.items.map((i) => i.pageId)),
    deps.readModels.getMany<{ revision?: number }>(readModels.pageVersions.collection, doc.items.map((i) => i.versionId)),
    deps.readModels.getMany<MenuDoc>(readModels.menus.collection, menus.map((m) => m.menuId)),
  ]);
  return {
    items: doc.items.map((item) => itemStatus(item, pages.get(item.pageId), versions.get(item.versionId))),
    menus: menus.map((menu) => menuStatus(menu, menuDocs.get(menu.menuId))),
    pages,
  };
}
