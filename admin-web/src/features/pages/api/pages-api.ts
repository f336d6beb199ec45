import type { Block } from '@pagelog/contracts/blocks/block';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';

export interface CreatePageBody {
  title: string;
  slug: string;
  type: string;
  locale: string;
  content?: string;
  typeData?: Record<string, unknown>;
}

/** What create, create-translation and duplicate answer. */
export interface CreatedPage {
  pageID: string;
  pageVersionID: string;
  revision: number;
}

export interface SavePageBody {
  slug: string;
  shouldUpdateLinks: boolean;
  anchor?: string;
  typeData?: Record<string, unknown>;
  revision?: number;
}

export interface SavedPage {
  pageID: string;
  /** The draft version after the save (a new one when the settings changed and the draft was live). */
  pageVersionID: string;
  slug: string;
  revision: number;
  linksUpdated: number;
}

export interface StoreVersionBody extends VersionContent {
  pageID: string;
  revision: number;
}

/** store, store-and-publish and store-and-unpublish. */
export interface StoredVersion {
  pageID: string;
  pageVersionID: string;
  publishedVersionID?: string | null;
  revision: number;
  merged: boolean;
}

/** The data of a 409 to a store: the newer version, and what clashed with the editor's change. */
export interface StoreConflictData {
  currentRevision: number;
  conflicts?: string[];
  current?: VersionContent & { versionId: string };
}

/** What the publication commands answer. */
export interface PublicationResult {
  pageID: string;
  pageVersionID?: string;
  publishedVersionID?: string | null;
  requestId?: string;
  revision: number;
}

export type StoreMode = 'store' | 'publish' | 'unpublish';

const storeEndpoints = { store: 'pageVersionStore', publish: 'pageStoreAndPublish', unpublish: 'pageStoreAndUnpublish' } as const;

/** The page commands of decision 0004, and the checks the editor makes before them (the reads are pageQueries). */
export interface PagesApi {
  create(body: CreatePageBody): Promise<ApiReply<CreatedPage>>;
  createTranslation(body: { pageID: string; newLocale: string; title: string; slug: string }): Promise<ApiReply<CreatedPage>>;
  duplicate(body: { pageID: string; locale: string; title: string; slug: string }): Promise<ApiReply<CreatedPage>>;
  slugAvailable(body: { slug: string; locale: string; pageID?: string }): Promise<ApiReply<{ available: boolean; slug: string; locale: string }>>;
  anchorAvailable(body: {
    anchorName: string;
    blockKey: string;
    pageVersionBlocks: Pick<Block, 'key' | 'anchorPoint'>[];
  }): Promise<ApiReply<{ available: boolean }>>;
  save(id: string, body: SavePageBody): Promise<ApiReply<SavedPage>>;
  /** On a 409 the reply's data is a StoreConflictData (data survives failures only for 409s). */
  store(versionId: string, body: StoreVersionBody, mode: StoreMode): Promise<ApiReply<StoredVersion>>;
  publish(id: string, revision?: number): Promise<ApiReply<PublicationResult>>;
  unpublish(id: string, revision?: number): Promise<ApiReply<PublicationResult>>;
  requestPublication(id: string, body: { comment: string; revision?: number }): Promise<ApiReply<PublicationResult>>;
  acceptPublication(versionId: string, body: { feedback: string; pageID: string }): Promise<ApiReply<PublicationResult>>;
  rejectPublication(versionId: string, body: { feedback: string; pageID: string }): Promise<ApiReply<PublicationResult>>;
  revokePublication(versionId: string, body: { pageID: string }): Promise<ApiReply<PublicationResult>>;
  resendPublication(versionId: string, body: { comment?: string; pageID: string }): Promise<ApiReply<PublicationResult>>;
  delete(id: string, revision?: number): Promise<ApiReply<{ pageID: string; revision: number }>>;
}

export function createPagesApi(api: ApiClient): PagesApi {
  return {
    create: (body) => api.call('pageCreate', { body }),
    createTranslation: (body) => api.call('pageCreateTranslation', { body }),
    duplicate: (body) => api.call('pageDuplicate', { body }),
    slugAvailable: (body) => api.call('pageSlugAvailable', { body }),
    anchorAvailable: (body) => api.call('pageAnchorAvailable', { body }),
    save: (id, body) => api.call('pageSave', { params: { id }, body }),
    store: (versionId, body, mode) => api.call(storeEndpoints[mode], { params: { id: versionId }, body }),
    publish: (id, revision) => api.call('pagePublish', { params: { id }, body: revision === undefined ? {} : { revision } }),
    unpublish: (id, revision) => api.call('pageUnpublish', { params: { id }, body: revision === undefined ? {} : { revision } }),
    requestPublication: (id, body) => api.call('pageRequestPublication', { params: { id }, body }),
    acceptPublication: (versionId, body) => api.call('pageAcceptPublication', { params: { id: versionId }, body }),
    rejectPublication: (versionId, body) => api.call('pageRejectPublication', { params: { id: versionId }, body }),
    revokePublication: (versionId, body) => api.call('pageRevokePublication', { params: { id: versionId }, body }),
    resendPublication: (versionId, body) => api.call('pageResendPublication', { params: { id: versionId }, body }),
    delete: (id, revision) => api.call('pageDelete', { params: { id }, body: revision === undefined ? {} : { revision } }),
  };
}
