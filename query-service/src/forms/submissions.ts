import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { submissionOwner } from '@pagelog/contracts/events/form-events';
import type { FormValues } from '@pagelog/contracts/forms/form-schema';
import { fieldsOf, forms } from '@pagelog/contracts/forms/forms';
import { shownValue } from '@pagelog/contracts/forms/shown-value';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import type { SubmissionDetails, SubmissionSummary, SubmissionValue } from '@pagelog/contracts/forms/submission';
import type { ListPage } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import { normalize } from '@pagelog/storage/search-index/analysis';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { QueryDeps } from '../core/query-deps';

const submissions = readModels.formSubmissions.collection;
const EXCERPT_LENGTH = 140;

export type SubmissionReadDeps = Pick<QueryDeps, 'readModels'> & { vault: PersonalDataVault };

export interface SubmissionListFilter {
  form: string;
  status: string;
  /** YYYY-MM-DD, inclusive; '' for no bound. */
  from: string;
  to: string;
  searchTerm: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** The values of a submission, or null when its submitter's key is gone (erased). */
async function openValues(deps: SubmissionReadDeps, doc: SubmissionDoc): Promise<FormValues | null> {
  return deps.vault.open<FormValues>(submissionOwner(doc.id), doc.values);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function summaryOf(doc: SubmissionDoc, values: FormValues | null): SubmissionSummary {
  const form = forms[doc.form];
  const longest = fieldsOf(form)
    .filter((field) => field.kind === 'textarea')
    .map((field) => text(values?.[field.name]))
    .sort((a, b) => b.length - a.length)[0] ?? '';
  const excerpt = longest.length > EXCERPT_LENGTH ? `${longest.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/, '')}…` : longest;
  return {
    id: doc.id,
    form: doc.form,
    locale: doc.locale,
    pageId: doc.pageId,
    receivedAt: doc.receivedAt,
    status: doc.status,
    suspected: doc.suspected,
    reasons: doc.reasons,
    submitter: values
      ? { name: text(values.name) || text(values.contactPerson), email: text(values.email), organisation: text(values.organisation) }
      : null,
    excerpt: values ? excerpt : '',
  };
}

/** Whether the values hold the term, without capitals or accents. */
function holds(values: FormValues, term: string): boolean {
  return Object.values(values).some((value) => typeof value !== 'boolean' && normalize(Array.isArray(value) ? value.join(' ') : value).includes(term));
}

/**
 * A page of the submissions (forms/submissions), newest first unless asked otherwise. Form,
 * status and day are read-model conditions; a search term opens the values of every submission
 * the other conditions let through (in memory, never written down), which is fine for the
 * thousands of submissions a firm's forms collect, and finds nothing of an erased submitter.
 */
export async function listSubmissions(deps: SubmissionReadDeps, filter: SubmissionListFilter): Promise<ListPage<SubmissionSummary>> {
  const where: Record<string, string> = {};
  if (filter.form) where.form = filter.form;
  if (filter.status) where.status = filter.status;
  let docs = await deps.readModels.find<SubmissionDoc>(submissions, { where, orderBy: { field: 'position', direction: filter.sortOrder } });
  const day = (doc: SubmissionDoc) => doc.receivedAt.slice(0, 10);
  if (filter.from) docs = docs.filter((doc) => day(doc) >= filter.from);
  if (filter.to) docs = docs.filter((doc) => day(doc) <= filter.to);
  const start = filter.pageIndex * filter.pageSize;
  if (filter.searchTerm === '') {
    const page = docs.slice(start, start + filter.pageSize);
    const opened = await Promise.all(page.map((doc) => openValues(deps, doc)));
    return { items: page.map((doc, i) => summaryOf(doc, opened[i]!)), totalItems: docs.length };
  }
  const term = normalize(filter.searchTerm);
  const found: SubmissionSummary[] = [];
  for (const doc of docs) {
    const values = await openValues(deps, doc);
    if (values && holds(values, term)) found.push(summaryOf(doc, values));
  }
  return { items: found.slice(start, start + filter.pageSize), totalItems: found.length };
}

/** One submission with every field of its form (forms/submission/:id). */
export async function readSubmission(deps: SubmissionReadDeps, id: string): Promise<SubmissionDetails> {
  const doc = await deps.readModels.get<SubmissionDoc>(submissions, id);
  if (!doc) throw new NotFoundError('V_12', 'id', 'form');
  const values = await openValues(deps, doc);
  const fields: SubmissionValue[] | null = values
    ? fieldsOf(forms[doc.form]).map((field) => ({ field: field.name, label: field.label.en, value: shownValue(field, values[field.name]) }))
    : null;
  return { ...summaryOf(doc, values), values: fields };
}
