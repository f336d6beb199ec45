import { DEFAULT_OVERVIEW_PAGE_SIZE, listablePageTypeIds, MAX_OVERVIEW_PAGE_SIZE } from '@pagelog/contracts/pages/page-types';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { isCalendarDate } from '@pagelog/contracts/pages/type-data-fields';
import { publicPath } from '@pagelog/contracts/slugs';
import type { TypeView } from '../app/page-types/type-view';
import type { PrepareContext } from './prepare-context';

/** What a page's type data needs read or decided before the page is rendered, and what that means for the answer. */
export interface PreparedTypeData {
  view: TypeView | null;
  /** The page of a list asked for lies past its last page: the answer is a 404 (the overview says so). */
  pastTheEnd: boolean;
  /** When the answer stops being true by itself (a vacancy closes), in ms since the epoch: it is not kept past then. */
  expiresAt?: number;
}

export interface TypeDataOptions {
  /** The page of an overview's list asked for (1 when none is). */
  listPage: number;
  /** Now, in ms since the epoch. */
  now: number;
  defaultLocale: string;
}

const none: PreparedTypeData = { view: null, pastTheEnd: false };

/** An overview's page size as its type data holds it, within 1..MAX_OVERVIEW_PAGE_SIZE (the default otherwise). */
function pageSizeOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_OVERVIEW_PAGE_SIZE ? value : DEFAULT_OVERVIEW_PAGE_SIZE;
}

/** The page type an overview lists: one that can be listed, else articles (the schema's default). */
function listedTypeOf(value: unknown): string {
  return typeof value === 'string' && (listablePageTypeIds as readonly string[]).includes(value) ? value : 'article';
}

/** The first moment after a closing date (YYYY-MM-DD): midnight UTC at the end of that day. */
function endOfDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000;
}

/**
 * The server-side step for a page's type data, beside the blocks' preparers: an overview reads the
 * page of its list (the published pages of its listed type in its locale, newest first; with its
 * public tag, when it names one) through the prepare context, which records the cache tags
 * (`page-list:{locale}`, or `tagged-pages:{tag}` for a tag's list, and each page listed), so
 * publishing a page of the locale (of the tag) drops it; a vacancy decides whether it has closed (a day
 * after its closing date, in UTC) and is kept only until then.
 */
export async function prepareTypeData(page: PublicPageView, context: PrepareContext, { listPage, now, defaultLocale }: TypeDataOptions): Promise<PreparedTypeData> {
  const props = page.pageVersion.pageType?.props ?? {};
  if (page.type === 'overview') {
    const listedType = listedTypeOf(props.listedType);
    const pageSize = pageSizeOf(props.pageSize);
    const list = await context.list({ type: listedType, count: pageSize, offset: (listPage - 1) * pageSize, excludePageID: page.pageVersion.pageID, tag: typeof props.tag === 'string' ? props.tag.trim() : '' });
    const total = list?.total ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    return {
      view: { kind: 'overview', listedType, pageNumber: listPage, pageCount, items: list?.items ?? null, total, path: publicPath(page.locale, page.slug, defaultLocale) },
      pastTheEnd: list !== null && listPage > pageCount,
    };
  }
  if (page.type === 'vacancy') {
    const closingDate = typeof props.closingDate === 'string' ? props.closingDate.trim() : '';
    if (!isCalendarDate(closingDate)) return { view: { kind: 'vacancy', closed: false }, pastTheEnd: false };
    const closesAt = endOfDay(closingDate);
    return now >= closesAt ? { view: { kind: 'vacancy', closed: true }, pastTheEnd: false } : { view: { kind: 'vacancy', closed: false }, pastTheEnd: false, expiresAt: closesAt };
  }
  return none;
}
