import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { PageDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { diffVersions, type PublicationStep, type VersionComparison, type VersionSummary } from '@pagelog/contracts/pages/version-diff';
import { pageStream, type PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';
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

async function summaryOf(doc: VersionDoc, page: PageDoc, names: NameResolver, publication: PublicationStep[] = []): Promise<VersionSummary> {
  return {
    versionId: doc.id,
    storedAt: doc.storedAt,
    storedBy: doc.storedBy,
    storedByName: await names.name(doc.storedBy),
    basedOnVersionId: doc.basedOnVersionId ?? null,
    published: doc.published === true,
    isDraft: page.draftVersionID === doc.id,
    isLive: page.publishedVersionID === doc.id,
    publication,
  };
}

const stepKinds: Partial<Record<PageStreamEvent['type'], PublicationStep['kind']>> = {
  PublicationRequested: 'requested',
  PublicationRequestResent: 'resent',
  PublicationRequestRevoked: 'revoked',
  PublicationAccepted: 'accepted',
  PublicationRejected: 'rejected',
  PagePublished: 'published',
  PageUnpublished: 'unpublished',
};

/** Each version's publication history, from the page's own stream. */
async function publicationSteps(deps: Pick<UserQueryDeps, 'eventStore'>, pageId: string, names: NameResolver): Promise<Map<string, PublicationStep[]>> {
  const byVersion = new Map<string, PublicationStep[]>();
  for (const event of await readStreamOf(deps.eventStore, pageStream(pageId))) {
    const kind = stepKinds[event.type as PageStreamEvent['type']];
    const data = event.data as { versionId?: string; comment?: string; feedback?: string };
    if (!kind || !data.versionId) continue;
    const steps = byVersion.get(data.versionId) ?? [];
    steps.push({ kind, at: event.metadata.occurredAt, by: event.metadata.actorId, byName: await names.name(event.metadata.actorId), text: data.comment ?? data.feedback ?? '' });
    byVersion.set(data.versionId, steps);
  }
  return byVersion;
}

/** GET page/:id/versions: every version of the page, newest first, with who stored it and on which it was based. */
export async function listVersions(deps: Pick<UserQueryDeps, 'readModels' | 'vault' | 'eventStore'>, pageId: string): Promise<VersionSummary[]> {
  const page = await pageOf(deps, pageId);
  const docs = await deps.readModels.find<VersionDoc>(versions, { where: { pageID: pageId } });
  const names = nameResolver(deps);
  const steps = await publicationSteps(deps, pageId, names);
  const list = await Promise.all(docs.map((doc) => summaryOf(doc, page, names, steps.get(doc.id) ?? [])));
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
