import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { Evolver } from '../core/decider';
import { assertNever } from '../core/decider';

/** What the page deciders need to know of a page's history. */
export interface PageState {
  exists: boolean;
  pageId: string;
  type: string;
  locale: string;
  slug: string;
  /** The version editors store into. Equals publishedVersionId right after publishing. */
  draftVersionId: string;
  publishedVersionId: string | null;
}

export const pageEvolver: Evolver<PageState, PageEvent> = {
  initialState: { exists: false, pageId: '', type: '', locale: '', slug: '', draftVersionId: '', publishedVersionId: null },
  evolve(state, event) {
    switch (event.type) {
      case 'PageCreated':
        return {
          exists: true,
          pageId: event.data.pageId,
          type: event.data.type,
          locale: event.data.locale,
          slug: event.data.slug,
          draftVersionId: event.data.versionId,
          publishedVersionId: null,
        };
      case 'PageVersionStored':
        return state;
      case 'PageDraftStarted':
        return { ...state, draftVersionId: event.data.versionId };
      case 'PagePublished':
        return { ...state, publishedVersionId: event.data.versionId };
      default:
        return assertNever(event);
    }
  },
};

/** True when the draft is the published version: the next store must start a new draft. */
export function draftIsPublished(state: PageState): boolean {
  return state.publishedVersionId !== null && state.publishedVersionId === state.draftVersionId;
}
