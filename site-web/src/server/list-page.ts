import { LIST_PAGE_PARAM } from '../app/page-types/type-view';

/** The highest page of an overview a request may ask for: enough for any list, few enough to keep the keys bounded. */
export const MAX_LIST_PAGE = 9999;

const pageNumber = /^[1-9][0-9]{0,3}$/;

/**
 * The page of an overview a request asks for (`?page=2`): a small positive integer, given once;
 * 1 for anything else (absent, `0`, `02`, `two`, given twice), which is ignored as every other
 * query parameter is.
 */
export function listPageOf(querystring: string): number {
  const values = new URLSearchParams(querystring).getAll(LIST_PAGE_PARAM);
  if (values.length !== 1 || !pageNumber.test(values[0]!)) return 1;
  return Math.min(Number(values[0]), MAX_LIST_PAGE);
}

/**
 * The render cache's key of a request: its path, with the page of a list when it asks for one
 * past the first (so `/nieuws?page=2` is kept apart from `/nieuws`, and `/nieuws?page=1`,
 * `/nieuws?utm_source=x` are `/nieuws`).
 */
export function renderKey(path: string, listPage: number): string {
  return listPage > 1 ? `${path}?${LIST_PAGE_PARAM}=${listPage}` : path;
}

/** The path and the page of a list a render key names (the inverse of renderKey). */
export function parseRenderKey(key: string): { path: string; listPage: number } {
  const at = key.indexOf('?');
  return at === -1 ? { path: key, listPage: 1 } : { path: key.slice(0, at), listPage: listPageOf(key.slice(at + 1)) };
}
