import type { AuditArea } from '@pagelog/contracts/audit/event-words';
import { endpointUrl } from '@pagelog/contracts/endpoints';
import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** The audit log's filters, as the screen's address holds them (so a filtered log can be linked to). */
export interface AuditFilters {
  actor: string;
  subject: string;
  type: string;
  area: AuditArea | '';
  /** `YYYY-MM-DDTHH:MM` in the browser's time zone (a datetime-local value), or ''. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', subject: '', type: '', area: '', from: '', to: '' };

const FILTER_NAMES = Object.keys(noAuditFilters) as (keyof AuditFilters)[];

export function filtersOf(params: URLSearchParams): AuditFilters {
  const filters = { ...noAuditFilters };
  for (const name of FILTER_NAMES) (filters as Record<string, string>)[name] = params.get(name) ?? '';
  return filters;
}

/** A datetime-local value as the ISO moment the API reads ('' stays ''; an unreadable one too). */
export function isoMoment(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** What the API is sent for these filters: empty ones left out, times as ISO moments. */
export function queryOf(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = name === 'from' || name === 'to' ? isoMoment(filters[name]) : filters[name];
    if (value) query[name] = value;
  }
  return query;
}

export const auditQueries = {
  page: (api: ApiClient, filters: AuditFilters, before: number | null) =>
    endpointQuery(api, 'auditLog', { query: { ...queryOf(filters), ...(before ? { before: String(before) } : {}) } }),
};

/** The export's address with the filters applied: a plain GET the browser downloads with the session cookie. */
export function auditExportUrl(filters: AuditFilters, format: 'json' | 'csv'): string {
  const query = new URLSearchParams({ ...queryOf(filters), format });
  return `${endpointUrl('auditExport')}?${query.toString()}`;
}
