import { ValidationError, NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { PREVIEW_TTL_MS, type PreviewTokens } from '@pagelog/service-kit/http/preview-tokens';
import type { QueryDeps, UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';
import { publicBreadcrumbs } from './breadcrumbs';

/**
 * The preview of a page as an editor has it on screen (issue 14): POST /page/{id}/preview seals
 * the draft the editor sends, with the page's place (slug, locale, type, the published pages above
 * it), into a token; the public site posts that token to /_preview and renders what
 * POST /page/preview/open answers for it, with its own components and styles. Nothing is stored
 * and nothing is published.
 */
export function previewRoutes(deps: UserQueryDeps): EndpointRoute[] {
  // The editor's own writes first: a page just created is there to preview.
  const admin = readYourWrites(deps, [readModels.pages.projection]);
  return [
    query('pagePreview', admin, async (ctx, draft) => {
      const doc = await deps.readModels.get<PageDoc>(readModels.pages.collection, ctx.params.id!);
      if (!doc) throw new NotFoundError('PM_01', 'id', 'page');
      const settings = await readSettings(deps);
      const type = pageType(doc.type);
      const page: PublicPageView = {
        slug: doc.slug,
        type: doc.type,
        locale: doc.locale,
        breadcrumbs: await publicBreadcrumbs(deps, doc, settings.defaultLocale),
        pageVersion: {
          pageID: doc.id,
          versionID: doc.draftVersionID,
          title: draft.title,
          blocks: draft.blocks as PublicPageView['pageVersion']['blocks'],
          pageType: { id: doc.type, header: type?.header ?? 'default', footer: type?.footer ?? 'default', props: (draft.typeData ?? {}) as Record<string, unknown> },
          images: [],
          files: [],
          seoTitle: draft.seoTitle ?? '',
          seoDescription: draft.seoDescription ?? '',
          seoKeywords: (draft.seoKeywords ?? []) as string[],
          seoImage: (draft.seoImage ?? []) as PublicPageView['pageVersion']['seoImage'],
        },
      };
      return { token: deps.previews.seal(page), expiresAt: new Date(Date.now() + PREVIEW_TTL_MS).toISOString() };
    }),

    query('pagePreviewOpen', async (_ctx, { token }) => ({ page: openPreview(deps, token) })),
  ];
}

/** The draft a preview token holds; V_12 on `token` when this server did not seal it or it has expired. */
export function openPreview(deps: Pick<QueryDeps, never> & { previews: PreviewTokens }, token: string): PublicPageView {
  const page = deps.previews.open(token);
  if (!page) throw ValidationError.of('V_12', 'token', 'page');
  return page;
}
