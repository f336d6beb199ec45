import { useId } from 'react';
import { Form, Formik } from 'formik';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { createReleaseSchema, MAX_RELEASE_DESCRIPTION, MAX_RELEASE_NAME, type ReleaseSummary } from '@pagelog/contracts/releases/release';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { TextField } from '../../../components/form-field/text-field';
import { useApi } from '../../../core/api/api-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { releaseCommands, releaseQueries } from '../api/release-queries';
import { ReleaseStatusText } from '../components/release-status';
import { RELEASES_ERRORS, useReleaseCommand } from '../state/use-release-command';
import { releasePath } from './release-paths';

/** What the detail screen hands the list when it deleted a release: its name, for the notice. */
export interface ReleasesLocationState {
  deleted?: string;
}

/**
 * /cmsadmin/releases (issue 17): every release with its status, pages and last change, newest
 * change first; with publish-page, a new one is made here and opened.
 */
export function ReleasesRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const { hasPermission } = useCurrentUser();
  const location = useLocation();
  const releases = useQuery(releaseQueries.list(api));
  const deleted = (location.state as ReleasesLocationState | null)?.deleted;
  const list = Array.isArray(releases.data) ? releases.data : null;

  let body;
  if (list) body = <ReleasesTable releases={list} busy={releases.isFetching} />;
  else if (releases.isError)
    body = (
      <p className="notice notice--warning" role="alert">
        {t('releases.loadFailed')}
      </p>
    );
  else body = <p role="status">{t('releases.loading')}</p>;

  return (
    <section className="screen screen--wide releases">
      <h1 className="screen__title">{t('releases.title')}</h1>
      <p className="screen__description">{t('releases.description')}</p>
      {deleted && (
        <p className="notice notice--success" role="status">
          {t('releases.deleted', { name: deleted })}
        </p>
      )}
      {hasPermission('publish-page') && <NewReleaseForm />}
      {body}
    </section>
  );
}

function ReleasesTable({ releases, busy }: { releases: readonly ReleaseSummary[]; busy: boolean }) {
  const { t } = useTranslation();
  if (releases.length === 0) return <p className="notice">{t('releases.empty')}</p>;
  return (
    <table className="data-table releases__table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">{t('releases.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('releases.columns.name')}</th>
          <th scope="col">{t('releases.columns.status')}</th>
          <th scope="col">{t('releases.columns.pages')}</th>
          <th scope="col">{t('releases.columns.updatedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {releases.map((release) => (
          <tr key={release.releaseID}>
            <td data-label={t('releases.columns.name')}>
              <Link to={releasePath(release.releaseID)}>{release.name}</Link>
            </td>
            <td data-label={t('releases.columns.status')}>
              <ReleaseStatusText release={release} />
            </td>
            <td data-label={t('releases.columns.pages')}>
              {release.itemCount}
              {release.menuCount > 0 && <span className="release__item-note"> {t('releases.menuCount', { count: release.menuCount })}</span>}
            </td>
            <td data-label={t('releases.columns.updatedAt')}>
              <time dateTime={release.updatedAt}>{formatDateTime(release.updatedAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A new release: its name (required) and what it is for; once made, it opens. */
function NewReleaseForm() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const headingId = useId();
  const command = useReleaseCommand();

  return (
    <section className="area releases__new" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.create.heading')}
      </h2>
      <Formik
        initialValues={{ name: '', description: '' }}
        onSubmit={async (values) => {
          // The contract's own rules first, so nothing is sent that the server refuses anyway.
          const checked = await validateWith(createReleaseSchema, values, 'release');
          if (!checked.ok) {
            command.refuse('create', checked.errors);
            return;
          }
          const created = await command.run('create', () => releaseCommands.create(api, { name: checked.value.name, description: checked.value.description }));
          if (created) navigate(releasePath(created.releaseID));
        }}
      >
        <Form className="form" noValidate>
          <ErrorList collection={RELEASES_ERRORS} />
          <TextField name="name" label={t('releases.create.name')} errorCollection={RELEASES_ERRORS} maxLength={MAX_RELEASE_NAME} autoComplete="off" required />
          <TextAreaField name="description" label={t('releases.create.description')} hint={t('releases.create.descriptionHint')} errorCollection={RELEASES_ERRORS} maxLength={MAX_RELEASE_DESCRIPTION} rows={3} />
          <div className="form__actions">
            <button type="submit" className="button button--orange" disabled={command.pending !== null}>
              {command.pending === 'create' ? t('releases.create.creating') : t('releases.create.submit')}
            </button>
          </div>
        </Form>
      </Formik>
    </section>
  );
}
