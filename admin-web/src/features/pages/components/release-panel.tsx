import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { releasePath } from '@pagelog/contracts/pages/admin-paths';
import type { PageDetails } from '@pagelog/contracts/pages/page';
import type { ReleaseSummary } from '@pagelog/contracts/releases/release';
import { ErrorList } from '../../../components/error-list/error-list';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { pageQueries } from '../api/page-queries';

/**
 * The releases' own collection: the editor and the Releases screens are never on screen together,
 * and the store names no collection of the editor's for release commands.
 */
export const PAGE_RELEASE_ERRORS = 'releases';

/** The Releases screen, to make a release on (inside the admin router). */
const RELEASES_ROUTE = '/releases';

/** A release that can still take pages: open, or scheduled and not yet gone live. */
function takesPages(release: ReleaseSummary): boolean {
  return release.status === 'open' || release.status === 'scheduled';
}

/** The releases that will publish the page, and those it could be added to. */
export function releasesOfPage(releases: readonly ReleaseSummary[], pageId: string): { holding: ReleaseSummary[]; addable: ReleaseSummary[] } {
  const active = releases.filter(takesPages);
  return {
    holding: active.filter((release) => release.pageIDs.includes(pageId)),
    addable: active.filter((release) => !release.pageIDs.includes(pageId)),
  };
}

/**
 * Releases in the editor (issue 17): the open and scheduled releases that hold the page, each a
 * link to its screen; with publish-page, the page added to another one. A release publishes the
 * page's draft as it is when the release goes live, not as it was when added (the panel says so).
 */
export function ReleasePanel({ page }: { page: PageDetails }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const errors = useErrorStore();
  const { hasPermission } = useCurrentUser();
  const id = useId();
  const mayPublish = hasPermission('publish-page');
  const list = useQuery(pageQueries.releases(api));
  const { holding, addable } = releasesOfPage(list.data ?? [], page.id);
  const [chosenId, setChosenId] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // What was chosen, while it can still take the page; else the first that can.
  const chosen = addable.find((release) => release.releaseID === chosenId) ?? addable[0];

  useEffect(() => () => errors.clear(PAGE_RELEASE_ERRORS), [errors]);

  if (!mayPublish && holding.length === 0) return null;

  const statusOf = (release: ReleaseSummary) => {
    if (release.status !== 'scheduled') return t('pages.releases.status.open');
    return release.scheduledAt ? t('pages.releases.status.scheduled', { date: formatDateTime(release.scheduledAt) }) : t('pages.releases.status.scheduledUndated');
  };

  /** The refusals the editor has better words for than the catalogue's. */
  const inEditorWords = (error: ErrorItem): ErrorItem =>
    error.code === 'V_07' && error.property === 'pageID' ? { ...error, message: t('pages.releases.errors.alreadyLive') } : error;

  async function add(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!chosen) return;
    errors.clear(PAGE_RELEASE_ERRORS);
    setNotice(null);
    setBusy(true);
    try {
      const reply = await api.call('releaseAddPage', { params: { id: chosen.releaseID }, body: { pageID: page.id } });
      if (!reply.Success || !reply.data) {
        errors.set(PAGE_RELEASE_ERRORS, reply.Errors.length > 0 ? reply.Errors.map(inEditorWords) : [errorItem('G_01')]);
        return;
      }
      // The client noted the position from the reply's header already; the body says it as well.
      api.notePosition(reply.data.position);
      setNotice(t('pages.releases.added', { name: chosen.name }));
    } finally {
      setBusy(false);
      // After a refusal as well: the release may have gone live or been deleted meanwhile.
      void queryClient.invalidateQueries({ queryKey: pageQueries.releases(api).queryKey });
    }
  }

  return (
    <section className="side-panel release-panel" aria-labelledby={`${id}-title`}>
      <h2 className="side-panel__title" id={`${id}-title`}>
        {t('pages.releases.title')}
      </h2>
      {list.isError ? (
        <p className="notice">{t('pages.releases.loadFailed')}</p>
      ) : list.isPending ? (
        <p className="release-panel__none">{t('pages.releases.loading')}</p>
      ) : holding.length === 0 ? (
        <p className="release-panel__none">{t('pages.releases.none')}</p>
      ) : (
        <>
          <ul className="release-panel__list">
            {holding.map((release) => (
              <li key={release.releaseID} className="release-panel__item">
                <Link to={toRouterPath(releasePath(release.releaseID))}>{release.name}</Link>{' '}
                <span className="release-panel__status">{statusOf(release)}</span>
              </li>
            ))}
          </ul>
          <p className="release-panel__note">{t('pages.releases.publishesDraft')}</p>
        </>
      )}
      {mayPublish && list.isSuccess && (
        <>
          {chosen ? (
            <form className="release-panel__form" onSubmit={(event) => void add(event)} noValidate>
              <div className="form-field">
                <label htmlFor={`${id}-release`}>{t('pages.releases.choose')}</label>
                <select id={`${id}-release`} value={chosen.releaseID} onChange={(event) => setChosenId(event.target.value)}>
                  {addable.map((release) => (
                    <option key={release.releaseID} value={release.releaseID}>
                      {t('pages.releases.option', { name: release.name, status: statusOf(release) })}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--small" disabled={busy}>
                {t('pages.releases.add')}
              </button>
            </form>
          ) : (
            <p className="release-panel__none">
              {t(holding.length === 0 ? 'pages.releases.noOpen' : 'pages.releases.noOther')} <Link to={RELEASES_ROUTE}>{t('pages.releases.makeOne')}</Link>
            </p>
          )}
          <ErrorList collection={PAGE_RELEASE_ERRORS} />
        </>
      )}
      <p className="release-panel__notice" role="status">
        {notice ?? ''}
      </p>
    </section>
  );
}
