import { number, object, string } from 'yup';
import type { ScheduleAction } from '../events/page-events';

export type { ScheduleAction } from '../events/page-events';
export const scheduleActions = ['publish', 'unpublish'] as const satisfies readonly ScheduleAction[];

/** A pending schedule of a page (issue 17), as the editor, the overview and the dashboard show it. */
export interface PageScheduleView {
  scheduleId: string;
  action: ScheduleAction;
  /** When it is to happen (ISO). */
  at: string;
  /** The version it publishes (the draft when it was scheduled), or the live one it takes off. */
  versionId: string;
  scheduledBy: string;
  /** Their name, where the query service opened it (the page as the editor reads it). */
  scheduledByName?: string;
  scheduledAt: string;
  /** Failed attempts so far; the last one's error and when it is tried again. */
  attempts: number;
  lastError: { code: string; message: string } | null;
  retryAt: string | null;
}

/** A page's pending schedules, at most one per action. */
export type PageSchedules = Partial<Record<ScheduleAction, PageScheduleView>>;

/**
 * page_schedules, by schedule id: every pending schedule, found by when it is due (`dueAt`: its
 * time, or the retry after a failure). The page's title and address are read from the page.
 */
export type ScheduleDoc = PageScheduleView &
  Record<string, unknown> & {
    id: string;
    pageId: string;
    dueAt: string;
  };

/** A pending schedule in the dashboard's list: the page's title and address, and who scheduled it, by name. */
export interface UpcomingSchedule extends PageScheduleView {
  pageId: string;
  title: string;
  locale: string;
  slug: string;
  scheduledByName: string;
}

/** The furthest ahead a change can be scheduled. */
export const SCHEDULE_MAX_AHEAD_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/** POST page/:id/schedule: publish the draft, or unpublish, at a moment (ISO, in the future). */
export const schedulePageSchema = object({
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
  action: string().required('V_01').oneOf([...scheduleActions], 'V_12'),
  at: string()
    .trim()
    .required('V_01')
    .max(40, 'V_12')
    .test('moment', 'V_12', (value) => !value || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)))),
});

/** POST page/:id/schedule/cancel: drop the pending schedule of an action. */
export const cancelScheduleSchema = object({
  action: string().required('V_01').oneOf([...scheduleActions], 'V_12'),
});

/** The answer of page/:id/schedule. */
export interface ScheduledChange {
  pageID: string;
  scheduleId: string;
  revision: number;
}
