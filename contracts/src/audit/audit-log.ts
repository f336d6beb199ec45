import { object, string } from 'yup';
import { auditAreas, type AuditArea } from './event-words';

/**
 * The site-wide audit log (issue 17): one document per event of the whole log, written by the
 * audit-log projection, found by actor, subject (a page, a file, a user), type, area and period,
 * newest first.
 */
export type AuditEntryDoc = {
  /** The position, zero-padded to 15 digits, so ids sort as positions. */
  id: string;
  position: number;
  /** When it happened, kept non-decreasing along positions (clock skew between processes never makes time run back): the period filter and "as of a date" read it. */
  at: string;
  /** The time the event itself carries. */
  occurredAt: string;
  actor: string;
  type: string;
  area: AuditArea;
  stream: string;
  revision: number;
  /** The id of what it is about (page, file, menu, tag, user, submission), null for site-wide things. */
  subject: string | null;
  /** What the subject was called at that moment (a page's title and address, a file's name); '' when it has no name of its own. */
  subjectLabel: string;
  summary: string;
  comment: string | null;
};

/** An entry as the audit log answers it: the actor's name opened at reading time (a deleted user reads as such). */
export interface AuditEntry extends Omit<AuditEntryDoc, 'id'> {
  actorName: string;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  /** Give as `before` for the next (older) page; null on the last page. */
  next: number | null;
  /** The positions the period covers (both inclusive), null without a period; first > last when it holds no event. */
  positions: { first: number; last: number } | null;
}

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

export function auditEntryId(position: number): string {
  return String(position).padStart(15, '0');
}

/** An ISO 8601 moment (a date, or a date and time with a zone), as Date.parse reads it. */
const moment = () =>
  string()
    .trim()
    .max(40, 'V_12')
    .test('moment', 'V_12', (value) => !value || (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value))))
    .default('');

const filters = {
  actor: string().trim().max(64, 'V_12').default(''),
  /** A page's id (or a file's, a user's: any subject). */
  subject: string().trim().max(64, 'V_12').default(''),
  type: string().trim().max(64, 'V_12').matches(/^[A-Za-z]*$/, 'V_12').default(''),
  area: string().oneOf(['', ...auditAreas], 'V_12').default(''),
  /** From this moment on (inclusive). */
  from: moment(),
  /** Before this moment (exclusive). A date alone means that day's start, UTC. */
  to: moment(),
};

/** A whole number in a query string, within bounds ('' when not given). */
const wholeNumber = (min: number, max: number) =>
  string()
    .trim()
    .test('whole-number', 'V_12', (value) => !value || (/^\d{1,15}$/.test(value) && Number(value) >= min && Number(value) <= max))
    .default('');

/** GET audit: a page of the log, newest first, filtered; `before` a position from `next`, `limit` 1 to 200 (50). */
export const auditLogSchema = object({
  ...filters,
  before: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  limit: wholeNumber(1, AUDIT_MAX_PAGE_SIZE),
});

/** GET audit/export: the filtered log of a period as JSON (with each event as stored and its hashes) or CSV. */
export const auditExportSchema = object({
  ...filters,
  format: string().oneOf(['json', 'csv'], 'V_12').default('json'),
});

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = ['position', 'at', 'actor', 'actorName', 'area', 'type', 'subject', 'subjectLabel', 'summary', 'comment', 'stream', 'revision', 'previousHash', 'hash'] as const;

/** The audit log's admin route, filtered (links from a page's history, a user): `/cmsadmin/audit-log?subject=…`. */
export function auditLogAdminPath(filters: { actor?: string; subject?: string; type?: string; area?: string } = {}): string {
  const text = Object.entries(filters)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `/cmsadmin/audit-log${text ? `?${text}` : ''}`;
}
