import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { MediaUsageDoc, MediaUsagePeriodDoc, MediaUsageState } from '@pagelog/contracts/media/media-read-models';
import { publicationStatus } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';
import { blockHashes, seoHashes, typeDataHashes } from './usage-projection-references';

const usage = readModels.mediaUsage.collection;
const periods = readModels.mediaUsagePeriods.collection;
const pages = readModels.mediaUsagePages.collection;
const versions = readModels.mediaUsageVersions.collection;

/**
 * media_usage_versions: the library media (content hashes) one version of a page refers to, a
 * document per version so a save rewrites only its own version's (a new draft starts from a copy
 * of an earlier version's).
 */
export interface UsageVersionDoc {
  [field: string]: unknown;
  id: string;
  pageId: string;
  blocks: string[];
  seo: string[];
  /** The library files and images its page type data holds (absent in documents from before type data held any). */
  typeData?: string[];
}

/**
 * media_usage_pages: what this projection remembers of a page (it reads no other projection):
 * what the list shows of it and which versions are its draft and published one. Small and of a
 * fixed size, whatever the number of versions.
 */
export interface UsagePageDoc {
  [field: string]: unknown;
  id: string;
  title: string;
  slug: string;
  locale: string;
  draftVersionId: string;
  publishedVersionId: string | null;
  everPublished: boolean;
  /** The id of the open period of each hash the page refers to now. */
  openPeriods: Record<string, string>;
  revision: number;
}

/** A page with the hashes of its draft and of its published version, as `follow` compares them. */
interface PageUses {
  page: UsagePageDoc;
  draft: readonly string[];
  published: readonly string[];
}

type Use = Pick<MediaUsageDoc, 'title' | 'slug' | 'locale' | 'status' | 'inDraft' | 'inPublished'>;

const hashesOf = (version: UsageVersionDoc | null) => (version ? [...version.blocks, ...version.seo, ...(version.typeData ?? [])] : []);

/** The page with the hashes its draft and its published version refer to, read from their documents. */
async function withHashes(uow: UnitOfWork, page: UsagePageDoc): Promise<PageUses> {
  const read = async (versionId: string | null) => (versionId === null ? [] : hashesOf(await uow.get<UsageVersionDoc>(versions, versionId)));
  const draft = await read(page.draftVersionId);
  const published = page.publishedVersionId === page.draftVersionId ? draft : await read(page.publishedVersionId);
  return { page, draft, published };
}

/** The hashes the page refers to now, with how: in its draft, in its published version, or both. */
function usesOf(uses: PageUses | null): Map<string, Use> {
  const found = new Map<string, Use>();
  if (!uses) return found;
  const { page } = uses;
  const status = publicationStatus({ publishedVersionID: page.publishedVersionId, draftVersionID: page.draftVersionId, everPublished: page.everPublished });
  const draft = new Set(uses.draft);
  const live = new Set(uses.published);
  for (const hash of [...draft, ...live]) {
    found.set(hash, { title: page.title, slug: page.slug, locale: page.locale, status, inDraft: draft.has(hash), inPublished: live.has(hash) });
  }
  return found;
}

const sameUse = (a: Use, b: Use) =>
  a.title === b.title && a.slug === b.slug && a.locale === b.locale && a.status === b.status && a.inDraft === b.inDraft && a.inPublished === b.inPublished;

export const usageId = (pageId: string, hash: string) => `${pageId}:${hash}`;
const periodId = (pageId: string, hash: string, position: number) => `${pageId}:${hash}:${position}`;

/**
 * Writes what changed between the page as it was (`before`) and as it is after `event` (`after`,
 * null once deleted): a usage document per hash it refers to now, a period opened for a hash it
 * starts to refer to, a state added to the open period when the use changes, and the period
 * closed for a hash it no longer refers to (a deleted page refers to none).
 */
async function follow(uow: UnitOfWork, pageId: string, before: PageUses | null, after: UsagePageDoc | null, event: RecordedEvent): Promise<void> {
  const was = usesOf(before);
  const now = usesOf(after ? await withHashes(uow, after) : null);
  const openPeriods: Record<string, string> = { ...(before?.page.openPeriods ?? {}) };
  const at = event.metadata.occurredAt;
  const state = (use: Use): MediaUsageState => ({ at, position: event.position, ...use });

  for (const [hash, use] of now) {
    const previous = was.get(hash);
    if (previous && sameUse(previous, use) && openPeriods[hash]) continue;
    uow.put(usage, usageId(pageId, hash), { id: usageId(pageId, hash), pageId, hash, ...use, revision: event.revision } satisfies MediaUsageDoc);
    const open = openPeriods[hash] ? await uow.get<MediaUsagePeriodDoc>(periods, openPeriods[hash]) : null;
    if (open) {
      uow.put(periods, open.id, { ...open, states: [...open.states, state(use)] } satisfies MediaUsagePeriodDoc);
    } else {
      const id = periodId(pageId, hash, event.position);
      uow.put(periods, id, { id, pageId, hash, from: at, to: null, fromPosition: event.position, toPosition: null, states: [state(use)] } satisfies MediaUsagePeriodDoc);
      openPeriods[hash] = id;
    }
  }
  for (const hash of was.keys()) {
    if (now.has(hash)) continue;
    uow.delete(usage, usageId(pageId, hash));
    const open = openPeriods[hash] ? await uow.get<MediaUsagePeriodDoc>(periods, openPeriods[hash]) : null;
    if (open) uow.put(periods, open.id, { ...open, to: at, toPosition: event.position } satisfies MediaUsagePeriodDoc);
    delete openPeriods[hash];
  }
  if (after) uow.put(pages, pageId, { ...after, openPeriods, revision: event.revision } satisfies UsagePageDoc);
  else uow.delete(pages, pageId);
}

type Handled = Extract<
  PageEvent['type'],
  'PageCreated' | 'PageVersionStored' | 'PageSettingsStored' | 'PageLinksUpdated' | 'PageDraftStarted' | 'PagePublished' | 'PageUnpublished' | 'PageSlugChanged' | 'PageDeleted'
>;

/**
 * A change to a known page: skipped for a page not (or no longer) known, and for an event it has
 * seen. `change` answers the page afterwards (null once deleted), having written the version
 * documents it changes; the uses before are read first.
 */
function onPage<K extends Exclude<Handled, 'PageCreated'>>(change: (event: RecordedOf<K>, page: UsagePageDoc, uow: UnitOfWork) => UsagePageDoc | null | Promise<UsagePageDoc | null>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const page = await uow.get<UsagePageDoc>(pages, event.data.pageId);
    if (!page || alreadyApplied(page, event)) return;
    const before = await withHashes(uow, page);
    await follow(uow, page.id, before, await change(event, page, uow), event);
  };
}

const putVersion = (uow: UnitOfWork, doc: UsageVersionDoc) => uow.put(versions, doc.id, doc);

/**
 * Where the library's media are used: which page refers to which content hash now, in its draft
 * and in its published version (media_usage), and from when until when (media_usage_periods),
 * from the blocks' images, files and links to files, the SEO image and the library files and
 * images of the page type data of each version. PublicationAccepted needs no handler: the
 * PagePublished written with it moved the published version; requests and anchors hold no media.
 */
export const mediaUsageProjection = defineProjection<Handled>({
  name: readModels.mediaUsage.projection,
  // 2: the hashes of each version in a document of its own (media_usage_versions), not all in the page's.
  version: 2,
  collections: [
    { name: usage, indexes: ['hash', 'pageId'] },
    { name: periods, indexes: ['hash', 'pageId'] },
    { name: pages, indexes: [] },
    { name: versions, indexes: [] },
  ],
  prefetch(events) {
    const data = events.map((e) => e.data as { pageId: string; versionId?: string; basedOnVersionId?: string });
    return [
      { collection: pages, ids: data.map((d) => d.pageId) },
      { collection: versions, ids: data.flatMap((d) => [d.versionId, d.basedOnVersionId].filter((id): id is string => !!id)) },
    ];
  },
  handlers: {
    async PageCreated(event, uow) {
      const d = event.data;
      const existing = await uow.get<UsagePageDoc>(pages, d.pageId);
      if (alreadyApplied(existing, event)) return;
      // The first draft holds no blocks; a copy (translation, duplicate) is stored right after.
      putVersion(uow, { id: d.versionId, pageId: d.pageId, blocks: [], seo: [], typeData: typeDataHashes(d.typeData) });
      const page: UsagePageDoc = {
        id: d.pageId,
        title: d.title,
        slug: d.slug,
        locale: d.locale,
        draftVersionId: d.versionId,
        publishedVersionId: null,
        everPublished: false,
        openPeriods: {},
        revision: event.revision,
      };
      await follow(uow, d.pageId, existing && (await withHashes(uow, existing)), page, event);
    },
    PageVersionStored: onPage(async (event, page, uow) => {
      const d = event.data;
      const current = await uow.get<UsageVersionDoc>(versions, d.versionId);
      putVersion(uow, { id: d.versionId, pageId: page.id, blocks: blockHashes(d.blocks), seo: seoHashes(d.seoImage), typeData: current?.typeData ?? [] });
      return { ...page, title: d.title };
    }),
    PageSettingsStored: onPage(async (event, page, uow) => {
      const d = event.data;
      const current = await uow.get<UsageVersionDoc>(versions, d.versionId);
      putVersion(uow, { id: d.versionId, pageId: page.id, blocks: current?.blocks ?? [], seo: current?.seo ?? [], typeData: typeDataHashes(d.typeData) });
      return page;
    }),
    PageLinksUpdated: onPage(async (event, page, uow) => {
      const d = event.data;
      const current = await uow.get<UsageVersionDoc>(versions, d.versionId);
      putVersion(uow, { id: d.versionId, pageId: page.id, seo: current?.seo ?? [], typeData: current?.typeData ?? [], blocks: blockHashes(d.blocks) });
      return page;
    }),
    PageDraftStarted: onPage(async (event, page, uow) => {
      const d = event.data;
      const base = await uow.get<UsageVersionDoc>(versions, d.basedOnVersionId);
      if (base) putVersion(uow, { ...base, id: d.versionId });
      return { ...page, draftVersionId: d.versionId };
    }),
    PagePublished: onPage((event, page) => ({ ...page, publishedVersionId: event.data.versionId, everPublished: true })),
    PageUnpublished: onPage((_event, page) => ({ ...page, publishedVersionId: null })),
    PageSlugChanged: onPage((event, page) => ({ ...page, slug: event.data.slug })),
    PageDeleted: onPage(() => null),
  },
});
