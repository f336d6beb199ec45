import { claimKey } from '@pagelog/contracts/events/claim-events';
import type { PageStreamEvent, ScheduleAction } from '@pagelog/contracts/events/page-events';
import { publicationStatus, type PublicationStatus, type VersionContent } from '@pagelog/contracts/pages/page';
import type { Evolver } from '@pagelog/contracts/events/event';
import { assertNever } from '../core/decider';

/** The open publication request of the draft (a page has at most one: only its draft can be requested). */
export interface OpenRequestState {
  requestId: string;
  versionId: string;
  requestedBy: string;
  comment: string;
}

/** A pending schedule (issue 17): what it does, when, for which version, by whom, and its failed attempts. */
export interface PendingSchedule {
  scheduleId: string;
  at: string;
  versionId: string;
  scheduledBy: string;
  attempts: number;
}

/** What the page deciders need to know of a page's history. */
export interface PageState {
  exists: boolean;
  /**
   * Claims of this page that another page took over while this one did not use them
   * (ClaimFenced, by claimKey): this page can never come to use them. A page fenced before it was
   * ever written can never be created.
   */
  fences: string[];
  /** A deleted page accepts no command any more. */
  deleted: boolean;
  pageId: string;
  type: string;
  locale: string;
  slug: string;
  /** The draft's anchor and type data (publishing carries them to the site). */
  anchor: string;
  typeData: Record<string, unknown>;
  translationGroupId: string;
  /** The version editors store into. */
  draftVersionId: string;
  /** The draft has been published (now or before): it never changes again, the next store starts a new draft. */
  draftFrozen: boolean;
  /** The version on the public site, or null. */
  publishedVersionId: string | null;
  everPublished: boolean;
  /** The draft's content: what a stale save is merged against and what copies start from. */
  draft: VersionContent;
  /** Every version of the page, oldest first. */
  versionIds: string[];
  openRequest: OpenRequestState | null;
  /** The page's tag ids, public and private (page-level, like the slug). */
  tags: string[];
  /** The page it was made from as a translation (create-translation), or null. */
  translatedFrom: string | null;
  /** Pending scheduled publication and unpublication, at most one each. */
  schedules: Record<ScheduleAction, PendingSchedule | null>;
}

export const emptyContent = (title = ''): VersionContent => ({ title, blocks: [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });

export const initialPageState: PageState = {
  exists: false,
  fences: [],
  deleted: false,
  pageId: '',
  type: '',
  locale: '',
  slug: '',
  anchor: '',
  typeData: {},
  translationGroupId: '',
  draftVersionId: '',
  draftFrozen: false,
  tags: [],
  publishedVersionId: null,
  everPublished: false,
  draft: emptyContent(),
  versionIds: [],
  openRequest: null,
  translatedFrom: null,
  schedules: { publish: null, unpublish: null },
};

export function evolvePage(state: PageState, event: PageStreamEvent): PageState {
  switch (event.type) {
    case 'ClaimFenced':
      return { ...state, fences: [...state.fences, claimKey(event.data.claimStream, event.data.claimRevision)] };
    case 'PageCreated':
      return {
        ...initialPageState,
        exists: true,
        pageId: event.data.pageId,
        type: event.data.type,
        locale: event.data.locale,
        slug: event.data.slug,
        typeData: event.data.typeData,
        translationGroupId: event.data.translationGroupId,
        draftVersionId: event.data.versionId,
        draft: emptyContent(event.data.title),
        versionIds: [event.data.versionId],
        translatedFrom: event.data.copiedFrom?.as === 'translation' ? event.data.copiedFrom.pageId : null,
      };
    case 'PageVersionStored': {
      const { title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } = event.data;
      return { ...state, draft: { title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } };
    }
    case 'PageDraftStarted':
      return { ...state, draftVersionId: event.data.versionId, draftFrozen: false, versionIds: [...state.versionIds, event.data.versionId] };
    case 'PagePublished':
      return { ...state, publishedVersionId: event.data.versionId, everPublished: true, draftFrozen: true };
    case 'PageUnpublished':
      return { ...state, publishedVersionId: null };
    case 'PageSlugChanged':
      return { ...state, slug: event.data.slug };
    case 'PageAnchorChanged':
      return { ...state, anchor: event.data.anchor };
    case 'PageTypeDataChanged':
      return { ...state, typeData: event.data.typeData };
    case 'PageSettingsStored':
      return { ...state, typeData: event.data.typeData, anchor: event.data.anchor };
    case 'PageLinksUpdated':
      return { ...state, draft: { ...state.draft, blocks: event.data.blocks } };
    case 'PageDeleted':
      return { ...state, deleted: true, publishedVersionId: null, openRequest: null, schedules: { publish: null, unpublish: null } };
    case 'PublicationRequested':
      return {
        ...state,
        openRequest: { requestId: event.data.requestId, versionId: event.data.versionId, requestedBy: event.data.requestedBy, comment: event.data.comment },
      };
    case 'PublicationRequestResent':
      return state.openRequest && event.data.comment !== ''
        ? { ...state, openRequest: { ...state.openRequest, comment: event.data.comment } }
        : state;
    case 'PageTagsChanged':
      return { ...state, tags: event.data.tags };
    case 'TranslationMarkedUpToDate':
      return state;
    case 'PageChangeScheduled': {
      const d = event.data;
      return { ...state, schedules: { ...state.schedules, [d.action]: { scheduleId: d.scheduleId, at: d.at, versionId: d.versionId, scheduledBy: d.scheduledBy, attempts: 0 } } };
    }
    case 'PageScheduleCancelled':
    case 'PageScheduleCarriedOut':
      return state.schedules[event.data.action]?.scheduleId === event.data.scheduleId ? { ...state, schedules: { ...state.schedules, [event.data.action]: null } } : state;
    case 'PageScheduleFailed': {
      const pending = state.schedules[event.data.action];
      if (pending?.scheduleId !== event.data.scheduleId) return state;
      return { ...state, schedules: { ...state.schedules, [event.data.action]: { ...pending, attempts: event.data.attempt } } };
    }
    case 'PublicationRequestRevoked':
    case 'PublicationAccepted':
    case 'PublicationRejected':
      return { ...state, openRequest: null };
    default:
      return assertNever(event);
  }
}

export const pageEvolver: Evolver<PageState, PageStreamEvent> = { initialState: initialPageState, evolve: evolvePage };

export function foldPage(events: readonly PageStreamEvent[], from: PageState = initialPageState): PageState {
  return events.reduce(evolvePage, from);
}

/** The page's status (spec section 4), derived the same way everywhere. */
export function statusOf(state: PageState): PublicationStatus {
  return publicationStatus({ publishedVersionID: state.publishedVersionId, draftVersionID: state.draftVersionId, everPublished: state.everPublished });
}

/** A page that exists and has not been deleted: the only kind a command may act on. */
export function isLive(state: PageState): boolean {
  return state.exists && !state.deleted;
}

/**
 * What a 409 tells an editor whose command was based on an older revision of the page: that the
 * revision clashed, and the page as it is now (its settings, status and draft), to compare with.
 */
export function pageConflictDetails(state: PageState): { conflicts: string[]; current: Record<string, unknown> } {
  return {
    conflicts: ['revision'],
    current: {
      slug: state.slug,
      anchor: state.anchor,
      typeData: state.typeData,
      status: statusOf(state),
      versionId: state.draftVersionId,
      publishedVersionId: state.publishedVersionId,
      hasPublicationRequest: state.openRequest !== null,
      ...state.draft,
    },
  };
}
