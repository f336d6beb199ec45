import type { Context } from 'koa';
import { anchorAvailable } from '@pagelog/contracts/blocks/anchors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { PublicPageAnswer } from '@pagelog/contracts/pages/page';
import { hasPermission } from '@pagelog/contracts/permissions';
import { readModels } from '@pagelog/contracts/read-models';
import type { Access } from '@pagelog/service-kit/auth/access';
import { query, reply, type EndpointRoute, type Reply } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { nameResolver } from '../core/names';
import { readSettings } from '../settings/routes';
import { historyOf } from './history';
import type { PageDoc, RequestDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { listItem, pageDetails, requestView, versionView } from './views';
import { editorBreadcrumbs } from './breadcrumbs';
import { lookupPublicPage, publicPageCards, publicPageList, publishedSiblings } from './public-reads';
import { siteStructureOf } from './site-structure';
import { searchPageDocs, searchPageDocsCapped, sortDocs } from './admin-page-search';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';
import { compareVersions, listVersions } from './compare';
import { exportPageHistory } from './history-export';
import { upcomingSchedules } from './schedules';
import type { TranslationStatusDoc } from '@pagelog/contracts/pages/translation-status';
import { replayState, replaySteps } from './replay';
import { FILE_BODY } from '@pagelog/contracts/endpoints';


const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;
const requests = readModels.publicationRequests.collection;

/**
 * The published page for a public path as get-by-slug answers it (lookupPublicPage): an old path
 * of a page that moved answers 301 with the page's path now; no page answers the locale's "404"
 * page with status 404 (or no page when there is none).
 */
async function answerBySlug(deps: UserQueryDeps, ctx: Context, path: string): Promise<PublicPageAnswer | Reply<PublicPageAnswer>> {
  const found = await lookupPublicPage(deps, path);
  if (found.kind === 'page') return { page: found.page };
  if (found.kind === 'redirect') {
    ctx.set('Location', found.location);
    return reply({ page: null, redirect: found.location }, { status: 301 });
  }
  return reply({ page: found.page }, { status: 404, errors: [errorItem('PM_01', 'slug', 'page')] });
}

export function pageRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const admin = readYourWrites(deps, [readModels.pages.projection]);
  // The page searches read the search index's admin target too (issue 15).
  const adminSearch = readYourWrites(deps, [readModels.pages.projection], ['admin']);
  // A public page names its public tags (the tags projection), and lists may be filtered by one.
  const publicSite = readYourWrites(deps, [readModels.publicPages.projection, readModels.settings.projection, readModels.tags.projection]);

  async function listItems(docs: PageDoc[]) {
    const names = nameResolver(deps);
    const { defaultLocale } = await readSettings(deps);
    return Promise.all(docs.map((d) => listItem(d, names, defaultLocale)));
  }

  return [
    query('pageGetBySlugQuery', publicSite, async (ctx, { slug }) => {
      return answerBySlug(deps, ctx, slug);
    }),

    query('pageGetBySlug', publicSite, async (ctx, { slug }) => {
      return answerBySlug(deps, ctx, slug);
    }),

    /** The published pages of a page's translation group, for the public site's language switcher. */
    query('pageGetSiblingSlugs', publicSite, async (ctx) => {
      const siblings = await publishedSiblings(deps, ctx.params.pageID!);
      if (!siblings) throw new NotFoundError('PM_01', 'pageID', 'page');
      return siblings;
    }),

    /** Published pages as cards, for the public site's cards blocks and links by page id. */
    query('pagePublicCards', publicSite, async (_ctx, { pageIDs }) => publicPageCards(deps, pageIDs)),

    /** A locale's published pages, newest first, for the public site's overviews and "latest" cards. */
    query('pagePublicList', publicSite, async (_ctx, q) => publicPageList(deps, q)),

    query('pageList', adminSearch, async (ctx, q) => {
      const where: Record<string, string> = {};
      if (q.type) where.type = q.type;
      if (q.locale) where.locale = q.locale;
      if (q.status) where.status = q.status;
      if (q.changedBy === 'me') where.updatedBy = (ctx.state.user as Access).userId;
      const direction = q.sortOrder === 'desc' ? ('desc' as const) : ('asc' as const);
      if (q.searchTerm) {
        // Best match first unless a column is chosen; the index finds, the read model fills the columns.
        const { docs: found, truncated } = await searchPageDocsCapped(deps, { term: q.searchTerm, ...where });
        const ordered = q.columnToSort ? sortDocs(found, q.columnToSort, direction) : found;
        const items = await listItems(ordered.slice(q.pageIndex * q.pageSize, (q.pageIndex + 1) * q.pageSize));
        return { items, totalItems: ordered.length, ...(truncated ? { truncated } : {}) };
      }
      const orderBy = q.columnToSort ? { field: q.columnToSort, direction } : { field: 'updatedAt', direction: 'desc' as const };
      const [docs, totalItems] = await Promise.all([
        deps.readModels.find<PageDoc>(pages, { where, orderBy, limit: q.pageSize, offset: q.pageIndex * q.pageSize }),
        deps.readModels.count(pages, { where }),
      ]);
      return { items: await listItems(docs), totalItems };
    }),

    query('pageSearch', adminSearch, async (ctx, q) => {
      if (q.searchTerm) return listItems(await searchPageDocs(deps, { term: q.searchTerm, ...(q.locale ? { locale: q.locale } : {}) }, 20));
      const docs = await deps.readModels.find<PageDoc>(pages, { where: q.locale ? { locale: q.locale } : {}, orderBy: { field: 'title', direction: 'asc' }, limit: 20 });
      return listItems(docs);
    }),

    query('pageGetPages', admin, async (ctx, q) => {
      const where: Record<string, string> = {};
      if (q.type) where.type = q.type;
      if (q.locale) where.locale = q.locale;
      const docs = await deps.readModels.find<PageDoc>(pages, { where, orderBy: { field: 'title', direction: 'asc' }, limit: 1000 });
      return listItems(docs);
    }),

    /** Every page of a locale as a tree by path (the page overview's site structure). */
    query('pageSiteStructure', admin, async (ctx, q) => {
      const { defaultLocale } = await readSettings(deps);
      return siteStructureOf(deps, q.locale || defaultLocale, defaultLocale);
    }),

    query('pageGetMultiple', admin, async (ctx, q) => {
      const found = await deps.readModels.getMany<PageDoc>(pages, q.pageIDs);
      const docs = q.pageIDs.map((id) => found.get(id)).filter((d): d is PageDoc => !!d && (!q.locale || d.locale === q.locale));
      return listItems(docs);
    }),

    query('pageAnchorAvailable', async (ctx, q) => {
      return { available: anchorAvailable(q.anchorName, q.blockKey, q.pageVersionBlocks) };
    }),

    /** The open publication requests: every one for a reviewer, one's own for anyone else. */
    query('pageFetchRequest', admin, async (ctx) => {
      const user = ctx.state.user as Access;
      const reviewer = hasPermission(user.permissions, 'review-publication');
      const docs = await deps.readModels.find<RequestDoc>(requests, {
        where: reviewer ? { status: 'requested' } : { status: 'requested', requestedBy: user.userId },
        orderBy: { field: 'requestedAt', direction: 'asc' },
      });
      const names = nameResolver(deps);
      return Promise.all(docs.map((d) => requestView(d, names)));
    }),

    query('pageFetchRequestComment', admin, async (ctx) => {
      const version = await deps.readModels.get<VersionDoc>(versions, ctx.params.id!);
      if (!version) throw new NotFoundError('PM_01', 'id', 'publicationRequest');
      const doc = version.publicationRequestId ? await deps.readModels.get<RequestDoc>(requests, version.publicationRequestId) : null;
      const request = doc ? await requestView(doc, nameResolver(deps)) : null;
      return { comment: request?.comment ?? '', request };
    }),

    query('pageVersions', admin, async (ctx) => listVersions(deps, ctx.params.id!)),
    query('pageSchedules', admin, async () => upcomingSchedules(deps)),
    query('pageTranslationStatus', readYourWrites(deps, [readModels.pages.projection, readModels.translationStatus.projection]), async (ctx) => {
      const page = await deps.readModels.get<PageDoc>(readModels.pages.collection, ctx.params.id!);
      if (!page) throw new NotFoundError('PM_01', 'id', 'page');
      const doc = await deps.readModels.get<TranslationStatusDoc>(readModels.translationStatus.collection, page.id);
      return { sourcePageId: doc?.sourcePageId ?? null, stale: doc?.stale ?? [] };
    }),
    query('pageReplay', async (ctx) => replaySteps(deps, ctx.params.id!)),
    query('pageReplayState', async (ctx) => {
      const revision = /^\d{1,9}$/.test(ctx.params.revision ?? '') ? Number(ctx.params.revision) : Number.NaN;
      if (!Number.isSafeInteger(revision) || revision < 1) throw new NotFoundError('PM_01', 'revision', 'page');
      return replayState(deps, ctx.params.id!, revision);
    }),
    query('pageHistoryExport', async (ctx) => {
      const now = new Date();
      const body = await exportPageHistory(deps, ctx.params.id!, now);
      ctx.set('Content-Type', 'application/json; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="page-history-${encodeURIComponent(ctx.params.id!)}-${now.toISOString().slice(0, 10)}.json"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 200;
      ctx.body = `${JSON.stringify(body, null, 2)}\n`;
      return FILE_BODY;
    }),
    query('pageCompare', admin, async (ctx, q) => compareVersions(deps, ctx.params.id!, q.from, q.to)),

    query('pageVersionFetch', admin, async (ctx) => {
      const doc = await deps.readModels.get<VersionDoc>(versions, ctx.params.versionId!);
      if (!doc) throw new NotFoundError('PM_01', 'versionId', 'pageVersion');
      const request = doc.publicationRequestId ? await deps.readModels.get<RequestDoc>(requests, doc.publicationRequestId) : null;
      return { pageVersion: versionView(doc, request ? await requestView(request, nameResolver(deps)) : null) };
    }),

    /** Who did what to the page, straight from its event stream (no projection in between). */
    query('pageHistory', async (ctx) => {
      const events = await readStreamOf(deps.eventStore, pageStream(ctx.params.id!));
      // A stream with nothing but a fence in it is a page that was never created.
      if (!events.some((e) => e.type === 'PageCreated')) throw new NotFoundError('PM_01', 'id', 'page');
      return historyOf(events, nameResolver(deps));
    }),

    query('pageGet', admin, async (ctx) => {
      const doc = await deps.readModels.get<PageDoc>(pages, ctx.params.id!);
      if (!doc) throw new NotFoundError('PM_01', 'id', 'page');
      const [group, settings] = await Promise.all([
        deps.readModels.find<PageDoc>(pages, { where: { translationGroupId: doc.translationGroupId } }),
        readSettings(deps),
      ]);
      const user = ctx.state.user as Access;
      const breadcrumbs = await editorBreadcrumbs(deps, doc, settings.defaultLocale);
      const details = await pageDetails(doc, group, breadcrumbs, nameResolver(deps), settings.defaultLocale, { userId: user.userId, permissions: user.permissions.map((p) => p.name) });
      // The Translations tab: how many blocks of each translation made from this page are behind it (issue 17).
      const statuses = await deps.readModels.getMany<TranslationStatusDoc>(readModels.translationStatus.collection, details.translations.map((t) => t.pageID));
      details.translations = details.translations.map((t) => {
        const status = statuses.get(t.pageID);
        return status?.sourcePageId === doc.id ? { ...t, staleBlocks: status.stale.length } : t;
      });
      return details;
    }),
  ];
}
