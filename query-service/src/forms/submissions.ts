import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { submissionOwner } from '@pagelog/contracts/events/form-events';
import type { FormValues } from '@pagelog/contracts/forms/form-schema';
import type { FormField } from '@pagelog/contracts/forms/form-fields';
import { fieldsOf, FORM_IDS, forms, type FormId } from '@pagelog/contracts/forms/forms';
import { shownValue } from '@pagelog/contracts/forms/shown-value';
import type { SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import type { SubmissionDetails, SubmissionSummary, SubmissionValue, SubmitterPreview } from '@pagelog/contracts/forms/submission';
import type { ListPage } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import { normalize } from '@pagelog/storage/search-index/analysis';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import { submitterIndex } from '@pagelog/storage/key-store/submitter-index';
import { csvRow } from '../core/csv';
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
  /** '' and receivedAt: the log's order; form: by the form's name; submitter: by the name sent (erased ones last). */
  columnToSort?: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** The values of a submission, or null when its submitter's key is gone (erased). */
async function openValues(deps: SubmissionReadDeps, doc: SubmissionDoc): Promise<FormValues | null> {
  // Erased: the projection dropped the sealed copy ('' is no sealed value the vault could open).
  if (doc.erasedAt !== null || doc.values === '') return null;
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
  const direction = filter.sortOrder === 'asc' ? 1 : -1;
  // A stable sort: within one form the time order stays.
  if (filter.columnToSort === 'form') docs = [...docs].sort((a, b) => direction * forms[a.form].adminLabel.localeCompare(forms[b.form].adminLabel));
  if (filter.searchTerm === '' && filter.columnToSort !== 'submitter') {
    const page = docs.slice(start, start + filter.pageSize);
    const opened = await Promise.all(page.map((doc) => openValues(deps, doc)));
    return { items: page.map((doc, i) => summaryOf(doc, opened[i]!)), totalItems: docs.length };
  }
  // A term, or the submitter's name to sort by: the values of every submission let through are opened.
  const term = normalize(filter.searchTerm);
  let found: SubmissionSummary[] = [];
  for (const doc of docs) {
    const values = await openValues(deps, doc);
    if (term === '' || (values && holds(values, term))) found.push(summaryOf(doc, values));
  }
  if (filter.columnToSort === 'submitter') {
    const nameOf = (item: SubmissionSummary) => item.submitter?.name || item.submitter?.email || '';
    const named = found.filter((item) => item.submitter !== null).sort((a, b) => direction * nameOf(a).localeCompare(nameOf(b), 'nl', { sensitivity: 'base' }));
    found = [...named, ...found.filter((item) => item.submitter === null)];
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

/** The list's filters without the paging: what the export takes. */
export type SubmissionExportFilter = Omit<SubmissionListFilter, 'pageIndex' | 'pageSize'>;

/** How many documents the export reads at a time: the file is written as they come. */
export const EXPORT_PAGE_SIZE = 200;

const statusLabel = { new: 'New', handled: 'Handled', spam: 'Spam' } as const;

/** The fields of the forms exported, each once, in the forms' order: every field of one form, or of all. */
function exportedFields(form: string): FormField[] {
  const ids: readonly FormId[] = form ? [form as FormId] : FORM_IDS;
  const seen = new Map<string, FormField>();
  for (const id of ids) for (const field of fieldsOf(forms[id])) if (!seen.has(field.name)) seen.set(field.name, field);
  return [...seen.values()];
}

/**
 * The submissions the list's filters let through, as CSV rows (forms/submissions/export): a
 * header row of English labels, then one row a submission, read from the read model a page at a
 * time and opened one by one, so the file is never held whole. A submission that comes in while
 * it runs may be in it or not; none is written twice (the rows follow the log position, and a
 * page that shifted is skipped up to the last row written). An erased submission is a row with
 * when and why, and no values.
 */
export async function* exportSubmissions(deps: SubmissionReadDeps, filter: SubmissionExportFilter): AsyncGenerator<string> {
  const fields = exportedFields(filter.form);
  yield csvRow(['Received', 'Form', 'Status', 'Suspected spam', 'Locale', 'Page', 'Erased', ...fields.map((field) => field.label.en)]);
  const where: Record<string, string> = {};
  if (filter.form) where.form = filter.form;
  if (filter.status) where.status = filter.status;
  const term = filter.searchTerm ? normalize(filter.searchTerm) : '';
  const beyond = (position: number, last: number | null) => last === null || (filter.sortOrder === 'asc' ? position > last : position < last);
  let last: number | null = null;
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await deps.readModels.find<SubmissionDoc>(submissions, { where, orderBy: { field: 'position', direction: filter.sortOrder }, limit: EXPORT_PAGE_SIZE, offset });
    for (const doc of page) {
      if (!beyond(doc.position, last)) continue;
      last = doc.position;
      const day = doc.receivedAt.slice(0, 10);
      if ((filter.from && day < filter.from) || (filter.to && day > filter.to)) continue;
      const values = await openValues(deps, doc);
      if (term && !(values && holds(values, term))) continue;
      const own = new Set(fieldsOf(forms[doc.form]).map((field) => field.name));
      yield csvRow([
        doc.receivedAt,
        forms[doc.form].adminLabel,
        statusLabel[doc.status],
        doc.suspected ? `Yes (${doc.reasons.join(', ')})` : 'No',
        doc.locale,
        doc.pageId ?? '',
        doc.erasedAt ? `${doc.erasedAt} (${doc.erasedBy ?? 'request'})` : '',
        ...fields.map((field) => (values && own.has(field.name) ? shownValue(field, values[field.name]) : '')),
      ]);
    }
    if (page.length < EXPORT_PAGE_SIZE) return;
  }
}

/** What the file of an export is called: the form (or all) and the day. */
export function exportFileName(form: string, now: Date): string {
  return `submissions-${form || 'all'}-${now.toISOString().slice(0, 10)}.csv`;
}

const subscriptionForms: ReadonlySet<FormId> = new Set(['newsletter', 'newsletterPopup']);

/**
 * What erasing a submitter would erase (forms/submitter), for the confirmation that names it:
 * their submissions still readable per form, the newsletter subscriptions among them, the first
 * and last day. Found by the submitter index of the address, as the erasure finds them.
 */
export async function previewSubmitter(deps: SubmissionReadDeps & { secret: string }, email: string): Promise<SubmitterPreview> {
  const docs = await deps.readModels.find<SubmissionDoc>(submissions, { where: { submitterIndex: submitterIndex(deps.secret, email) }, orderBy: { field: 'position', direction: 'asc' } });
  const live = docs.filter((doc) => doc.erasedAt === null);
  const perForm = new Map<FormId, SubmitterPreview['forms'][number]>();
  for (const doc of live) {
    const entry = perForm.get(doc.form) ?? { form: doc.form, label: forms[doc.form].adminLabel, count: 0, newsletterSubscriptions: 0 };
    entry.count++;
    if (subscriptionForms.has(doc.form)) entry.newsletterSubscriptions++;
    perForm.set(doc.form, entry);
  }
  const listed = FORM_IDS.flatMap((id) => (perForm.has(id) ? [perForm.get(id)!] : []));
  return {
    email: email.trim().toLowerCase(),
    forms: listed,
    total: live.length,
    newsletterSubscriptions: listed.reduce((sum, entry) => sum + entry.newsletterSubscriptions, 0),
    firstReceivedAt: live[0]?.receivedAt ?? null,
    lastReceivedAt: live.at(-1)?.receivedAt ?? null,
    alreadyErased: docs.length - live.length,
  };
}
