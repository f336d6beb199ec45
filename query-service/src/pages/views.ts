import type { PageBreadcrumb, PageDetails, PageListItem, PageView, PageVersionView, PublicationRequestView, PageTranslation } from '@pagelog/contracts/pages/page';
import { availablePageActions } from '@pagelog/contracts/pages/page-actions';
import type { PageDoc, RequestDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { publicPath } from '@pagelog/contracts/slugs';
import type { NameResolver } from '../core/names';


/** The page as the admin reads it: the projection's bookkeeping left out, the revision kept (stores send it back). */
export function pageView(doc: PageDoc): PageView {
  const { versionIds: _v, linkPaths: _l, ...view } = doc;
  return view;
}

export async function listItem(doc: PageDoc, names: NameResolver, defaultLocale: string): Promise<PageListItem> {
  const [authorName, updatedByName] = await Promise.all([names.name(doc.createdBy), names.name(doc.updatedBy)]);
  return {
    id: doc.id,
    title: doc.title,
    slug: doc.slug,
    path: publicPath(doc.locale, doc.slug, defaultLocale),
    locale: doc.locale,
    type: doc.type,
    status: doc.status,
    hasPublicationRequest: doc.hasPublicationRequest ?? false,
    translationGroupId: doc.translationGroupId,
    draftVersionID: doc.draftVersionID,
    publishedVersionID: doc.publishedVersionID,
    createdAt: doc.createdAt,
    createdBy: doc.createdBy,
    authorName,
    updatedAt: doc.updatedAt,
    updatedBy: doc.updatedBy,
    updatedByName,
    ...(doc.schedules && Object.keys(doc.schedules).length > 0 ? { schedules: doc.schedules } : {}),
  };
}

/** Who reads the page: the actions it lists are theirs. */
export interface Reader {
  userId: string;
  permissions: readonly string[];
}

export async function pageDetails(doc: PageDoc, group: PageDoc[], breadcrumbs: PageBreadcrumb[], names: NameResolver, defaultLocale: string, reader: Reader): Promise<PageDetails> {
  const [authorName, updatedByName] = await Promise.all([names.name(doc.createdBy), names.name(doc.updatedBy)]);
  const translations: PageTranslation[] = group
    .filter((p) => p.id !== doc.id)
    .map((p) => ({ pageID: p.id, locale: p.locale, slug: p.slug, title: p.title, status: p.status, path: publicPath(p.locale, p.slug, defaultLocale) }))
    .sort((a, b) => a.locale.localeCompare(b.locale));
  const view = pageView(doc);
  if (doc.schedules) {
    const named = await Promise.all(Object.entries(doc.schedules).map(async ([action, s]) => [action, s && { ...s, scheduledByName: await names.name(s.scheduledBy) }] as const));
    view.schedules = Object.fromEntries(named);
  }
  const availableActions = availablePageActions({ page: view, permissions: reader.permissions, userId: reader.userId });
  return { ...view, authorName, updatedByName, path: publicPath(doc.locale, doc.slug, defaultLocale), breadcrumbs, translations, availableActions };
}

export async function requestView(doc: RequestDoc, names: NameResolver): Promise<PublicationRequestView> {
  const [requestedByName, reviewedByName] = await Promise.all([names.name(doc.requestedBy), doc.reviewedBy ? names.name(doc.reviewedBy) : Promise.resolve(null)]);
  const { revision: _r, ...rest } = doc as RequestDoc & { revision?: unknown };
  return { ...(rest as RequestDoc), requestedByName, reviewedByName };
}

export function versionView(doc: VersionDoc, request: PublicationRequestView | null): PageVersionView {
  const { revision: _r, publicationRequestId: _p, ...rest } = doc as VersionDoc & { revision?: unknown };
  return { ...(rest as Omit<PageVersionView, 'publicationRequest'>), basedOnVersionId: doc.basedOnVersionId ?? null, publicationRequest: request };
}
