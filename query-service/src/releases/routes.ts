import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReleaseDoc, ReleaseSummary, ReleaseView } from '@pagelog/contracts/releases/release';
import { releaseStatuses } from './statuses';
import { releasePreviewLink } from '../time-travel/routes';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { nameResolver } from '../core/names';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';

const releases = readModels.releases.collection;

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
  const { items: statuses, menus: menuStatuses, pages } = await releaseStatuses(deps, doc);
  const names = nameResolver(deps);
  const history = await Promise.all(doc.history.map(async (entry) => ({ ...entry, byName: await names.name(entry.by) })));
  return {
    releaseID: doc.id,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    items: doc.items.map((item, i) => {
      const page = pages.get(item.pageId);
      return {
        pageID: item.pageId,
        versionID: item.versionId,
        // An open release names each page as it is called now; a published one as it went live.
        title: doc.status === 'open' || doc.status === 'scheduled' ? (page?.title ?? item.title) : item.title,
        locale: item.locale,
        slug: page?.slug ?? item.slug,
        status: statuses[i]!,
        ...(item.previousVersionId !== undefined ? { previousVersionID: item.previousVersionId } : {}),
        ...(item.restoredVersionId !== undefined ? { restoredVersionID: item.restoredVersionId } : {}),
      };
    }),
    menus: (doc.menus ?? []).map((menu, i) => ({
      locale: menu.locale,
      kind: menu.kind,
      version: menu.version,
      status: menuStatuses[i]!,
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
    query('releasePreviewLink', async (ctx, input) => releasePreviewLink(deps, ctx.params.id!, input.hours * 3600_000)),
  ];
}
