import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { VersionContent } from '@pagelog/contracts/pages/page';

/** Events and content for the page decider specs. */

export const heading = (key: string, text: string, anchorPoint = ''): Block => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint });
export const richText = (key: string, html: string, anchorPoint = ''): Block => ({ type: 'text', key, props: { html }, anchorPoint });

export const content = (over: Partial<VersionContent> = {}): VersionContent => ({
  title: 'Over ons',
  blocks: [heading('h', 'Wie wij zijn'), richText('t', '<p>Tekst</p>')],
  seoTitle: '',
  seoDescription: '',
  seoKeywords: [],
  seoImage: [],
  ...over,
});

export const created = (over: Partial<Extract<PageEvent, { type: 'PageCreated' }>['data']> = {}): PageEvent => ({
  type: 'PageCreated',
  data: {
    pageId: 'p1',
    translationGroupId: 'p1',
    type: 'article',
    locale: 'nl-nl',
    title: 'Over ons',
    slug: 'over-ons',
    content: '',
    typeData: { author: '', publicationDate: '', summary: '' },
    versionId: 'v1',
    copiedFrom: null,
    ...over,
  },
});

export const stored = (versionId = 'v1', c: VersionContent = content()): PageEvent => ({ type: 'PageVersionStored', data: { pageId: 'p1', versionId, ...c } });
export const published = (versionId = 'v1'): PageEvent => ({ type: 'PagePublished', data: { pageId: 'p1', versionId, slug: 'over-ons', locale: 'nl-nl' } });
export const unpublished = (versionId = 'v1'): PageEvent => ({ type: 'PageUnpublished', data: { pageId: 'p1', versionId, slug: 'over-ons', locale: 'nl-nl' } });
export const draftStarted = (versionId: string, basedOnVersionId: string): PageEvent => ({ type: 'PageDraftStarted', data: { pageId: 'p1', versionId, basedOnVersionId } });
export const requested = (versionId = 'v1', requestedBy = 'eddie', requestId = 'r1', comment = 'Graag publiceren'): PageEvent => ({
  type: 'PublicationRequested',
  data: { pageId: 'p1', versionId, requestId, comment, requestedBy },
});
export const deleted = (): PageEvent => ({ type: 'PageDeleted', data: { pageId: 'p1', locale: 'nl-nl', slug: 'over-ons', translationGroupId: 'p1' } });
