import type { Block } from '@pagelog/contracts/blocks/block';
import type { EndpointName } from '@pagelog/contracts/endpoints';
import type { PageDetails, PageVersionView } from '@pagelog/contracts/pages/page';
import { availablePageActions } from '@pagelog/contracts/pages/page-actions';
import type { UserView } from '@pagelog/contracts/users/user';
import { fakeServer, type Answer, type FakeServer } from './fake-server';
import { success } from './replies';
import { aUser } from './users';

/** The actions the server lists for a page and the user reading it (an administrator unless given). */
export function actionsFor(page: PageDetails, reader: UserView = aUser()): PageDetails['availableActions'] {
  return availablePageActions({ page, permissions: reader.role?.permissions.map((p) => p.name) ?? [], userId: String(reader.ID) });
}

/** A page as GET /page/{id} answers it to an administrator, for specs. */
export function aPage(overrides: Partial<PageDetails> = {}): PageDetails {
  const page: PageDetails = {
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
    breadcrumbs: [],
    translations: [],
    availableActions: [],
    ...overrides,
  };
  return { ...page, availableActions: overrides.availableActions ?? actionsFor(page) };
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

/**
 * The fake server of one page and its draft (aPage() and aVersion() unless given): reads answer
 * them, at the page's latest revision; every command on the page moves that revision on.
 */
export function pageServer(page = aPage(), version = aVersion(), answers: Partial<Record<EndpointName, Answer>> = {}): FakeServer {
  let revision = page.revision;
  const next = () => ++revision;
  const published = (data: Record<string, unknown> = {}) => () => success({ pageID: page.id, revision: next(), ...data });
  const stored = () => success({ pageID: page.id, pageVersionID: version.id, revision: next(), merged: false });
  return fakeServer({
    pageGet: () => success({ ...page, revision }),
    pageVersionFetch: success({ pageVersion: version }),
    pageFetchRequestComment: success({ comment: '', request: null }),
    pageSave: (call) => success({ pageID: page.id, pageVersionID: version.id, slug: (call.body as { slug: string }).slug, revision: next(), linksUpdated: 0 }),
    pageVersionStore: stored,
    pageStoreAndPublish: stored,
    pageStoreAndUnpublish: stored,
    pagePublish: published({ publishedVersionID: version.id }),
    pageUnpublish: published({ publishedVersionID: null }),
    pageRequestPublication: published({ pageVersionID: version.id, requestId: 'request-1' }),
    pageAcceptPublication: published(),
    pageRejectPublication: published(),
    pageRevokePublication: published(),
    pageResendPublication: published(),
    pageDelete: published(),
    pageCreate: success({ pageID: 'page-new', pageVersionID: 'version-new', revision: 1 }),
    pageCreateTranslation: success({ pageID: 'page-translation', pageVersionID: 'version-t', revision: 1 }),
    pageDuplicate: success({ pageID: 'page-copy', pageVersionID: 'version-c', revision: 1 }),
    ...answers,
  });
}
