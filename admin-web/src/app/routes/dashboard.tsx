import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import { toRouterPath } from '../../components/navigation/build-navigation';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { useApi } from '../../core/api/api-context';
import { endpointQuery } from '../../core/api/endpoint-query';
import { formatDateTime } from '../../core/format/date-time';
import { useAwaitingMyReview } from '../../core/reviews/awaiting-review';
import { useCurrentUser } from '../../core/session/current-user';
import { UsersArea } from '../../features/users/components/users-area';

/** Rows of the dashboard's user list: a glance, with the full list under User management. */
const DASHBOARD_USERS_PAGE_SIZE = 5;
/** Rows of each page list on the dashboard. */
const SHOWN = 5;
/** Pages read to find SHOWN of a kind the list call cannot filter by (drafts among one's changes, others' changes). */
const READ = 40;

const newestFirst = { columnToSort: 'updatedAt', sortOrder: 'desc' } as const;

/**
 * /cmsadmin/dashboard, "CMS Dashboard": what needs the user now. Their own drafts (pages they
 * changed last that are a concept or have unpublished changes), the publication requests waiting
 * for their review (reviewers only), the pages published most recently, and what others changed
 * lately, how many form submissions are new (for those who handle them); then the spec's Users
 * area for those who manage users.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const { user, hasPermission } = useCurrentUser();
  const mine = useQuery(endpointQuery(api, 'pageList', { body: { changedBy: 'me', pageSize: READ, pageIndex: 0, ...newestFirst } }));
  const published = useQuery(endpointQuery(api, 'pageList', { body: { status: 'published', pageSize: SHOWN, pageIndex: 0, ...newestFirst } }));
  const recent = useQuery(endpointQuery(api, 'pageList', { body: { pageSize: READ, pageIndex: 0, ...newestFirst } }));
  const review = useAwaitingMyReview();
  const mayHandleForms = hasPermission('manage-forms');
  // Only the count: the newest submissions to handle are in the Forms area.
  const newSubmissions = useQuery({ ...endpointQuery(api, 'formsSubmissions', { body: { status: 'new', pageIndex: 0, pageSize: 1 } }), enabled: mayHandleForms });

  // Scheduled publications and unpublications (issue 17), the soonest first; failed ones stand out.
  const scheduled = useQuery(endpointQuery(api, 'pageSchedules'));

  const drafts = mine.data?.items.filter((page) => page.status === 'concept' || page.status === 'unpublished-changes').slice(0, SHOWN);
  const byOthers = recent.data?.items.filter((page) => page.updatedBy !== user?.ID).slice(0, SHOWN);

  return (
    <div className="screen screen--wide dashboard">
      <h1 className="screen__title">{t('dashboard.title')}</h1>
      <p className="screen__description">{t('dashboard.welcome', { name: user?.name ?? '' })}</p>
      <div className="dashboard__grid">
        <DashboardSection title={t('dashboard.myDrafts')} loading={mine.isPending} failed={mine.isError} empty={t('dashboard.noDrafts')} count={drafts?.length}>
          {drafts && <PageRows pages={drafts} detail={(page) => formatDateTime(page.updatedAt)} />}
        </DashboardSection>
        {hasPermission('review-publication') && (
          <DashboardSection title={t('dashboard.awaitingReview')} loading={review.loading} failed={review.failed} empty={t('dashboard.noReviews')} count={review.requests.length}>
            <ul className="dashboard__list">
              {review.requests.slice(0, SHOWN).map((request) => (
                <li key={request.id} className="dashboard__row">
                  <Link to={toRouterPath(pageEditorPath(request.pageID))}>{request.pageTitle || request.pageSlug}</Link>
                  <span className="dashboard__detail">{t('dashboard.requestedBy', { name: request.requestedByName, date: formatDateTime(request.resentAt ?? request.requestedAt) })}</span>
                </li>
              ))}
            </ul>
            {review.requests.length > SHOWN && (
              <p>
                <Link to="/publication-requests">{t('dashboard.allRequests', { count: review.requests.length })}</Link>
              </p>
            )}
          </DashboardSection>
        )}
        <DashboardSection title={t('dashboard.scheduled')} loading={scheduled.isPending} failed={scheduled.isError} empty={t('dashboard.nothingScheduled')} count={scheduled.data?.length}>
          <ul className="dashboard__list">
            {(scheduled.data ?? []).slice(0, SHOWN).map((s) => (
              <li key={s.scheduleId} className="dashboard__row">
                <Link to={toRouterPath(pageEditorPath(s.pageId))}>{s.title || s.slug}</Link>
                <span className="dashboard__detail">
                  {t(`dashboard.scheduledAction.${s.action}`, { date: formatDateTime(s.at), name: s.scheduledByName })}
                  {s.lastError && <span className="scheduled-mark scheduled-mark--failed">{t('dashboard.scheduleFailed', { count: s.attempts, date: formatDateTime(s.retryAt) })}</span>}
                </span>
              </li>
            ))}
          </ul>
        </DashboardSection>
        <DashboardSection title={t('dashboard.recentlyPublished')} loading={published.isPending} failed={published.isError} empty={t('dashboard.nothingPublished')} count={published.data?.items.length}>
          {published.data && <PageRows pages={published.data.items} detail={(page) => formatDateTime(page.updatedAt)} />}
        </DashboardSection>
        <DashboardSection title={t('dashboard.changedByOthers')} loading={recent.isPending} failed={recent.isError} empty={t('dashboard.noChangesByOthers')} count={byOthers?.length}>
          {byOthers && <PageRows pages={byOthers} detail={(page) => t('dashboard.changedBy', { name: page.updatedByName, date: formatDateTime(page.updatedAt) })} />}
        </DashboardSection>
        {mayHandleForms && (
          <DashboardSection title={t('dashboard.newSubmissions')} loading={newSubmissions.isPending} failed={newSubmissions.isError} empty={t('dashboard.noNewSubmissions')} count={newSubmissions.data?.totalItems}>
            <p>
              <Link to="/forms">{t('dashboard.newSubmissionsCount', { count: newSubmissions.data?.totalItems ?? 0 })}</Link>
            </p>
          </DashboardSection>
        )}
      </div>
      {hasPermission('manage-users') && (
        <div className="area">
          <UsersArea title={t('dashboard.users')} headingLevel={2} pageSize={DASHBOARD_USERS_PAGE_SIZE} />
        </div>
      )}
    </div>
  );
}

function DashboardSection({ title, loading, failed, empty, count, children }: { title: string; loading: boolean; failed: boolean; empty: string; count: number | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  let body: ReactNode = children;
  if (loading) body = <p role="status">{t('dashboard.loading')}</p>;
  else if (failed) body = <p className="notice">{t('dashboard.failed')}</p>;
  else if (count === 0) body = <p className="dashboard__empty">{empty}</p>;
  return (
    <section className="area dashboard__section" aria-label={title}>
      <h2 className="area__title">{title}</h2>
      {body}
    </section>
  );
}

function PageRows({ pages, detail }: { pages: readonly PageListItem[]; detail: (page: PageListItem) => string }) {
  return (
    <ul className="dashboard__list">
      {pages.map((page) => (
        <li key={page.id} className="dashboard__row">
          <Link to={toRouterPath(pageEditorPath(page.id))}>{page.title || page.slug}</Link> <StatusBadge status={page.status} reviewRequested={page.hasPublicationRequest} />
          <span className="dashboard__detail">
            {page.path} · {detail(page)}
          </span>
        </li>
      ))}
    </ul>
  );
}
