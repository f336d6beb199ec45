import { array, mixed, number, object, string } from 'yup';
import type { MenuKind } from '../menus/menu';

/**
 * Time travel (issue 17, decision 0005): the whole public site as it was after the event at a
 * position of the log, read-only, for administrators and for whoever holds a signed, expiring
 * link to that moment.
 */

/** A moment of the log: the position (as of: after the event there) and when its event happened. */
export interface TimeTravelMoment {
  position: number;
  /** When the event at `position` happened (kept non-decreasing along the log); null for position 0, before anything. */
  at: string | null;
  /** The head of the log now, and when its event happened. */
  headPosition: number;
  headAt: string | null;
  /**
   * A date after now: the site as it will be then, the present with the changes planned by then
   * (scheduled publications and unpublications, scheduled releases), in the order they happen.
   */
  future?: { at: string; changes: PlannedChangeView[] };
}

/** A change planned for later, as the view of the site as it will be applies it: a page's, or a release's menu. */
export type PlannedChangeView = PlannedPageChangeView | PlannedMenuChangeView;

/** A page published or taken off. */
export interface PlannedPageChangeView {
  action: 'publish' | 'unpublish';
  /** When it is to happen (ISO). */
  at: string;
  pageId: string;
  title: string;
  locale: string;
  slug: string;
  /** Its address on the site. */
  path: string;
  /** Who planned it, by id, and when they did. */
  scheduledBy: string;
  scheduledAt: string;
  /** The release it is part of (its pages go live together), if any. */
  release?: { id: string; name: string };
  /** Its scheduled publication failed so far (it is tried again): not as certain as the others. */
  failing?: PlannedFailure;
}

/** A planned change whose attempts failed so far: how often, the last error, and the next try. */
export interface PlannedFailure {
  attempts: number;
  message: string;
  retryAt: string | null;
}

/** A release's menu change: the menu's draft version goes on the site with the release's pages. */
export interface PlannedMenuChangeView {
  action: 'publish-menu';
  at: string;
  locale: string;
  kind: MenuKind;
  version: number;
  scheduledBy: string;
  scheduledAt: string;
  release: { id: string; name: string };
  failing?: PlannedFailure;
}

/** A link to the site as of a moment, for people with or without an account. */
export interface TimeTravelLink {
  /** The site's path that opens the view (`/_asof/<token>`): relative to the public site. */
  url: string;
  /**
   * The past (its position), the site as it will be (the future's moment, and the head now), or
   * a release's preview (the site now with the release's pages published, issue 17).
   */
  kind: 'past' | 'future' | 'release';
  position: number;
  at?: string;
  releaseId?: string;
  expiresAt: string;
}

/** What the site shows in its banner while a visitor browses a past moment or the site as it will be. */
export interface AsOfView {
  /** The past, the site as it will be, or a release's preview (absent: the past). */
  kind?: 'past' | 'future' | 'release';
  /** A release's preview: its name. */
  releaseName?: string;
  /** A release's preview of a release that could not be published as it stands: the site is shown without it. */
  releaseNotReady?: boolean;
  /** The past's position; for the future, the head it was laid over. */
  position: number;
  /** When: the past's event, or the future's moment. */
  at: string | null;
  expiresAt: string;
}

/** The site's path that opens a moment from its token, and the one that goes back to the present. */
export const AS_OF_PATH = '/_asof';
export const AS_OF_LEAVE_PATH = '/_asof/leave';
/** The cookie that keeps a visitor in a moment once they opened its link (HttpOnly, the site's own). */
export const AS_OF_COOKIE = 'pagelog_asof';

/** How long a link lasts unless asked otherwise, and at most. */
export const TIME_TRAVEL_LINK_DEFAULT_HOURS = 24;
export const TIME_TRAVEL_LINK_MAX_HOURS = 24 * 30;

/** GET /time-travel/moment: a date and time (ISO 8601) or a position; neither means now (the head). */
export const timeTravelMomentSchema = object({
  at: string().max(40, 'V_12').matches(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, { message: 'V_12', excludeEmptyString: true }),
  position: string().max(16, 'V_12').matches(/^\d+$/, { message: 'V_12', excludeEmptyString: true }),
});

/**
 * POST /time-travel/link: the moment (a position of the past, or a future date and time with its
 * offset; one of them), and how many hours the link works.
 */
export const timeTravelLinkSchema = object({
  position: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
  at: string().max(40, 'V_12').matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'V_12', excludeEmptyString: true }).optional(),
  /** A release to preview: the site as it is now with the release's pages published. */
  releaseId: string().trim().max(64, 'V_12').optional(),
  hours: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(TIME_TRAVEL_LINK_MAX_HOURS, 'V_12').default(TIME_TRAVEL_LINK_DEFAULT_HOURS),
});

/** The site's reads a time-travel token may make over HTTP (the distributed site), by name. */
export const asOfSiteReadNames = ['pageBySlug', 'siblings', 'settings', 'menus', 'pageCards', 'pageList', 'search', 'publicTag', 'formTexts', 'newsletterPopup'] as const;
export type AsOfSiteReadName = (typeof asOfSiteReadNames)[number];

/** POST /time-travel/site-read: one of the site's reads, as of the token's moment. */
export const asOfSiteReadSchema = object({
  token: string().required('V_01').max(400, 'V_12'),
  read: string().required('V_01').oneOf([...asOfSiteReadNames], 'V_12'),
  args: array(mixed()).max(4, 'V_12').default([]),
});
