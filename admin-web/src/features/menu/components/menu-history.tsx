import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuKind } from '@pagelog/contracts/menus/menu';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { menuQueries } from '../state/use-menu-editor';

interface MenuHistoryProps {
  locale: string;
  kind: MenuKind;
  draftVersion: number;
  /** Restoring replaces the draft: not while the editor holds unsaved changes. */
  canRestore: boolean;
  readOnly: boolean;
  onRestore: (version: number) => void;
}

/** The menu's history from its event stream (GET /menu/history), newest first, with Restore on each earlier draft version. */
export function MenuHistory({ locale, kind, draftVersion, canRestore, readOnly, onRestore }: MenuHistoryProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...menuQueries.history(api, locale, kind), enabled: open });
  const entries = Array.isArray(history.data) ? [...history.data].reverse() : [];

  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="history__summary">{t('menus.history.title')}</summary>
      {open && history.isPending && <p className="history__note">{t('menus.history.loading')}</p>}
      {history.isError && <p className="history__note">{t('menus.history.failed')}</p>}
      {history.isSuccess && entries.length === 0 && <p className="history__note">{t('menus.history.empty')}</p>}
      {history.isSuccess && entries.length > 0 && !readOnly && !canRestore && <p className="history__note">{t('menus.history.saveFirst')}</p>}
      {history.isSuccess && entries.length > 0 && (
        <ol className="history__list">
          {entries.map((entry) => (
            <li key={`${entry.position}-${entry.revision}`} className="history__entry">
              <time dateTime={entry.occurredAt} className="history__time">
                {formatDateTime(entry.occurredAt)}
              </time>
              <span className="history__what">{entry.summary || entry.type}</span>
              <span className="history__who">{t('menus.history.by', { name: entry.actorName })}</span>
              {!readOnly && entry.type !== 'MenuPublished' && entry.version !== draftVersion && (
                <button
                  type="button"
                  className="button button--grey button--small"
                  disabled={!canRestore}
                  aria-label={t('menus.history.restore', { version: entry.version })}
                  onClick={() => onRestore(entry.version)}
                >
                  {t('menus.history.restoreShort')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
