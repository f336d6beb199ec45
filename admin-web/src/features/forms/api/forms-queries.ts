import { endpointUrl } from '@pagelog/contracts/endpoints';
import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** The Forms area's filters beside the list (the list's own page, term and order come from the paginated list). */
export interface SubmissionFilters {
  form: string;
  status: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

export const noFilters: SubmissionFilters = { form: '', status: '', from: '', to: '' };

export interface SubmissionListRequest extends SubmissionFilters {
  searchTerm: string;
  columnToSort: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** The Forms area's reads (issue 16), as queries keyed by their endpoint. */
export const formsQueries = {
  list: (api: ApiClient, request: SubmissionListRequest) => endpointQuery(api, 'formsSubmissions', { body: { ...request } }),
  detail: (api: ApiClient, id: string) => endpointQuery(api, 'formsSubmission', { params: { id } }),
  /** What erasing the submitter would erase: for the confirmation that names it. */
  submitter: (api: ApiClient, email: string) => endpointQuery(api, 'formsSubmitter', { body: { email } }),
};

/**
 * The export's address with the filters applied (a plain GET the browser downloads: the session
 * cookie goes with it, and a download needs no CSRF token). Empty filters are left out.
 */
export function exportUrl(filters: SubmissionFilters & { searchTerm?: string }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const text = query.toString();
  return endpointUrl('formsSubmissionsExport') + (text ? `?${text}` : '');
}
