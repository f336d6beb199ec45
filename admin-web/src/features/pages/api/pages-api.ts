import type { Block } from '@pagelog/contracts/blocks/block';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';

export interface CreatePageBody {
  title: string;
  slug: string;
  type: string;
  locale: string;
  content?: string;
  typeData?: Record<string, unknown>;
}

export interface SavePageBody {
  slug: string;
  shouldUpdateLinks: boolean;
  anchor?: string;
  typeData?: Record<string, unknown>;
  revision?: number;
}

export interface StoreVersionBody extends VersionContent {
  pageID: string;
  revision: number;
  /** An autosave (decision 0019); only the plain store takes it. */
  auto?: boolean;
}

export type StoreMode = 'store' | 'publish' | 'unpublish';

const storeEndpoints = { store: 'pageVersionStore', publish: 'pageStoreAndPublish', unpublish: 'pageStoreAndUnpublish' } as const;

/** The page commands of decision 0004, and the checks the editor makes before them (the reads are pageQueries). */
export interface PagesApi {
  create(body: CreatePageBody): Promise<ApiReply<ResponseOf<'pageCreate'>>>;
  createTranslation(body: { pageID: string; newLocale: string; title: string; slug: string }): Promise<ApiReply<ResponseOf<'pageCreateTranslation'>>>;
  duplicate(body: { pageID: string; locale: string; title: string; slug: string }): Promise<ApiReply<ResponseOf<'pageDuplicate'>>>;
  slugAvailable(body: { slug: string; locale: string; pageID?: string }): Promise<ApiReply<ResponseOf<'pageSlugAvailable'>>>;
  anchorAvailable(body: {
    anchorName: string;
    blockKey: string;
    pageVersionBlocks: Pick<Block, 'key' | 'anchorPoint'>[];
  }): Promise<ApiReply<ResponseOf<'pageAnchorAvailable'>>>;
  save(id: string, body: SavePageBody): Promise<ApiReply<ResponseOf<'pageSave'>>>;
  /** On a 409 the reply's data is a StoreConflictData (data survives failures only for 409s). */
  store(versionId: string, body: StoreVersionBody, mode: StoreMode): Promise<ApiReply<ResponseOf<(typeof storeEndpoints)[StoreMode]>>>;
  /** Seals the draft on screen for the site's preview (nothing is stored). */
  preview(pageId: string, body: Omit<StoreVersionBody, 'pageID' | 'revision'> & { typeData?: Record<string, unknown> }): Promise<ApiReply<ResponseOf<'pagePreview'>>>;
  publish(id: string, revision?: number): Promise<ApiReply<ResponseOf<'pagePublish'>>>;
  unpublish(id: string, revision?: number): Promise<ApiReply<ResponseOf<'pageUnpublish'>>>;
  requestPublication(id: string, body: { comment: string; revision?: number }): Promise<ApiReply<ResponseOf<'pageRequestPublication'>>>;
  acceptPublication(versionId: string, body: { feedback: string; pageID: string }): Promise<ApiReply<ResponseOf<'pageAcceptPublication'>>>;
  rejectPublication(versionId: string, body: { feedback: string; pageID: string }): Promise<ApiReply<ResponseOf<'pageRejectPublication'>>>;
  revokePublication(versionId: string, body: { pageID: string }): Promise<ApiReply<ResponseOf<'pageRevokePublication'>>>;
  resendPublication(versionId: string, body: { comment?: string; pageID: string }): Promise<ApiReply<ResponseOf<'pageResendPublication'>>>;
  delete(id: string, revision?: number): Promise<ApiReply<ResponseOf<'pageDelete'>>>;
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
    preview: (pageId, body) => api.call('pagePreview', { params: { id: pageId }, body }),
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
