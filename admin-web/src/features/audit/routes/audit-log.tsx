import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@pagelog/contracts/audit/audit-log';
import { auditAreaLabels, auditAreas, type AuditArea } from '@pagelog/contracts/audit/event-words';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { eventSchemas } from '@pagelog/contracts/events/registry';
import { pageEditorPath, pageReplayPath } from '@pagelog/contracts/pages/admin-paths';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { auditExportUrl, auditQueries, filtersOf, noAuditFilters, type AuditFilters } from '../api/audit-queries';

/** An event type's name in words: `PublicationRequested` → "Publication requested". */
export function typeLabel(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const eventTypes = Object.keys(eventSchemas).sort((a, b) => typeLabel(a).localeCompare(typeLabel(b)));

/** /cmsadmin/audit-log (issue 17), for view-audit: every event of the site, newest first, filtered by person, subject, kind and period, and exported. */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('view-audit')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('audit.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <AuditLogScreen />;
}

function AuditLogScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  // The positions each newer page started before (null: the newest page), so "Newer" goes back.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const before = cursors[cursors.length - 1] ?? null;
  const query = useQuery({ ...auditQueries.page(api, filters, before), placeholderData: keepPreviousData });

  const setFilters = (next: AuditFilters) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) search.set(name, value);
    setParams(search, { replace: true });
    setCursors([null]);
  };
  const only = (patch: Partial<AuditFilters>) => setFilters({ ...filters, ...patch });
  const page = query.data;
  const entries = page?.entries ?? [];

  return (
    <section className="screen screen--wide audit-log">
      <div className="screen__header">
        <h1 className="screen__title">{t('audit.title')}</h1>
        <div className="audit-log__exports">
          <a className="button button--grey" href={auditExportUrl(filters, 'json')} download>
            {t('audit.exportJson')}
          </a>
          <a className="button button--grey" href={auditExportUrl(filters, 'csv')} download>
            {t('audit.exportCsv')}
          </a>
        </div>
      </div>
      <p className="screen__description">{t('audit.description')}</p>
      <AuditFilterBar filters={filters} onChange={setFilters} actorName={entries.find((e) => e.actor === filters.actor)?.actorName} subjectLabel={entries.find((e) => e.subject === filters.subject)?.subjectLabel} />
      {query.isError ? (
        <p className="form__error" role="alert">
          {t('audit.failed')}
        </p>
      ) : (
        <table className="data-table audit-log__table" aria-busy={query.isFetching}>
          <caption className="visually-hidden">{t('audit.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.columns.when')}</th>
              <th scope="col">{t('audit.columns.who')}</th>
              <th scope="col">{t('audit.columns.what')}</th>
              <th scope="col">{t('audit.columns.subject')}</th>
              <th scope="col">{t('audit.columns.event')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <AuditRow key={entry.position} entry={entry} onOnly={only} filters={filters} />
            ))}
            {entries.length === 0 && !query.isFetching && (
              <tr>
                <td className="data-table__empty" colSpan={5}>
                  {t('audit.noResults')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {query.isFetching && (
        <p className="paginated-list__loading" role="status">
          {t('audit.loading')}
        </p>
      )}
      <nav className="audit-log__pages" aria-label={t('audit.pages')}>
        <button type="button" className="button button--grey" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('audit.newer')}
        </button>
        {entries.length > 0 && (
          <span className="audit-log__range">
            {t('audit.range', { newest: entries[0]!.position, oldest: entries[entries.length - 1]!.position })}
          </span>
        )}
        <button type="button" className="button button--grey" disabled={!page?.next} onClick={() => page?.next && setCursors([...cursors, page.next])}>
          {t('audit.older')}
        </button>
      </nav>
    </section>
  );
}

function AuditRow({ entry, onOnly, filters }: { entry: AuditEntry; onOnly: (patch: Partial<AuditFilters>) => void; filters: AuditFilters }) {
  const { t } = useTranslation();
  const subjectName = entry.subjectLabel || entry.subject || '';
  return (
    <tr>
      <td data-label={t('audit.columns.when')}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td data-label={t('audit.columns.who')}>
        {entry.actorName}
        {filters.actor !== entry.actor && (
          <button type="button" className="audit-log__link audit-log__only" onClick={() => onOnly({ actor: entry.actor })} aria-label={t('audit.onlyActor', { name: entry.actorName })}>
            {t('audit.only')}
          </button>
        )}
      </td>
      <td data-label={t('audit.columns.what')}>
        {entry.summary}
        {entry.comment && <blockquote className="audit-log__comment">{entry.comment}</blockquote>}
      </td>
      <td data-label={t('audit.columns.subject')}>
        <span className="data-table__detail">{auditAreaLabels[entry.area]}</span>{' '}
        {entry.area === 'pages' && entry.subject ? <Link to={toRouterPath(pageEditorPath(entry.subject))}>{subjectName}</Link> : subjectName}
        {entry.subject && filters.subject !== entry.subject && (
          <button type="button" className="audit-log__link audit-log__only" onClick={() => onOnly({ subject: entry.subject! })} aria-label={t('audit.onlySubject', { name: subjectName })}>
            {t('audit.only')}
          </button>
        )}
      </td>
      <td data-label={t('audit.columns.event')}>
        {typeLabel(entry.type)}
        <span className="data-table__detail"> #{entry.position}</span>
        {/* Only the page's own events are steps of its replay (a slug claim of a page is not). */}
        {entry.area === 'pages' && entry.subject && entry.stream === `page-${entry.subject}` && (
          <>
            {' '}
            <Link className="audit-log__link" to={toRouterPath(pageReplayPath(entry.subject, entry.position))} aria-label={t('audit.replayFromLabel', { name: subjectName, position: entry.position })}>
              {t('audit.replayFrom')}
            </Link>
          </>
        )}
      </td>
    </tr>
  );
}

function AuditFilterBar({ filters, onChange, actorName, subjectLabel }: { filters: AuditFilters; onChange: (next: AuditFilters) => void; actorName?: string; subjectLabel?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) => onChange({ ...filters, [name]: event.target.value });
  return (
    <div className="audit-log__filters">
      <div className="form__row">
        <div className="form-field">
          <label htmlFor={`${id}-area`}>{t('audit.filters.area')}</label>
          <select id={`${id}-area`} value={filters.area} onChange={set('area')}>
            <option value="">{t('audit.filters.allAreas')}</option>
            {auditAreas.map((area: AuditArea) => (
              <option key={area} value={area}>
                {auditAreaLabels[area]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-type`}>{t('audit.filters.type')}</label>
          <select id={`${id}-type`} value={filters.type} onChange={set('type')}>
            <option value="">{t('audit.filters.allTypes')}</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-from`}>{t('audit.filters.from')}</label>
          <input id={`${id}-from`} type="datetime-local" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-to`}>{t('audit.filters.to')}</label>
          <input id={`${id}-to`} type="datetime-local" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
        </div>
      </div>
      {(filters.actor || filters.subject) && (
        <ul className="audit-log__chips" aria-label={t('audit.filters.chosen')}>
          {filters.actor && (
            <li>
              {t('audit.filters.actor', { name: actorName ?? filters.actor })}{' '}
              <button type="button" className="audit-log__link" onClick={() => onChange({ ...filters, actor: '' })} aria-label={t('audit.filters.removeActor')}>
                ×
              </button>
            </li>
          )}
          {filters.subject && (
            <li>
              {t('audit.filters.subject', { name: subjectLabel ?? filters.subject })}{' '}
              <button type="button" className="audit-log__link" onClick={() => onChange({ ...filters, subject: '' })} aria-label={t('audit.filters.removeSubject')}>
                ×
              </button>
            </li>
          )}
        </ul>
      )}
      {JSON.stringify(filters) !== JSON.stringify(noAuditFilters) && (
        <button type="button" className="button button--grey button--small" onClick={() => onChange(noAuditFilters)}>
          {t('audit.filters.clear')}
        </button>
      )}
    </div>
  );
}
