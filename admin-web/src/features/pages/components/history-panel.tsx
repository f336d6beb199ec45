import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { pageQueries } from '../api/page-queries';
import { groupHistory } from '../state/group-history';
import { endpointUrl } from '@pagelog/contracts/endpoints';
import { useCurrentUser } from '../../../core/session/current-user';
import { ReplayDialog } from './replay-dialog';
import { Link, useSearchParams } from 'react-router-dom';
import { auditLogAdminPath } from '@pagelog/contracts/audit/audit-log';
import { toRouterPath } from '../../../components/navigation/build-navigation';

/**
 * The page's history from its event stream (GET /page/{id}/history), newest first, read while it
 * is open; a run of autosaves by one person is one line (decision 0019).
 */
export function HistoryPanel({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [params, setParams] = useSearchParams();
  // ?replay=<position>: the audit log's "Replay from here" opens the replay at that event.
  const asked = Number(params.get('replay'));
  const startAt = params.has('replay') && Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const [open, setOpen] = useState(startAt !== undefined);
  const history = useQuery({ ...pageQueries.history(api, pageId), enabled: open });
  const entries = Array.isArray(history.data) ? groupHistory(history.data).reverse() : [];
  const { hasPermission } = useCurrentUser();
  const [replaying, setReplaying] = useState(startAt !== undefined);
  const closeReplay = () => {
    setReplaying(false);
    if (params.has('replay')) {
      const next = new URLSearchParams(params);
      next.delete('replay');
      setParams(next, { replace: true });
    }
  };

  return (
    <details className="history" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="history__summary">{t('pages.editor.history.title')}</summary>
      {open && (
        <p className="history__note">
          <button type="button" className="button button--grey button--small" onClick={() => setReplaying(true)}>
            {t('pages.replay.open')}
          </button>
        </p>
      )}
      {replaying && <ReplayDialog pageId={pageId} onClose={closeReplay} {...(startAt !== undefined ? { startAt } : {})} />}
      {hasPermission('view-audit') && (
        <p className="history__note">
          <a href={endpointUrl('pageHistoryExport', { id: pageId })} download>
            {t('pages.editor.history.export')}
          </a>
          {' · '}
          <Link to={toRouterPath(auditLogAdminPath({ subject: pageId }))}>{t('pages.editor.history.auditLog')}</Link>
        </p>
      )}
      {open && history.isPending && <p className="history__note">{t('pages.editor.history.loading')}</p>}
      {history.isError && <p className="history__note">{t('pages.editor.history.failed')}</p>}
      {history.isSuccess && entries.length === 0 && <p className="history__note">{t('pages.editor.history.empty')}</p>}
      {history.isSuccess && entries.length > 0 && (
        <ol className="history__list">
          {entries.map(({ entry, firstOccurredAt, autosaves }) => (
            <li key={`${entry.position}-${entry.revision}`} className="history__entry">
              <time dateTime={entry.occurredAt} className="history__time">
                {autosaves > 1
                  ? t('pages.editor.history.between', { from: formatDateTime(firstOccurredAt), to: formatDateTime(entry.occurredAt) })
                  : formatDateTime(entry.occurredAt)}
              </time>
              <span className="history__what">{autosaves > 1 ? t('pages.editor.history.autosaves', { count: autosaves }) : entry.summary || entry.type}</span>
              <span className="history__who">{t('pages.editor.history.by', { name: entry.actorName })}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
