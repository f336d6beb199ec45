import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReleaseDoc, ReleaseItemStatus, ReleaseMenuView, ReleaseSummary, ReleaseView } from '@pagelog/contracts/releases/release';
import type { MenuDoc } from '@pagelog/contracts/menus/menu-docs';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { nameResolver } from '../core/names';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';

const releases = readModels.releases.collection;

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
  if (doc?.published?.version === menu.version) return 'live';
  return doc?.draft.version === menu.version ? 'ready' : 'changed';
}

function summaryOf(doc: ReleaseDoc): ReleaseSummary {
  return {
    releaseID: doc.id,
    name: doc.name,
    status: doc.status,
    itemCount: doc.items.length,
    menuCount: doc.menus?.length ?? 0,
    pageIDs: doc.items.map((i) => i.pageId),
    scheduledAt: doc.schedule?.at ?? null,
    publishedAt: doc.publishedAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** GET release/:id: the release, each item with its page's title and status now, and its history with names. */
export async function releaseView(deps: Pick<UserQueryDeps, 'readModels' | 'vault'>, releaseId: string): Promise<ReleaseView> {
  const doc = await deps.readModels.get<ReleaseDoc>(releases, releaseId);
  if (!doc) throw new NotFoundError('PM_01', 'id', 'release');
  const [pages, versions, menus] = await Promise.all([
    deps.readModels.getMany<PageDoc>(readModels.pages.collection, doc.items.map((i) => i.pageId)),
    deps.readModels.getMany<{ revision?: number }>(readModels.pageVersions.collection, doc.items.map((i) => i.versionId)),
    deps.readModels.getMany<MenuDoc>(readModels.menus.collection, (doc.menus ?? []).map((m) => m.menuId)),
  ]);
  const names = nameResolver(deps);
  const history = await Promise.all(doc.history.map(async (entry) => ({ ...entry, byName: await names.name(entry.by) })));
  return {
    releaseID: doc.id,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    items: doc.items.map((item) => {
      const page = pages.get(item.pageId);
      return {
        pageID: item.pageId,
        versionID: item.versionId,
        // An open release names each page as it is called now; a published one as it went live.
        title: doc.status === 'open' || doc.status === 'scheduled' ? (page?.title ?? item.title) : item.title,
        locale: item.locale,
        slug: page?.slug ?? item.slug,
        status: itemStatus(item, page, versions.get(item.versionId)),
        ...(item.previousVersionId !== undefined ? { previousVersionID: item.previousVersionId } : {}),
        ...(item.restoredVersionId !== undefined ? { restoredVersionID: item.restoredVersionId } : {}),
      };
    }),
    menus: (doc.menus ?? []).map((menu) => ({
      locale: menu.locale,
      kind: menu.kind,
      version: menu.version,
      status: menuStatus(menu, menus.get(menu.menuId)),
      ...(menu.previousVersion !== undefined ? { previousVersion: menu.previousVersion } : {}),
      ...(menu.restoredVersion !== undefined ? { restoredVersion: menu.restoredVersion } : {}),
    })),
    schedule: doc.schedule ? { ...doc.schedule, scheduledByName: await names.name(doc.schedule.scheduledBy) } : null,
    createdAt: doc.createdAt,
    createdBy: doc.createdBy,
    publishedAt: doc.publishedAt,
    publishedBy: doc.publishedBy,
    rolledBackAt: doc.rolledBackAt,
    rolledBackBy: doc.rolledBackBy,
    history,
    revision: doc.revision,
  };
}

/** The releases screen's reads (issue 17): for anyone signed in, as the pages' are. */
export function releaseRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const consistent = readYourWrites(deps, [readModels.releases.projection, readModels.pages.projection, readModels.menus.projection]);
  return [
    query('releaseList', consistent, async () => {
      const docs = await deps.readModels.find<ReleaseDoc>(releases, { orderBy: { field: 'updatedAt', direction: 'desc' }, limit: 500 });
      return docs.map(summaryOf);
    }),
    query('releaseGet', consistent, async (ctx) => releaseView(deps, ctx.params.id!)),
  ];
}
