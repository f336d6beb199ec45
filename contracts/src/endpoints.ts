import { returns, type Committed, type Empty, type Endpoint, type FileBody } from './endpoint-kit';
import type { CommandResult } from './envelope';
import { releaseEndpoints } from './releases/release-endpoints';
import type { EditableSettings, PublicSettings, UpdatedSettings } from './settings/site-settings';
import { updateSettingsSchema } from './settings/schemas';
import type {
  CreatedPage,
  DeletedPage,
  ListPage,
  PageDetails,
  PageHistoryEntry,
  PageListItem,
  PageVersionView,
  PublicationRequestView,
  PublicPageAnswer,
  PublicPageView,
  PublishedPage,
  RequestedPublication,
  ReviewedRequest,
  SavedPage,
  SiblingSlug,
  PublicPageCard,
  PublicPageList,
  SlugAvailability,
  StoredVersion,
} from './pages/page';
import type { SiteStructure } from './pages/site-structure';
import { auditExportSchema, auditLogSchema, type AuditLogPage } from './audit/audit-log';
import { asOfSiteReadSchema, timeTravelLinkSchema, timeTravelMomentSchema, type AsOfView, type TimeTravelLink, type TimeTravelMoment } from './time-travel/time-travel';
import { markUpToDateSchema, type TranslationStatus } from './pages/translation-status';
import { cancelScheduleSchema, schedulePageSchema, type ScheduledChange, type UpcomingSchedule } from './pages/schedules';
import type { ReplayState, ReplayStep, VersionComparison, VersionSummary } from './pages/version-diff';
import type { AddedFile, DirectoryView, MediaItemView, MediaListing, PagesUsingFile } from './media/media';
import {
  addVideoSchema,
  createDirSchema,
  deleteDirectorySchema,
  deleteFileSchema,
  editFileSchema,
  getDirSchema,
  listPagesByFileSchema,
  moveDirectorySchema,
  moveFileSchema,
  pageFileQuerySchema,
  previewCropSchema,
  previewImageSchema,
  searchFilesSchema,
  sharedFileQuerySchema,
} from './media/schemas';
import type { MenuHistoryEntry, MenuView, PublicMenus, SavedMenu } from './menus/menu';
import type { FormCsrfToken } from './site/form-csrf';
import type { SearchIndexStatus, SearchJobRequested, SearchResponse } from './search/search';
import { searchSchema } from './search/schemas';
import type { MergedTag, PageTags, RenamedTag, TagValidation, TagView } from './tags/tag';
import { confirmSubscriptionSchema, submissionExportSchema, submissionHandledSchema, submissionListSchema, submissionSpamSchema, submitFormSchema, submitterSchema } from './forms/schemas';
import type { ErasedSubmitter, FormSubmissionAccepted, SubscriptionConfirmed, SubmissionDetails, SubmissionSummary, SubmitterPreview } from './forms/submission';
import { updateNewsletterPopupSchema, type EditableNewsletterPopup, type PublicNewsletterPopup, type UpdatedNewsletterPopup } from './newsletter-popup/popup-settings';
import { updateFormSettingsSchema, type EditableFormSettingsList, type PublicFormSettings, type UpdatedFormSettings } from './forms/form-settings';
import { fetchTagsSchema, mergeTagSchema, pageTagsSchema, publicTagSchema, renameTagSchema, searchTagsSchema, validateTagSchema } from './tags/schemas';
import { menuLocaleSchema, menuRefSchema, publishMenuSchema, restoreMenuSchema, saveMenuDraftSchema } from './menus/schemas';
import type { Access, RoleView } from './permissions';
import type { ProjectionStatus } from './read-models';
import type { ANONYMOUS_USER, SessionInfo, UserView } from './users/user';
import {
  acceptPublicationSchema,
  anchorAvailableSchema,
  compareVersionsSchema,
  createPageSchema,
  createTranslationSchema,
  duplicatePageSchema,
  getMultipleSchema,
  publicCardsSchema,
  publicListSchema,
  getPagesSchema,
  openPreviewSchema,
  pageListSchema,
  previewPageSchema,
  publishSchema,
  rejectPublicationSchema,
  requestPublicationSchema,
  resendPublicationSchema,
  revokePublicationSchema,
  savePageSchema,
  searchPagesSchema,
  slugAvailableSchema,
  siteStructureSchema,
  slugLookupSchema,
  storeAndPublishSchema,
  storeVersionSchema,
} from './pages/schemas';
import {
  createUserSchema,
  forgotPasswordSchema,
  listQuerySchema,
  loginSchema,
  registerSchema,
  resetAccountSchema,
  setupSchema,
  updateUserSchema,
} from './users/schemas';

/** Where every call lives: `/api/cms` + the endpoint path. */
export const API_BASE = '/api/cms';

export type { Endpoint, FileBody, HttpMethod } from './endpoint-kit';
export { FILE_BODY } from './endpoint-kit';

/** The signed-in user with the session's settings. */
type SessionUser = UserView & { session: SessionInfo };

export const endpoints = {
  // Authentication (spec section 7) and first-run setup.
  authLogin: { method: 'POST', path: '/auth/login', kind: 'command', model: 'user', schema: loginSchema, access: 'public', response: returns<UserView>() },
  authLogout: { method: 'POST', path: '/auth/logout', kind: 'command', model: 'user', access: 'public', response: returns<Empty>() },
  authUser: { method: 'POST', path: '/auth/user', kind: 'query', model: 'user', access: 'public', csrf: false, response: returns<SessionUser | typeof ANONYMOUS_USER>() },
  authRefreshSession: { method: 'POST', path: '/auth/refresh-session', kind: 'query', model: 'user', access: 'authenticated', response: returns<SessionUser>() },
  authRegister: { method: 'POST', path: '/auth/register', kind: 'command', model: 'user', schema: registerSchema, access: { permission: 'manage-users' }, response: returns<Committed<UserView>>() },
  authResetAccount: { method: 'POST', path: '/auth/reset-account', kind: 'command', model: 'user', schema: resetAccountSchema, access: 'public', response: returns<CommandResult>() },
  authForgotPassword: { method: 'POST', path: '/auth/forgot-password', kind: 'command', model: 'user', schema: forgotPasswordSchema, access: 'public', response: returns<Empty>() },
  authSetup: { method: 'POST', path: '/auth/setup', kind: 'command', model: 'user', schema: setupSchema, access: 'public', response: returns<UserView>() },
  // Users and roles.
  userList: { method: 'GET', path: '/user/list', kind: 'query', model: 'user', schema: listQuerySchema, access: { permission: 'manage-users' }, response: returns<UserView[] | ListPage<UserView>>() },
  userCurrent: { method: 'GET', path: '/user', kind: 'query', model: 'user', access: 'authenticated', response: returns<UserView>() },
  userCreate: { method: 'POST', path: '/user', kind: 'command', model: 'user', schema: createUserSchema, access: { permission: 'manage-users' }, response: returns<Committed<UserView>>() },
  userUpdate: { method: 'PUT', path: '/user/:id', kind: 'command', model: 'user', schema: updateUserSchema, access: { permission: 'manage-users', orSelf: 'id' }, response: returns<Committed<UserView>>() },
  userDelete: { method: 'DELETE', path: '/user/:id', kind: 'command', model: 'user', access: { permission: 'manage-users' }, response: returns<CommandResult>() },
  userImageStore: { method: 'PUT', path: '/user/:id/image', kind: 'command', model: 'user', access: { permission: 'manage-users', orSelf: 'id' }, multipart: true, response: returns<Committed<UserView>>() },
  userImageDelete: { method: 'DELETE', path: '/user/:id/image', kind: 'command', model: 'user', access: { permission: 'manage-users', orSelf: 'id' }, response: returns<Committed<UserView>>() },
  userImageGet: { method: 'GET', path: '/user/:id/image', kind: 'query', model: 'user', access: 'authenticated', head: true, response: returns<FileBody>() },
  roleList: { method: 'GET', path: '/role/list', kind: 'query', model: 'role', access: { permission: 'manage-users' }, response: returns<RoleView[]>() },
  // Settings, pages, system.
  settingsGet: { method: 'GET', path: '/settings/get', kind: 'query', model: 'settings', access: 'public', head: true, response: returns<PublicSettings>() },
  // The site settings screen (issue 13): the settings to edit, the save, and the public addresses of the logo and the default SEO image.
  settingsEdit: { method: 'GET', path: '/settings/edit', kind: 'query', model: 'settings', access: { permission: 'manage-settings' }, response: returns<EditableSettings>() },
  settingsUpdate: { method: 'POST', path: '/settings/update', kind: 'command', model: 'settings', schema: updateSettingsSchema, access: { permission: 'manage-settings' }, response: returns<Committed<UpdatedSettings>>() },
  settingsImage: { method: 'GET', path: '/settings/image/:group/:hash/:fileName', kind: 'query', model: 'settings', schema: sharedFileQuerySchema, access: 'public', head: true, response: returns<FileBody>() },
  // Pages (spec section 7, "Pages"). Read-only POSTs say csrf: false.
  pageCreate: { method: 'POST', path: '/page/create', kind: 'command', model: 'page', schema: createPageSchema, access: { permission: 'create-page' }, response: returns<Committed<CreatedPage>>() },
  pageCreateTranslation: { method: 'POST', path: '/page/create-translation', kind: 'command', model: 'page', schema: createTranslationSchema, access: { permission: 'create-page' }, response: returns<Committed<CreatedPage>>() },
  pageDuplicate: { method: 'POST', path: '/page/duplicate', kind: 'command', model: 'page', schema: duplicatePageSchema, access: { permission: 'create-page' }, response: returns<Committed<CreatedPage>>() },
  pageSave: { method: 'PUT', path: '/page/:id/save', kind: 'command', model: 'page', schema: savePageSchema, access: { permission: 'edit-page' }, response: returns<Committed<SavedPage>>() },
  pageVersionStore: { method: 'POST', path: '/page/version/:id/store', kind: 'command', model: 'pageVersion', schema: storeVersionSchema, access: { permission: 'edit-page' }, response: returns<Committed<StoredVersion>>() },
  pageStoreAndPublish: { method: 'POST', path: '/page/version/:id/store-and-publish', kind: 'command', model: 'pageVersion', schema: storeAndPublishSchema, access: { permission: ['edit-page', 'publish-page'] }, response: returns<Committed<StoredVersion>>() },
  pageStoreAndUnpublish: { method: 'POST', path: '/page/version/:id/store-and-unpublish', kind: 'command', model: 'pageVersion', schema: storeAndPublishSchema, access: { permission: ['edit-page', 'publish-page'] }, response: returns<Committed<StoredVersion>>() },
  pagePublish: { method: 'POST', path: '/page/:id/publish', kind: 'command', model: 'page', schema: publishSchema, access: { permission: 'publish-page' }, response: returns<Committed<PublishedPage>>() },
  pageUnpublish: { method: 'POST', path: '/page/:id/unpublish', kind: 'command', model: 'page', schema: publishSchema, access: { permission: 'publish-page' }, response: returns<Committed<PublishedPage>>() },
  pageRequestPublication: { method: 'POST', path: '/page/:id/request-publication', kind: 'command', model: 'publicationRequest', schema: requestPublicationSchema, access: { permission: 'request-publication' }, response: returns<Committed<RequestedPublication>>() },
  pageAcceptPublication: { method: 'POST', path: '/page/version/:id/accept-publication', kind: 'command', model: 'publicationRequest', schema: acceptPublicationSchema, access: { permission: 'review-publication' }, response: returns<Committed<ReviewedRequest>>() },
  pageRejectPublication: { method: 'POST', path: '/page/version/:id/reject-publication', kind: 'command', model: 'publicationRequest', schema: rejectPublicationSchema, access: { permission: 'review-publication' }, response: returns<Committed<ReviewedRequest>>() },
  pageRevokePublication: { method: 'POST', path: '/page/version/:id/revoke-publication', kind: 'command', model: 'publicationRequest', schema: revokePublicationSchema, access: { permission: 'request-publication' }, response: returns<Committed<ReviewedRequest>>() },
  pageResendPublication: { method: 'POST', path: '/page/version/:id/resend-publication', kind: 'command', model: 'publicationRequest', schema: resendPublicationSchema, access: { permission: 'request-publication' }, response: returns<Committed<ReviewedRequest>>() },
  pageTranslationStatus: { method: 'GET', path: '/page/:id/translation-status', kind: 'query', model: 'page', access: 'authenticated', response: returns<TranslationStatus>() },
  pageTranslationUpToDate: { method: 'POST', path: '/page/:id/translation/up-to-date', kind: 'command', model: 'page', schema: markUpToDateSchema, access: { permission: 'edit-page' }, response: returns<Committed<{ pageID: string; revision: number }>>() },
  pageSchedule: { method: 'POST', path: '/page/:id/schedule', kind: 'command', model: 'page', schema: schedulePageSchema, access: { permission: 'publish-page' }, response: returns<Committed<ScheduledChange>>() },
  pageScheduleCancel: { method: 'POST', path: '/page/:id/schedule/cancel', kind: 'command', model: 'page', schema: cancelScheduleSchema, access: { permission: 'publish-page' }, response: returns<Committed<{ pageID: string; revision: number }>>() },
  pageSchedules: { method: 'GET', path: '/page/schedules', kind: 'query', model: 'page', access: 'authenticated', response: returns<UpcomingSchedule[]>() },
  // Releases (issue 17): contracts/src/releases/release-endpoints.ts.
  ...releaseEndpoints,
  pageDelete: { method: 'POST', path: '/page/:id/delete', kind: 'command', model: 'page', schema: publishSchema, access: { permission: 'delete-page' }, response: returns<Committed<DeletedPage>>() },
  // Answered by the command service: it owns the slug claims, so the answer is the one a create would get.
  pageSlugAvailable: { method: 'POST', path: '/page/slug-available', kind: 'command', model: 'page', schema: slugAvailableSchema, access: 'authenticated', csrf: false, response: returns<SlugAvailability>() },
  pageAnchorAvailable: { method: 'POST', path: '/page/anchor-available', kind: 'query', model: 'pageVersion', schema: anchorAvailableSchema, access: 'authenticated', csrf: false, response: returns<{ available: boolean }>() },
  pageGet: { method: 'GET', path: '/page/:id', kind: 'query', model: 'page', access: 'authenticated', response: returns<PageDetails>() },
  pageHistory: { method: 'GET', path: '/page/:id/history', kind: 'query', model: 'page', access: 'authenticated', response: returns<PageHistoryEntry[]>() },
  pageGetMultiple: { method: 'POST', path: '/page/get-multiple', kind: 'query', model: 'page', schema: getMultipleSchema, access: 'authenticated', csrf: false, response: returns<PageListItem[]>() },
  // Issue 17: every version of a page, and two of them compared (`to` may be `live` or `draft`).
  // The page's whole history as stored, with each event's link in the hash chain, for auditors (a JSON file).
  pageHistoryExport: { method: 'GET', path: '/page/:id/history/export', kind: 'query', model: 'page', access: { permission: 'view-audit' }, response: returns<FileBody>() },
  // Replaying a page: its steps, and the page as it was right after one of them (by the stream's revision).
  // The site-wide audit log (issue 17): every event, filtered, newest first; and its export by period.
  auditLog: { method: 'GET', path: '/audit', kind: 'query', model: 'audit', schema: auditLogSchema, access: { permission: 'view-audit' }, response: returns<AuditLogPage>() },
  auditExport: { method: 'GET', path: '/audit/export', kind: 'query', model: 'audit', schema: auditExportSchema, access: { permission: 'view-audit' }, response: returns<FileBody>() },
  // Time travel (issue 17, decision 0005): the moment a date or position names, a signed link to
  // the site as of it, and the site's reads as of a link's moment (the distributed site makes them).
  timeTravelMoment: { method: 'GET', path: '/time-travel/moment', kind: 'query', model: 'timeTravel', schema: timeTravelMomentSchema, access: { permission: 'time-travel' }, response: returns<TimeTravelMoment>() },
  timeTravelLink: { method: 'POST', path: '/time-travel/link', kind: 'query', model: 'timeTravel', schema: timeTravelLinkSchema, access: { permission: 'time-travel' }, csrf: false, response: returns<TimeTravelLink>() },
  timeTravelOpen: { method: 'POST', path: '/time-travel/open', kind: 'query', model: 'timeTravel', schema: asOfSiteReadSchema.pick(['token']), access: 'public', csrf: false, response: returns<AsOfView>() },
  timeTravelSiteRead: { method: 'POST', path: '/time-travel/site-read', kind: 'query', model: 'timeTravel', schema: asOfSiteReadSchema, access: 'public', csrf: false, response: returns<{ value: unknown }>() },
  pageReplay: { method: 'GET', path: '/page/:id/replay', kind: 'query', model: 'page', access: 'authenticated', response: returns<ReplayStep[]>() },
  pageReplayState: { method: 'GET', path: '/page/:id/replay/:revision', kind: 'query', model: 'page', access: 'authenticated', response: returns<ReplayState>() },
  pageVersions: { method: 'GET', path: '/page/:id/versions', kind: 'query', model: 'page', access: 'authenticated', response: returns<VersionSummary[]>() },
  pageCompare: { method: 'GET', path: '/page/:id/compare', kind: 'query', model: 'pageVersion', schema: compareVersionsSchema, access: 'authenticated', response: returns<VersionComparison>() },
  pageVersionFetch: { method: 'GET', path: '/page/version/fetch/:versionId', kind: 'query', model: 'pageVersion', access: 'authenticated', response: returns<{ pageVersion: PageVersionView }>() },
  pageFetchRequestComment: { method: 'GET', path: '/page/version/:id/fetch-request-comment', kind: 'query', model: 'publicationRequest', access: 'authenticated', response: returns<{ comment: string; request: PublicationRequestView | null }>() },
  pageFetchRequest: { method: 'GET', path: '/page/fetch-request', kind: 'query', model: 'publicationRequest', access: 'authenticated', response: returns<PublicationRequestView[]>() },
  pageSearch: { method: 'POST', path: '/page/search', kind: 'query', model: 'page', schema: searchPagesSchema, access: 'authenticated', csrf: false, response: returns<PageListItem[]>() },
  pageList: { method: 'POST', path: '/page/list', kind: 'query', model: 'page', schema: pageListSchema, access: 'authenticated', csrf: false, response: returns<ListPage<PageListItem>>() },
  pageGetPages: { method: 'POST', path: '/page/get-pages', kind: 'query', model: 'page', schema: getPagesSchema, access: 'authenticated', csrf: false, response: returns<PageListItem[]>() },
  pageSiteStructure: { method: 'POST', path: '/page/site-structure', kind: 'query', model: 'page', schema: siteStructureSchema, access: 'authenticated', csrf: false, response: returns<SiteStructure>() },
  // The public site's cards, overviews and links by page id: published pages only, the same for every visitor.
  pagePublicCards: { method: 'POST', path: '/page/public-cards', kind: 'query', model: 'page', schema: publicCardsSchema, access: 'public', csrf: false, response: returns<PublicPageCard[]>() },
  pagePublicList: { method: 'POST', path: '/page/public-list', kind: 'query', model: 'page', schema: publicListSchema, access: 'public', csrf: false, response: returns<PublicPageList>() },
  pageGetSiblingSlugs: { method: 'GET', path: '/page/get-sibling-slugs/:pageID', kind: 'query', model: 'page', access: 'public', response: returns<SiblingSlug[]>() },
  pageGetBySlug: { method: 'POST', path: '/page/get-by-slug', kind: 'query', model: 'page', schema: slugLookupSchema, access: 'public', csrf: false, response: returns<PublicPageAnswer>() },
  pagePreview: { method: 'POST', path: '/page/:id/preview', kind: 'query', model: 'page', schema: previewPageSchema, access: 'authenticated', csrf: false, response: returns<{ token: string; expiresAt: string }>() },
  pageVersionPreviewLink: { method: 'POST', path: '/page/version/:id/preview-link', kind: 'query', model: 'pageVersion', access: 'authenticated', csrf: false, response: returns<{ url: string; expiresAt: string }>() },
  pagePreviewOpen: { method: 'POST', path: '/page/preview/open', kind: 'query', model: 'page', schema: openPreviewSchema, access: 'public', csrf: false, response: returns<{ page: PublicPageView }>() },
  pageGetBySlugQuery: { method: 'GET', path: '/page/get-by-slug-query', kind: 'query', model: 'page', schema: slugLookupSchema, access: 'public', head: true, response: returns<PublicPageAnswer>() },
  // Media library (spec section 7): POSTs under /medialib/, reads with csrf: false; the files are GETs.
  mediaGetDir: { method: 'POST', path: '/medialib/get-dir', kind: 'query', model: 'media', schema: getDirSchema, access: 'authenticated', csrf: false, response: returns<MediaListing>() },
  mediaSearchFiles: { method: 'POST', path: '/medialib/search-files', kind: 'query', model: 'media', schema: searchFilesSchema, access: 'authenticated', csrf: false, response: returns<MediaListing>() },
  mediaAddFile: { method: 'POST', path: '/medialib/add-file', kind: 'command', model: 'media', access: { permission: 'manage-media' }, multipart: true, response: returns<Committed<AddedFile>>() },
  mediaAddVideo: { method: 'POST', path: '/medialib/add-video', kind: 'command', model: 'media', schema: addVideoSchema, access: { permission: 'manage-media' }, response: returns<Committed<MediaItemView>>() },
  mediaCreateDir: { method: 'POST', path: '/medialib/create-dir', kind: 'command', model: 'media', schema: createDirSchema, access: { permission: 'manage-media' }, response: returns<Committed<DirectoryView>>() },
  mediaMoveFile: { method: 'POST', path: '/medialib/move-file', kind: 'command', model: 'media', schema: moveFileSchema, access: { permission: 'manage-media' }, response: returns<Committed<MediaItemView>>() },
  mediaEditFile: { method: 'POST', path: '/medialib/edit-file', kind: 'command', model: 'media', schema: editFileSchema, access: { permission: 'manage-media' }, response: returns<Committed<MediaItemView>>() },
  mediaMoveDirectory: { method: 'POST', path: '/medialib/move-directory', kind: 'command', model: 'media', schema: moveDirectorySchema, access: { permission: 'manage-media' }, response: returns<Committed<DirectoryView>>() },
  mediaDeleteFile: { method: 'POST', path: '/medialib/delete-file', kind: 'command', model: 'media', schema: deleteFileSchema, access: { permission: 'manage-media' }, response: returns<CommandResult>() },
  mediaDeleteDirectory: { method: 'POST', path: '/medialib/delete-directory', kind: 'command', model: 'media', schema: deleteDirectorySchema, access: { permission: 'manage-media' }, response: returns<CommandResult>() },
  mediaListPagesByFile: { method: 'POST', path: '/medialib/list-pages-by-file', kind: 'query', model: 'media', schema: listPagesByFileSchema, access: 'authenticated', csrf: false, response: returns<PagesUsingFile>() },
  mediaGetPageFile: { method: 'GET', path: '/medialib/get-page-file/:pageID/:group/:hash/:fileName', kind: 'query', model: 'media', schema: pageFileQuerySchema, access: 'public', head: true, response: returns<FileBody>() },
  mediaSharedFile: { method: 'GET', path: '/medialib/file/:hash/:fileName', kind: 'query', model: 'media', schema: sharedFileQuerySchema, access: 'public', head: true, response: returns<FileBody>() },
  mediaPreviewImage: { method: 'GET', path: '/medialib/preview-image', kind: 'query', model: 'media', schema: previewImageSchema, access: 'authenticated', head: true, response: returns<FileBody>() },
  mediaPreviewCrop: { method: 'GET', path: '/medialib/preview-crop', kind: 'query', model: 'media', schema: previewCropSchema, access: 'authenticated', head: true, response: returns<FileBody>() },
  // Menus (issue 13): one per locale and kind, edited as a draft, previewed, published; history from the stream.
  menuGet: { method: 'GET', path: '/menu/get', kind: 'query', model: 'menu', schema: menuRefSchema, access: 'authenticated', response: returns<MenuView>() },
  menuHistory: { method: 'GET', path: '/menu/history', kind: 'query', model: 'menu', schema: menuRefSchema, access: 'authenticated', response: returns<MenuHistoryEntry[]>() },
  menuPreview: { method: 'GET', path: '/menu/preview', kind: 'query', model: 'menu', schema: menuLocaleSchema, access: 'authenticated', response: returns<PublicMenus>() },
  menuGetPublic: { method: 'GET', path: '/menu/get-public', kind: 'query', model: 'menu', schema: menuLocaleSchema, access: 'public', head: true, response: returns<PublicMenus>() },
  menuSaveDraft: { method: 'POST', path: '/menu/save-draft', kind: 'command', model: 'menu', schema: saveMenuDraftSchema, access: { permission: 'manage-menu' }, response: returns<Committed<SavedMenu>>() },
  menuPublish: { method: 'POST', path: '/menu/publish', kind: 'command', model: 'menu', schema: publishMenuSchema, access: { permission: 'manage-menu' }, response: returns<Committed<SavedMenu>>() },
  menuRestore: { method: 'POST', path: '/menu/restore', kind: 'command', model: 'menu', schema: restoreMenuSchema, access: { permission: 'manage-menu' }, response: returns<Committed<SavedMenu>>() },
  // Site search (issue 15): public search of published pages; an administrator rebuilds or clears the index and watches its state.
  searchSearch: { method: 'POST', path: '/search/search', kind: 'query', model: 'search', schema: searchSchema, access: 'public', csrf: false, response: returns<SearchResponse>() },
  searchStatus: { method: 'GET', path: '/search/status', kind: 'query', model: 'search', access: { permission: 'manage-search' }, response: returns<SearchIndexStatus>() },
  searchIndexAllPages: { method: 'POST', path: '/search/index-all-pages', kind: 'command', model: 'search', access: { permission: 'manage-search' }, response: returns<Committed<SearchJobRequested>>() },
  searchRemoveAllPages: { method: 'POST', path: '/search/remove-all-pages', kind: 'command', model: 'search', access: { permission: 'manage-search' }, response: returns<Committed<SearchJobRequested>>() },
  // Tags (issue 15): public tags for everyone (a visitor only sees those on a published page), private ones with a session; names checked by the server.
  tagsSearch: { method: 'POST', path: '/tags/search', kind: 'query', model: 'tag', schema: searchTagsSchema, access: 'public', csrf: false, response: returns<TagView[]>() },
  tagsSearchPrivate: { method: 'POST', path: '/tags/search-private', kind: 'query', model: 'tag', schema: searchTagsSchema, access: 'authenticated', csrf: false, response: returns<TagView[]>() },
  tagsFetch: { method: 'GET', path: '/tags/fetch', kind: 'query', model: 'tag', schema: fetchTagsSchema, access: 'public', response: returns<TagView[]>() },
  tagsFetchPrivate: { method: 'GET', path: '/tags/fetch-private', kind: 'query', model: 'tag', schema: fetchTagsSchema, access: 'authenticated', response: returns<TagView[]>() },
  tagsValidate: { method: 'POST', path: '/tags/validate', kind: 'query', model: 'tag', schema: validateTagSchema, access: 'authenticated', csrf: false, response: returns<TagValidation>() },
  tagsPublic: { method: 'GET', path: '/tags/public', kind: 'query', model: 'tag', schema: publicTagSchema, access: 'public', head: true, response: returns<TagView>() },
  pageTags: { method: 'POST', path: '/page/:id/tags', kind: 'command', model: 'page', schema: pageTagsSchema, access: { permission: 'edit-page' }, response: returns<Committed<PageTags>>() },
  tagsRename: { method: 'POST', path: '/tags/rename', kind: 'command', model: 'tag', schema: renameTagSchema, access: { permission: 'manage-tags' }, response: returns<Committed<RenamedTag>>() },
  tagsMerge: { method: 'POST', path: '/tags/merge', kind: 'command', model: 'tag', schema: mergeTagSchema, access: { permission: 'manage-tags' }, response: returns<Committed<MergedTag>>() },
  // Public forms (decision 0016): a visitor's form asks for a token when it starts; no session.
  formsCsrfToken: { method: 'GET', path: '/forms/csrf-token', kind: 'query', model: 'form', access: 'public', response: returns<FormCsrfToken>() },
  // A visitor sends a form (issue 16): checked against the form's schema, the values sealed with the submitter's key.
  // The Forms area (manage-forms): the submissions, their values opened with the submitter's key.
  formsSubmissions: { method: 'POST', path: '/forms/submissions', kind: 'query', model: 'form', schema: submissionListSchema, access: { permission: 'manage-forms' }, csrf: false, response: returns<ListPage<SubmissionSummary>>() },
  formsSubmission: { method: 'GET', path: '/forms/submission/:id', kind: 'query', model: 'form', access: { permission: 'manage-forms' }, response: returns<SubmissionDetails>() },
  formsSubmissionHandled: { method: 'POST', path: '/forms/submission/:id/handled', kind: 'command', model: 'form', schema: submissionHandledSchema, access: { permission: 'manage-forms' }, response: returns<Committed<{ submissionId: string }>>() },
  formsSubmissionSpam: { method: 'POST', path: '/forms/submission/:id/spam', kind: 'command', model: 'form', schema: submissionSpamSchema, access: { permission: 'manage-forms' }, response: returns<Committed<{ submissionId: string }>>() },
  // A submitter's data (by e-mail address): what erasing it would erase, and erasing it (their keys destroyed).
  formsSubmitter: { method: 'POST', path: '/forms/submitter', kind: 'query', model: 'form', schema: submitterSchema, access: { permission: 'manage-forms' }, csrf: false, response: returns<SubmitterPreview>() },
  formsEraseSubmitter: { method: 'POST', path: '/forms/erase-submitter', kind: 'command', model: 'form', schema: submitterSchema, access: { permission: 'manage-forms' }, response: returns<Committed<ErasedSubmitter>>() },
  // The submissions the list's filters let through as CSV, streamed (text/csv, not the envelope).
  formsSubmissionsExport: { method: 'GET', path: '/forms/submissions/export', kind: 'query', model: 'form', schema: submissionExportSchema, access: { permission: 'manage-forms' }, response: returns<FileBody>() },
  formsSubmit: { method: 'POST', path: '/forms/submit', kind: 'command', model: 'form', schema: submitFormSchema, access: 'public', csrf: 'double-submit', response: returns<Committed<FormSubmissionAccepted>>() },
  // The link of a newsletter's opt-in mail, confirmed from the site's page by a button (a mail scanner that opens the link confirms nothing).
  formsConfirmSubscription: { method: 'POST', path: '/forms/confirm-subscription', kind: 'command', model: 'form', schema: confirmSubscriptionSchema, access: 'public', csrf: 'double-submit', response: returns<Committed<SubscriptionConfirmed>>() },
  // Form settings (issue 16): per form and locale the intro, thank-you text, recipients and confirmation mail; per form the retention.
  formsSettings: { method: 'GET', path: '/forms/settings', kind: 'query', model: 'formSettings', access: { permission: 'manage-forms' }, response: returns<EditableFormSettingsList>() },
  formsSettingsUpdate: { method: 'POST', path: '/forms/settings/update', kind: 'command', model: 'formSettings', schema: updateFormSettingsSchema, access: { permission: 'manage-forms' }, response: returns<Committed<UpdatedFormSettings>>() },
  // What the site shows of a form's settings (the texts only, never the recipients): the same for every visitor.
  formsPublicSettings: { method: 'GET', path: '/forms/public-settings/:form/:locale', kind: 'query', model: 'formSettings', access: 'public', head: true, response: returns<PublicFormSettings>() },
  // The newsletter popup module (issue 16): its settings screen, and what the site shows of it.
  newsletterPopupSettings: { method: 'GET', path: '/newsletter-popup/settings', kind: 'query', model: 'newsletterPopup', access: { permission: 'manage-forms' }, response: returns<EditableNewsletterPopup>() },
  newsletterPopupUpdate: { method: 'POST', path: '/newsletter-popup/update', kind: 'command', model: 'newsletterPopup', schema: updateNewsletterPopupSchema, access: { permission: 'manage-forms' }, response: returns<Committed<UpdatedNewsletterPopup>>() },
  newsletterPopupPublic: { method: 'GET', path: '/newsletter-popup/public/:locale', kind: 'query', model: 'newsletterPopup', access: 'public', head: true, response: returns<PublicNewsletterPopup>() },
  projectionsStatus: { method: 'GET', path: '/system/projections', kind: 'query', model: 'projection', access: { permission: 'view-system' }, response: returns<ProjectionStatus[]>() },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** The type of an endpoint's answer data, as its entry in the table declares it. */
export type ResponseOf<N extends EndpointName> = (typeof endpoints)[N]['response'];

/** Fills `:name` parameters of an endpoint path and prefixes the API base. */
export function endpointUrl(name: EndpointName, params: Record<string, string> = {}): string {
  const path = endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  return API_BASE + path;
}

/**
 * The header that makes a command idempotent (decision 0007): a client names one user action with
 * a key and sends it with every attempt of that action; a retry with the same key and body is
 * answered with the first attempt's result and changes nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set (to `true`) on an answer that is the stored result of an earlier attempt with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** What a key may look like: 1 to 128 characters of letters, digits, `_`, `.`, `:` and `-` (a UUID fits). */
export function isIdempotencyKey(value: string): boolean {
  return /^[A-Za-z0-9_.:-]{1,128}$/.test(value);
}

/** Whether a call needs the session's CSRF token (see Endpoint.csrf). */
export function needsCsrf(endpoint: Endpoint): boolean {
  if (endpoint.csrf === 'double-submit') return false;
  return endpoint.csrf ?? endpoint.method !== 'GET';
}

/** Whether a call is a public form's, checked by the double-submit token instead of a session (contracts/src/site/form-csrf.ts). */
export function needsFormCsrf(endpoint: Endpoint): boolean {
  return endpoint.csrf === 'double-submit';
}

export interface EndpointMatch {
  name: EndpointName;
  endpoint: Endpoint;
  params: Record<string, string>;
  /** Parameters whose percent-encoding is not valid UTF-8 (kept as sent in `params`). */
  undecodable: string[];
}

/** What a request names: an endpoint of the table, or a path the table has only under other methods, or nothing. */
export type EndpointLookup =
  | { kind: 'match'; match: EndpointMatch }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

const compiled = (Object.entries(endpoints) as [EndpointName, Endpoint][])
  .map(([name, endpoint]) => {
    const keys: string[] = [];
    // Parameters take one non-empty segment; literal parts match exactly, letter case included.
    const source = endpoint.path
      .split(/(:[A-Za-z]+)/)
      .map((part) => {
        if (part.startsWith(':')) {
          keys.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { name, endpoint, keys, pattern: new RegExp(`^${API_BASE}${source}$`) };
  })
  // A literal path wins over a parameter in the same place (/page/get-by-slug-query before /page/:id).
  .sort((a, b) => a.keys.length - b.keys.length);

/** The methods a request may use on an endpoint: its own, and HEAD where the table allows it. */
export function methodsOf(endpoint: Endpoint): string[] {
  return endpoint.head ? [endpoint.method, 'HEAD'] : [endpoint.method];
}

/**
 * The endpoint a request is for. Matching is exact: the path as the client sent it (no decoding
 * before matching, no letter-case folding, no trailing slash), and the method the table names
 * (HEAD only where it says `head`, answered as its GET with the same access).
 */
export function lookupEndpoint(method: string, path: string): EndpointLookup {
  const allowed = new Set<string>();
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    const methods = methodsOf(c.endpoint);
    if (!methods.includes(method)) {
      for (const each of methods) allowed.add(each);
      continue;
    }
    const params: Record<string, string> = {};
    const undecodable: string[] = [];
    for (const [i, key] of c.keys.entries()) {
      const raw = m[i + 1]!;
      try {
        params[key] = decodeURIComponent(raw);
      } catch {
        params[key] = raw;
        undecodable.push(key);
      }
    }
    return { kind: 'match', match: { name: c.name, endpoint: c.endpoint, params, undecodable } };
  }
  return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed] } : { kind: 'not-found' };
}

/** The endpoint a request is for, with its path parameters; null when no endpoint has that method and path. */
export function matchEndpoint(method: string, path: string): EndpointMatch | null {
  const found = lookupEndpoint(method, path);
  return found.kind === 'match' ? found.match : null;
}
