import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { pageQueries } from '../api/page-queries';

/** The page's history from its event stream (GET /page/{id}/history), newest first, read while it is open. */
export function HistoryPanel({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...pageQueries.history(api, pageId), enabled: open });
  const entries = Array.isArray(history.data) ? [...history.data].reverse() : [];

  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="history__summary">{t('pages.editor.history.title')}</summary>
      {open && history.isPending && <p className="history__note">{t('pages.editor.history.loading')}</p>}
      {history.isError && <p className="history__note">{t('pages.editor.history.failed')}</p>}
      {history.isSuccess && entries.length === 0 && <p className="history__note">{t('pages.editor.history.empty')}</p>}
      {history.isSuccess && entries.length > 0 && (
        <ol className="history__list">
          {entries.map((entry) => (
            <li key={`${entry.position}-${entry.revision}`} className="history__entry">
              <time dateTime={entry.occurredAt} className="history__time">
                {formatDateTime(entry.occurredAt)}
              </time>
              <span className="history__what">{entry.summary || entry.type}</span>
              <span className="history__who">{t('pages.editor.history.by', { name: entry.actorName })}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
