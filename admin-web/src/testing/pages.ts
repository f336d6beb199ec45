import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageDetails, PageVersionView } from '@pagelog/contracts/pages/page';

/** A page as GET /page/{id} answers it, for specs. */
export function aPage(overrides: Partial<PageDetails> = {}): PageDetails {
  return {
    id: 'page-1',
    slug: 'over-ons',
    type: 'article',
    locale: 'nl-nl',
    title: 'Over ons',
    content: '',
    typeData: { author: 'Ada', publicationDate: '', summary: '' },
    anchor: '',
    translationGroupId: 'page-1',
    draftVersionID: 'version-1',
    publishedVersionID: null,
    publishedID: null,
    status: 'concept',
    everPublished: false,
    hasPublicationRequest: false,
    openRequest: null,
    copiedFrom: null,
    revision: 3,
    createdAt: '2025-03-01T09:00:00.000Z',
    createdBy: 'user-1',
    updatedAt: '2025-03-02T10:30:00.000Z',
    updatedBy: 'user-1',
    publishedAt: null,
    authorName: 'Ada Admin',
    updatedByName: 'Ada Admin',
    path: '/over-ons',
    translations: [],
    ...overrides,
  };
}

export function aBlock(overrides: Partial<Block> = {}): Block {
  return { type: 'heading', key: 'block-1', props: { text: 'Welkom', level: 2 }, anchorPoint: '', __images: [], __files: [], ...overrides };
}

/** The draft version of aPage(), for specs. */
export function aVersion(overrides: Partial<PageVersionView> = {}): PageVersionView {
  return {
    id: 'version-1',
    pageID: 'page-1',
    title: 'Over ons',
    blocks: [
      aBlock(),
      aBlock({ type: 'text', key: 'block-2', props: { html: '<p>Wij zijn <b>Pagelog</b>.</p>' } }),
    ],
    seoTitle: '',
    seoDescription: '',
    seoKeywords: [],
    seoImage: [],
    hasPublicationRequest: false,
    publicationRequest: null,
    published: false,
    basedOnVersionId: null,
    storedAt: '2025-03-02T10:30:00.000Z',
    storedBy: 'user-1',
    ...overrides,
  };
}
