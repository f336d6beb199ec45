import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';
import { formatDateTime } from '../../../core/format/date-time';
import { usePagesApi } from '../state/use-pages-api';

type HistoryState = { status: 'closed' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: PageHistoryEntry[] };

/** The page's history from its event stream (GET /page/{id}/history), newest first, read when opened. */
export function HistoryPanel({ pageId, revision }: { pageId: string; revision: number }) {
  const { t } = useTranslation();
  const pages = usePagesApi();
  const [history, setHistory] = useState<HistoryState>({ status: 'closed' });
  const [loadedAt, setLoadedAt] = useState<number | null>(null);

  async function load() {
    setHistory({ status: 'loading' });
    const reply = await pages.history(pageId);
    if (!reply.Success || !Array.isArray(reply.data)) {
      console.error('The page history could not be loaded.', reply.Errors);
      setHistory({ status: 'failed' });
      return;
    }
    setHistory({ status: 'ready', entries: [...reply.data].reverse() });
    setLoadedAt(revision);
  }

  return (
    <details
      className="history"
      onToggle={(event) => {
        // Read again when opened after the page changed.
        if (event.currentTarget.open && (history.status !== 'ready' || loadedAt !== revision)) void load();
      }}
    >
      <summary className="history__summary">{t('pages.editor.history.title')}</summary>
      {history.status === 'loading' && <p className="history__note">{t('pages.editor.history.loading')}</p>}
      {history.status === 'failed' && <p className="history__note">{t('pages.editor.history.failed')}</p>}
      {history.status === 'ready' && history.entries.length === 0 && <p className="history__note">{t('pages.editor.history.empty')}</p>}
      {history.status === 'ready' && history.entries.length > 0 && (
        <ol className="history__list">
          {history.entries.map((entry) => (
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
