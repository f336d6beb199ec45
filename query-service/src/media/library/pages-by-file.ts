import { videoReferenceKey, type PageUsingFile } from '@pagelog/contracts/media/media';
import type { MediaItemDoc, MediaUsageDoc, MediaUsagePeriodDoc, MediaUsageState } from '@pagelog/contracts/media/media-read-models';
import type { ListPage } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import type { FindOptions, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

const usage = readModels.mediaUsage.collection;
const periods = readModels.mediaUsagePeriods.collection;

export interface PagesByFileRequest {
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  columnToSort: string;
  sortOrder: string;
  /** An ISO date: the pages that used the file then; empty for now. */
  at: string;
}

type Column = 'title' | 'slug' | 'locale' | 'status';

function pageUsing(pageID: string, use: Omit<MediaUsageState, 'at' | 'position'>): PageUsingFile {
  return { pageID, title: use.title, slug: use.slug, locale: use.locale, inDraft: use.inDraft, inPublished: use.inPublished, status: use.status };
}

const columnOf = (request: PagesByFileRequest): Column => (request.columnToSort || 'title') as Column;
const directionOf = (request: PagesByFileRequest) => (request.sortOrder === 'desc' ? ('desc' as const) : ('asc' as const));

/** The pages that refer to the bytes `hash` now, a page of the list at a time (the store filters, sorts and pages). */
async function pagesNow(store: ReadModelStore, hash: string, request: PagesByFileRequest): Promise<ListPage<PageUsingFile>> {
  const filter: Pick<FindOptions, 'where' | 'search'> = {
    where: { hash },
    ...(request.searchTerm ? { search: { term: request.searchTerm, fields: ['title', 'slug'] } } : {}),
  };
  const [docs, totalItems] = await Promise.all([
    store.find<MediaUsageDoc>(usage, {
      ...filter,
      orderBy: { field: columnOf(request), direction: directionOf(request) },
      limit: request.pageSize,
      offset: request.pageIndex * request.pageSize,
    }),
    store.count(usage, filter),
  ]);
  return { items: docs.map((d) => pageUsing(d.pageId, d)), totalItems };
}

/**
 * The pages that referred to `hash` at the moment `at`, each as it was then (its title, slug,
 * status, and whether its draft or its published version held the file): from the periods of
 * use, the state in force at that moment. A hash has few periods, so they are read whole and
 * filtered, sorted and paged here.
 */
async function pagesAt(store: ReadModelStore, hash: string, at: number, request: PagesByFileRequest): Promise<ListPage<PageUsingFile>> {
  const found = new Map<string, PageUsingFile>();
  for (const period of await store.find<MediaUsagePeriodDoc>(periods, { where: { hash } })) {
    if (Date.parse(period.from) > at || (period.to !== null && Date.parse(period.to) <= at)) continue;
    const state = period.states.filter((s) => Date.parse(s.at) <= at).at(-1);
    if (state) found.set(period.pageId, pageUsing(period.pageId, state));
  }
  const term = request.searchTerm.toLowerCase();
  const column = columnOf(request);
  const sign = directionOf(request) === 'desc' ? -1 : 1;
  const rows = [...found.values()]
    .filter((p) => term === '' || p.title.toLowerCase().includes(term) || p.slug.toLowerCase().includes(term))
    .sort((a, b) => sign * (a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : a.pageID < b.pageID ? -1 : a.pageID > b.pageID ? 1 : 0));
  const start = request.pageIndex * request.pageSize;
  return { items: rows.slice(start, start + request.pageSize), totalItems: rows.length };
}

/** The key where-used indexes an item's uses under: its content hash, or a video's reference key (video blocks hold no bytes). */
export function referenceKeyOf(item: Pick<MediaItemDoc, 'kind' | 'hash' | 'videoId'>): string | null {
  if (item.hash !== null) return item.hash;
  return (item.kind === 'youtube' || item.kind === 'vimeo') && item.videoId ? videoReferenceKey(item.kind, item.videoId) : null;
}

/** list-pages-by-file for an item's reference key (referenceKeyOf; null: nothing refers to it). */
export async function pagesByFile(store: ReadModelStore, hash: string | null, request: PagesByFileRequest): Promise<ListPage<PageUsingFile>> {
  if (hash === null) return { items: [], totalItems: 0 };
  return request.at ? pagesAt(store, hash, Date.parse(request.at), request) : pagesNow(store, hash, request);
}
