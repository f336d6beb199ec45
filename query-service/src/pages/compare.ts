import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { diffVersions, type VersionComparison, type VersionSummary } from '@pagelog/contracts/pages/version-diff';
import { readModels } from '@pagelog/contracts/read-models';
import type { UserQueryDeps } from '../core/query-deps';
import { nameResolver, type NameResolver } from '../core/names';

const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;

async function pageOf(deps: Pick<UserQueryDeps, 'readModels'>, pageId: string): Promise<PageDoc> {
  const page = await deps.readModels.get<PageDoc>(pages, pageId);
  if (!page) throw new NotFoundError('PM_01', 'id', 'page');
  return page;
}

async function summaryOf(doc: VersionDoc, page: PageDoc, names: NameResolver): Promise<VersionSummary> {
  return {
    versionId: doc.id,
    storedAt: doc.storedAt,
    storedBy: doc.storedBy,
    storedByName: await names.name(doc.storedBy),
    basedOnVersionId: doc.basedOnVersionId ?? null,
    published: doc.published === true,
    isDraft: page.draftVersionID === doc.id,
    isLive: page.publishedVersionID === doc.id,
  };
}

/** GET page/:id/versions: every version of the page, newest first, with who stored it and on which it was based. */
export async function listVersions(deps: Pick<UserQueryDeps, 'readModels' | 'vault'>, pageId: string): Promise<VersionSummary[]> {
  const page = await pageOf(deps, pageId);
  const docs = await deps.readModels.find<VersionDoc>(versions, { where: { pageID: pageId } });
  const names = nameResolver(deps);
  const list = await Promise.all(docs.map((doc) => summaryOf(doc, page, names)));
  return list.sort((a, b) => (a.storedAt < b.storedAt ? 1 : a.storedAt > b.storedAt ? -1 : b.versionId.localeCompare(a.versionId)));
}

/** A version of the page by id, or its live (`live`) or current draft (`draft`) version. */
async function versionOf(deps: Pick<UserQueryDeps, 'readModels'>, page: PageDoc, ref: string, property: 'from' | 'to'): Promise<VersionDoc> {
  const id = ref === 'live' ? page.publishedVersionID : ref === 'draft' ? page.draftVersionID : ref;
  const doc = id ? await deps.readModels.get<VersionDoc>(versions, id) : null;
  // A version of another page is not this page's, whoever asks.
  if (!doc || doc.pageID !== page.id) throw new NotFoundError('PM_01', property, 'pageVersion');
  return doc;
}

const contentOf = (doc: VersionDoc): VersionContent => doc as unknown as VersionContent;

/** GET page/:id/compare?from&to: what changed from one version of the page to another, block by block and field by field. */
export async function compareVersions(deps: Pick<UserQueryDeps, 'readModels' | 'vault'>, pageId: string, from: string, to: string): Promise<VersionComparison> {
  const page = await pageOf(deps, pageId);
  const [older, newer] = await Promise.all([versionOf(deps, page, from, 'from'), versionOf(deps, page, to, 'to')]);
  const names = nameResolver(deps);
  const [fromSummary, toSummary] = await Promise.all([summaryOf(older, page, names), summaryOf(newer, page, names)]);
  return { pageID: page.id, from: fromSummary, to: toSummary, diff: diffVersions(contentOf(older), contentOf(newer)) };
}
