import { ValidationError, NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import type { PublicPageView, SeoFields } from '@pagelog/contracts/pages/page';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { PREVIEW_TTL_MS, type PreviewTokens } from '@pagelog/service-kit/http/preview-tokens';
import type { QueryDeps, UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';
import { pagePublicTags } from '../tags/page-public-tags';
import { publicBreadcrumbs } from './breadcrumbs';

/** Where the public site shows a preview; a link adds the token. */
const PREVIEW_PATH = '/_preview';

/** What a preview shows of a page: its content as given, in the page's place on the site. */
interface PreviewContent extends Partial<SeoFields> {
  title: string;
  blocks: unknown[];
  typeData?: Record<string, unknown>;
}

/** The page as the site would show it with `content`: the page's slug, locale, type and public tags (page-level: as they are now), the published pages above it. */
async function previewView(deps: QueryDeps, doc: PageDoc, versionID: string, content: PreviewContent): Promise<PublicPageView> {
  const settings = await readSettings(deps);
  const type = pageType(doc.type);
  return {
    slug: doc.slug,
    type: doc.type,
    locale: doc.locale,
    breadcrumbs: await publicBreadcrumbs(deps, doc, settings.defaultLocale),
    tags: await pagePublicTags(deps, doc.tags ?? []),
    pageVersion: {
      pageID: doc.id,
      versionID,
      title: content.title,
      blocks: content.blocks as PublicPageView['pageVersion']['blocks'],
      pageType: { id: doc.type, header: type?.header ?? 'default', footer: type?.footer ?? 'default', props: content.typeData ?? {} },
      images: [],
      files: [],
      seoTitle: content.seoTitle ?? '',
      seoDescription: content.seoDescription ?? '',
      seoKeywords: content.seoKeywords ?? [],
      seoImage: content.seoImage ?? [],
    },
  };
}

/**
 * Previews (issue 14), rendered by the public site with its own components and styles; nothing is
 * stored and nothing is published:
 *
 * * POST /page/{id}/preview seals the draft an editor has on screen (saved or not) into a token
 *   for half an hour; the admin posts it to the site's POST /_preview.
 * * POST /page/version/{id}/preview-link names a stored version in a signed link that works for a
 *   week (GET /_preview/{token}), for reviewers: it shows the version as it is stored, whatever
 *   happens to the draft after.
 * * POST /page/preview/open is how the site (which holds no secret) learns what a token shows.
 */
export function previewRoutes(deps: UserQueryDeps): EndpointRoute[] {
  // The editor's own writes first: a page just created or stored is there to preview.
  const admin = readYourWrites(deps, [readModels.pages.projection]);
  return [
    query('pagePreview', admin, async (ctx, draft) => {
      const doc = await deps.readModels.get<PageDoc>(readModels.pages.collection, ctx.params.id!);
      if (!doc) throw new NotFoundError('PM_01', 'id', 'page');
      const page = await previewView(deps, doc, doc.draftVersionID, {
        ...draft,
        seoKeywords: draft.seoKeywords as string[] | undefined,
        seoImage: draft.seoImage as SeoFields['seoImage'] | undefined,
        typeData: draft.typeData as Record<string, unknown> | undefined,
      });
      return { token: deps.previews.seal(page), expiresAt: new Date(Date.now() + PREVIEW_TTL_MS).toISOString() };
    }),

    query('pageVersionPreviewLink', admin, async (ctx) => {
      const version = await deps.readModels.get<VersionDoc>(readModels.pageVersions.collection, ctx.params.id!);
      if (!version) throw new NotFoundError('PM_01', 'id', 'pageVersion');
      const { token, expiresAt } = deps.previews.sealVersion(version.id);
      return { url: `${PREVIEW_PATH}/${token}`, expiresAt: new Date(expiresAt).toISOString() };
    }),

    query('pagePreviewOpen', async (_ctx, { token }) => {
      const page = await openPreview(deps, token);
      if (!page) throw ValidationError.of('V_12', 'token', 'page');
      return { page };
    }),
  ];
}

/**
 * The page a preview token shows: the sealed draft, or the stored version it names in its page's
 * place now; null when this server did not seal it, it has expired, or its version is gone.
 */
export async function openPreview(deps: QueryDeps & { previews: PreviewTokens }, token: string): Promise<PublicPageView | null> {
  const content = deps.previews.open(token);
  if (!content) return null;
  if (content.kind === 'draft') return content.page;
  const version = await deps.readModels.get<VersionDoc>(readModels.pageVersions.collection, content.versionID);
  const doc = version ? await deps.readModels.get<PageDoc>(readModels.pages.collection, version.pageID) : null;
  if (!version || !doc) return null;
  return previewView(deps, doc, version.id, { ...version, typeData: version.settings?.typeData ?? {} });
}
