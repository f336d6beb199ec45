import type { Block } from '../blocks/block';

export type PublicationStatus = 'concept' | 'published' | 'not-published' | 'unpublished-changes';

/** SEO fields of a page version. `seoImage` holds at most one element. */
export interface SeoFields {
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  seoImage: string[];
}

/** The page as the admin reads it (spec section 3, Page). */
export interface PageView {
  id: string;
  slug: string;
  type: string;
  locale: string;
  title: string;
  content: string;
  typeData: Record<string, unknown>;
  translationGroupId: string;
  draftVersionID: string;
  publishedVersionID: string | null;
  publishedID: string | null;
  status: PublicationStatus;
  /** The page stream's revision: send it back when storing. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** One version of a page (spec section 3, Page version). */
export interface PageVersionView extends SeoFields {
  id: string;
  pageID: string;
  title: string;
  blocks: Block[];
  hasPublicationRequest: boolean;
  published: boolean;
  storedAt: string;
  storedBy: string;
}

/** The published page as the public site reads it (spec section 3, Page public view). */
export interface PublicPageView {
  slug: string;
  type: string;
  locale: string;
  pageVersion: SeoFields & {
    pageID: string;
    versionID: string;
    title: string;
    blocks: Block[];
    pageType: { id: string; header: string; footer: string; props: Record<string, unknown> };
    images: unknown[];
    files: unknown[];
  };
}
