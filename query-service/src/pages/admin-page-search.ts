import { readModels } from '@pagelog/contracts/read-models';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import type { QueryDeps } from '../core/query-deps';

const pages = readModels.pages.collection;

/** The admin's page search looks at no more matches than this (best first); a narrower term finds the rest. */
export const MAX_ADMIN_SEARCH_MATCHES = 1000;

export interface AdminSearchFilter {
  term: string;
  locale?: string;
  type?: string;
  status?: string;
  updatedBy?: string;
}

/**
 * The pages whose draft title or slug matches the term (issue 15): found in the search index's
 * admin target (every page that is not deleted, drafts included: stemming, accents, the last word
 * as a prefix, typos), best match first, then read from the pages read model for the filters the
 * index does not hold (status, who changed it) and for the list's columns.
 */
export async function searchPageDocs(deps: QueryDeps, filter: AdminSearchFilter, limit = MAX_ADMIN_SEARCH_MATCHES): Promise<PageDoc[]> {
  return (await searchPageDocsCapped(deps, filter, limit)).docs;
}

/** searchPageDocs, and whether more pages matched than `limit` (the list then holds the best `limit`). */
export async function searchPageDocsCapped(
  deps: QueryDeps,
  filter: AdminSearchFilter,
  limit = MAX_ADMIN_SEARCH_MATCHES,
): Promise<{ docs: PageDoc[]; truncated: boolean }> {
  const answer = await deps.searchIndex.search('admin', {
    term: filter.term,
    locales: filter.locale ? [filter.locale] : [],
    pageTypes: filter.type ? [filter.type] : [],
    tags: [],
    count: limit,
    offset: 0,
    fields: 'title-slug',
  });
  const ids = answer.hits.map((hit) => hit.id);
  const found = await deps.readModels.getMany<PageDoc>(pages, ids);
  const docs = ids
    .map((id) => found.get(id))
    .filter((doc): doc is PageDoc => !!doc && (!filter.status || doc.status === filter.status) && (!filter.updatedBy || doc.updatedBy === filter.updatedBy));
  return { docs, truncated: answer.total > answer.hits.length };
}

/** Sorts list rows by a column as the read model would (text by code point, missing values first). */
export function sortDocs(docs: PageDoc[], field: string, direction: 'asc' | 'desc'): PageDoc[] {
  const sign = direction === 'desc' ? -1 : 1;
  const value = (doc: PageDoc) => {
    const v = doc[field];
    return v === null || v === undefined ? '' : typeof v === 'number' ? v : String(v);
  };
  return [...docs].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}
