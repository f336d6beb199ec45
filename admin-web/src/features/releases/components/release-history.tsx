import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseHistoryEntry } from '@pagelog/contracts/releases/release';
import { formatDateTime } from '../../../core/format/date-time';

/** What happened to the release, newest first: each event in words, when, and by whom. */
export function ReleaseHistory({ history }: { history: readonly ReleaseHistoryEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const entries = [...history].reverse();
  return (
    <section className="area release__history" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.history.heading')}
      </h2>
      {entries.length === 0 ? (
        <p className="history__note">{t('releases.history.empty')}</p>
      ) : (
        <ol className="history__list" aria-labelledby={headingId}>
          {entries.map((entry) => (
            <li key={entry.position} className="history__entry">
              <span className="history__what">{t(`releases.history.events.${entry.type}`, { defaultValue: entry.type })}</span>{' '}
              <time dateTime={entry.at} className="history__time">
                {formatDateTime(entry.at)}
              </time>{' '}
              <span className="history__who">{t('releases.history.by', { name: entry.byName || entry.by })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
