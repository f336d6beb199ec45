import { useEffect, useState } from 'react';
import type { SiblingSlug } from '@pagelog/contracts/pages/page';
import type { PageSiblings } from '../page-state';
import { readSiblingSlugs, siblingSlugsPath } from './sibling-slugs';

export type LoadSiblings = (pageID: string, signal: AbortSignal) => Promise<SiblingSlug[]>;

/** Reads a page's siblings from the API on this site's origin (the browser's side of the call). */
export const fetchSiblings: LoadSiblings = async (pageID, signal) => {
  const response = await fetch(siblingSlugsPath(pageID), { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`get-sibling-slugs answered ${response.status}`);
  const pages = readSiblingSlugs(((await response.json()) as { data?: unknown } | null)?.data);
  if (pages === null) throw new Error('get-sibling-slugs answered without a list');
  return pages;
};

/** Of the siblings at hand, those read for this page; null when none are. */
export function siblingsFor(pageID: string | null, ...candidates: (PageSiblings | null)[]): SiblingSlug[] | null {
  if (pageID === null) return [];
  return candidates.find((held) => held?.pageID === pageID)?.pages ?? null;
}

/**
 * The siblings of the page shown (spec: fetched whenever the page changes). Keyed on the page id:
 * the ones the server put in the state are used as they are, so hydration needs no call; for any
 * other page they are fetched, and until they arrive (or when that fails) there are none, never
 * another page's. `pageID` is null when no page was found.
 */
export function useSiblings(pageID: string | null, fromState: PageSiblings | null, load: LoadSiblings = fetchSiblings): SiblingSlug[] {
  const [fetched, setFetched] = useState<PageSiblings | null>(null);
  const known = siblingsFor(pageID, fromState, fetched);
  const missing = pageID !== null && known === null;

  useEffect(() => {
    if (!missing || pageID === null) return;
    const controller = new AbortController();
    load(pageID, controller.signal).then(
      (pages) => setFetched({ pageID, pages }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The language switcher could not read the translations of this page', err);
        // Remembered as none, so the switcher stays away without asking again for this page.
        setFetched({ pageID, pages: [] });
      },
    );
    return () => controller.abort();
  }, [pageID, missing, load]);

  return known ?? [];
}
