import type { Block } from '../blocks/block';
import type { SeoFields } from '../pages/page';

export const pageStream = (pageId: string) => `page-${pageId}`;

export interface PageCreated {
  type: 'PageCreated';
  data: {
    pageId: string;
    translationGroupId: string;
    type: string;
    locale: string;
    title: string;
    slug: string;
    content: string;
    typeData: Record<string, unknown>;
    /** The first draft version. */
    versionId: string;
  };
}

/** The draft version was stored (title, blocks, SEO fields). */
export interface PageVersionStored {
  type: 'PageVersionStored';
  data: SeoFields & {
    pageId: string;
    versionId: string;
    title: string;
    blocks: Block[];
  };
}

/** A new draft version started from the published one, which never changes again. */
export interface PageDraftStarted {
  type: 'PageDraftStarted';
  data: { pageId: string; versionId: string; basedOnVersionId: string };
}

/** The draft version became the published version. */
export interface PagePublished {
  type: 'PagePublished';
  data: { pageId: string; versionId: string; slug: string; locale: string };
}

export type PageEvent = PageCreated | PageVersionStored | PageDraftStarted | PagePublished;
export const pageEventTypes: PageEvent['type'][] = ['PageCreated', 'PageVersionStored', 'PageDraftStarted', 'PagePublished'];
