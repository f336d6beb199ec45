import Router from '@koa/router';
import type { Context } from 'koa';
import type {} from 'koa-body';
import { endpoints } from '@pagelog/contracts/endpoints';
import { ok } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageVersionView, PageView, PublicPageView } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import { NOT_FOUND_SLUG, parsePublicPath } from '@pagelog/contracts/slugs';
import { validateInput } from '@pagelog/contracts/validation';
import type { QueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';

type Stored<T> = T & { revision?: number; id?: string; publishedAt?: string } & Record<string, unknown>;

function withoutInternals<T extends object>(doc: T): T {
  const { revision: _r, ...rest } = doc as T & { revision?: unknown };
  return rest as T;
}

/**
 * Finds the published page for a public path (locale prefix recognised, default locale
 * otherwise). No page → the locale's "404" page with status 404; no 404 page either → 404 empty.
 */
async function answerBySlug(deps: QueryDeps, ctx: Context, path: string): Promise<void> {
  const settings = await readSettings(deps);
  const { locale, slug } = parsePublicPath(path.startsWith('/') ? path : `/${path}`, settings.defaultLocale);
  const find = async (s: string) =>
    (await deps.readModels.find<Stored<PublicPageView>>(readModels.publicPages.collection, { where: { locale, slug: s }, limit: 1 }))[0] ?? null;
  const page = (await find(slug)) ?? null;
  if (page && slug !== NOT_FOUND_SLUG) {
    ctx.body = ok({ page: publicView(page) });
    return;
  }
  const notFound = await find(NOT_FOUND_SLUG);
  ctx.status = 404;
  ctx.body = { Success: false, Errors: [errorItem('PM_01', 'slug', 'page')], data: { page: notFound ? publicView(notFound) : null } };
}

function publicView(doc: Stored<PublicPageView>): PublicPageView {
  return { slug: doc.slug, type: doc.type, locale: doc.locale, pageVersion: doc.pageVersion };
}

export function pageRoutes(deps: QueryDeps): Router {
  const router = new Router();
  const admin = readYourWrites(deps, [readModels.pages.projection]);
  const publicSite = readYourWrites(deps, [readModels.publicPages.projection, readModels.settings.projection]);

  router.get(endpoints.pageGetBySlugQuery.path, publicSite, async (ctx) => {
    const { slug } = validateInput(endpoints.pageGetBySlugQuery.schema, ctx.query, endpoints.pageGetBySlugQuery.model);
    await answerBySlug(deps, ctx, slug);
  });

  router.post(endpoints.pageGetBySlug.path, publicSite, async (ctx) => {
    const { slug } = validateInput(endpoints.pageGetBySlug.schema, ctx.request.body, endpoints.pageGetBySlug.model);
    await answerBySlug(deps, ctx, slug);
  });

  router.get(endpoints.pageVersionFetch.path, admin, async (ctx) => {
    const doc = await deps.readModels.get<Stored<PageVersionView>>(readModels.pageVersions.collection, ctx.params.versionId!);
    if (!doc) throw new NotFoundError('PM_01', 'versionId', 'pageVersion');
    ctx.body = ok({ pageVersion: withoutInternals(doc) });
  });

  // Last: "/page/:id" would otherwise match the literal paths above.
  router.get(endpoints.pageGet.path, admin, async (ctx) => {
    const doc = await deps.readModels.get<Stored<PageView>>(readModels.pages.collection, ctx.params.id!);
    if (!doc) throw new NotFoundError('PM_01', 'id', 'page');
    ctx.body = ok(doc);
  });

  return router;
}
