import Router from '@koa/router';
import type { Context } from 'koa';
import type {} from 'koa-body';
import { anchorAvailable } from '@pagelog/contracts/blocks/anchors';
import { endpoints } from '@pagelog/contracts/endpoints';
import { ok } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import { hasPermission } from '@pagelog/contracts/permissions';
import { readModels } from '@pagelog/contracts/read-models';
import { NOT_FOUND_SLUG, parsePublicPath, publicPath } from '@pagelog/contracts/slugs';
import { validateInput } from '@pagelog/contracts/validation';
import type { FindOptions } from '@pagelog/storage/read-model-store/read-model-store';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { nameResolver } from '../core/names';
import { readSettings } from '../settings/routes';
import { historyOf } from './history';
import { redirectId, type PageDoc, type PublishedDoc, type RedirectDoc, type RequestDoc, type VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { listItem, pageDetails, requestView, versionView } from './views';


const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;
const requests = readModels.publicationRequests.collection;
const published = readModels.publicPages.collection;
const redirects = readModels.publicRedirects.collection;

function publicView(doc: PublishedDoc): PublicPageView {
  return { slug: doc.slug, type: doc.type, locale: doc.locale, pageVersion: doc.pageVersion };
}

/**
 * The published page for a public path (locale prefix recognised, default locale otherwise).
 * An old path of a page that moved answers 301 with the page's path now; no page answers the
 * locale's "404" page with status 404 (or no page when there is none).
 */
async function answerBySlug(deps: UserQueryDeps, ctx: Context, path: string): Promise<void> {
  const settings = await readSettings(deps);
  const { locale, slug } = parsePublicPath(path.startsWith('/') ? path : `/${path}`, settings.defaultLocale);
  const find = async (s: string) => (await deps.readModels.find<PublishedDoc>(published, { where: { locale, slug: s }, limit: 1 }))[0] ?? null;
  const page = await find(slug);
  if (page && slug !== NOT_FOUND_SLUG) {
    ctx.body = ok({ page: publicView(page) });
    return;
  }
  const redirect = await deps.readModels.get<RedirectDoc>(redirects, redirectId(locale, slug));
  const target = redirect ? await deps.readModels.get<PublishedDoc>(published, redirect.pageId) : null;
  if (target) {
    const location = publicPath(target.locale, target.slug, settings.defaultLocale);
    ctx.status = 301;
    ctx.set('Location', location);
    ctx.body = ok({ page: null, redirect: location });
    return;
  }
  const notFound = await find(NOT_FOUND_SLUG);
  ctx.status = 404;
  ctx.body = { Success: false, Errors: [errorItem('PM_01', 'slug', 'page')], data: { page: notFound ? publicView(notFound) : null } };
}

export function pageRoutes(deps: UserQueryDeps): Router {
  const router = new Router();
  const admin = readYourWrites(deps, [readModels.pages.projection]);
  const publicSite = readYourWrites(deps, [readModels.publicPages.projection, readModels.settings.projection]);

  async function listItems(docs: PageDoc[]) {
    const names = nameResolver(deps);
    const { defaultLocale } = await readSettings(deps);
    return Promise.all(docs.map((d) => listItem(d, names, defaultLocale)));
  }

  router.get(endpoints.pageGetBySlugQuery.path, publicSite, async (ctx) => {
    const { slug } = validateInput(endpoints.pageGetBySlugQuery.schema, ctx.query, endpoints.pageGetBySlugQuery.model);
    await answerBySlug(deps, ctx, slug);
  });

  router.post(endpoints.pageGetBySlug.path, publicSite, async (ctx) => {
    const { slug } = validateInput(endpoints.pageGetBySlug.schema, ctx.request.body, endpoints.pageGetBySlug.model);
    await answerBySlug(deps, ctx, slug);
  });

  /** The published pages of a page's translation group, for the public site's language switcher. */
  router.get(endpoints.pageGetSiblingSlugs.path, publicSite, async (ctx) => {
    const page = await deps.readModels.get<PublishedDoc>(published, ctx.params.pageID!);
    if (!page) throw new NotFoundError('PM_01', 'pageID', 'page');
    const settings = await readSettings(deps);
    const group = page.translationGroupId
      ? await deps.readModels.find<PublishedDoc>(published, { where: { translationGroupId: page.translationGroupId } })
      : [page];
    const order = (locale: string) => {
      const i = settings.availableLocales.indexOf(locale as never);
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    const siblings: SiblingSlug[] = group
      .map((p) => ({ pageID: p.id, locale: p.locale, slug: p.slug, path: publicPath(p.locale, p.slug, settings.defaultLocale), title: p.pageVersion.title }))
      .sort((a, b) => order(a.locale) - order(b.locale) || a.locale.localeCompare(b.locale));
    ctx.body = ok(siblings);
  });

  router.post(endpoints.pageList.path, admin, async (ctx) => {
    const q = validateInput(endpoints.pageList.schema, ctx.request.body ?? {}, endpoints.pageList.model);
    const where: Record<string, string> = {};
    if (q.type) where.type = q.type;
    if (q.locale) where.locale = q.locale;
    if (q.status) where.status = q.status;
    const filter: Pick<FindOptions, 'where' | 'search'> = { where, ...(q.searchTerm ? { search: { term: q.searchTerm, fields: ['title', 'slug'] } } : {}) };
    const orderBy = q.columnToSort
      ? { field: q.columnToSort, direction: q.sortOrder === 'desc' ? ('desc' as const) : ('asc' as const) }
      : { field: 'updatedAt', direction: 'desc' as const };
    const [docs, totalItems] = await Promise.all([
      deps.readModels.find<PageDoc>(pages, { ...filter, orderBy, limit: q.pageSize, offset: q.pageIndex * q.pageSize }),
      deps.readModels.count(pages, filter),
    ]);
    ctx.body = ok({ items: await listItems(docs), totalItems });
  });

  router.post(endpoints.pageSearch.path, admin, async (ctx) => {
    const q = validateInput(endpoints.pageSearch.schema, ctx.request.body ?? {}, endpoints.pageSearch.model);
    const docs = await deps.readModels.find<PageDoc>(pages, {
      where: q.locale ? { locale: q.locale } : {},
      ...(q.searchTerm ? { search: { term: q.searchTerm, fields: ['title', 'slug'] } } : {}),
      orderBy: { field: 'title', direction: 'asc' },
      limit: 20,
    });
    ctx.body = ok(await listItems(docs));
  });

  router.post(endpoints.pageGetPages.path, admin, async (ctx) => {
    const q = validateInput(endpoints.pageGetPages.schema, ctx.request.body ?? {}, endpoints.pageGetPages.model);
    const where: Record<string, string> = {};
    if (q.type) where.type = q.type;
    if (q.locale) where.locale = q.locale;
    const docs = await deps.readModels.find<PageDoc>(pages, { where, orderBy: { field: 'title', direction: 'asc' }, limit: 1000 });
    ctx.body = ok(await listItems(docs));
  });

  router.post(endpoints.pageGetMultiple.path, admin, async (ctx) => {
    const q = validateInput(endpoints.pageGetMultiple.schema, ctx.request.body ?? {}, endpoints.pageGetMultiple.model);
    const found = await deps.readModels.getMany<PageDoc>(pages, q.pageIDs);
    const docs = q.pageIDs.map((id) => found.get(id)).filter((d): d is PageDoc => !!d && (!q.locale || d.locale === q.locale));
    ctx.body = ok(await listItems(docs));
  });

  router.post(endpoints.pageAnchorAvailable.path, async (ctx) => {
    const q = validateInput(endpoints.pageAnchorAvailable.schema, ctx.request.body ?? {}, endpoints.pageAnchorAvailable.model);
    ctx.body = ok({ available: anchorAvailable(q.anchorName, q.blockKey, q.pageVersionBlocks) });
  });

  /** The open publication requests: every one for a reviewer, one's own for anyone else. */
  router.get(endpoints.pageFetchRequest.path, admin, async (ctx) => {
    const user = ctx.state.user as Access;
    const reviewer = hasPermission(user.permissions, 'review-publication');
    const docs = await deps.readModels.find<RequestDoc>(requests, {
      where: reviewer ? { status: 'requested' } : { status: 'requested', requestedBy: user.userId },
      orderBy: { field: 'requestedAt', direction: 'asc' },
    });
    const names = nameResolver(deps);
    ctx.body = ok(await Promise.all(docs.map((d) => requestView(d, names))));
  });

  router.get(endpoints.pageFetchRequestComment.path, admin, async (ctx) => {
    const version = await deps.readModels.get<VersionDoc>(versions, ctx.params.id!);
    if (!version) throw new NotFoundError('PM_01', 'id', 'publicationRequest');
    const doc = version.publicationRequestId ? await deps.readModels.get<RequestDoc>(requests, version.publicationRequestId) : null;
    const request = doc ? await requestView(doc, nameResolver(deps)) : null;
    ctx.body = ok({ comment: request?.comment ?? '', request });
  });

  router.get(endpoints.pageVersionFetch.path, admin, async (ctx) => {
    const doc = await deps.readModels.get<VersionDoc>(versions, ctx.params.versionId!);
    if (!doc) throw new NotFoundError('PM_01', 'versionId', 'pageVersion');
    const request = doc.publicationRequestId ? await deps.readModels.get<RequestDoc>(requests, doc.publicationRequestId) : null;
    ctx.body = ok({ pageVersion: versionView(doc, request ? await requestView(request, nameResolver(deps)) : null) });
  });

  /** Who did what to the page, straight from its event stream (no projection in between). */
  router.get(endpoints.pageHistory.path, async (ctx) => {
    const events = await deps.eventStore.readStream(pageStream(ctx.params.id!));
    if (events.length === 0) throw new NotFoundError('PM_01', 'id', 'page');
    ctx.body = ok(await historyOf(events, nameResolver(deps)));
  });

  // Last: "/page/:id" would otherwise match the literal paths above.
  router.get(endpoints.pageGet.path, admin, async (ctx) => {
    const doc = await deps.readModels.get<PageDoc>(pages, ctx.params.id!);
    if (!doc) throw new NotFoundError('PM_01', 'id', 'page');
    const [group, settings] = await Promise.all([
      deps.readModels.find<PageDoc>(pages, { where: { translationGroupId: doc.translationGroupId } }),
      readSettings(deps),
    ]);
    ctx.body = ok(await pageDetails(doc, group, nameResolver(deps), settings.defaultLocale));
  });

  return router;
}

