import { useTranslation } from 'react-i18next';
import type { ReleaseStatus } from '@pagelog/contracts/releases/release';
import { formatDateTime } from '../../../core/format/date-time';

/** What a release's status says, with its moment where it has one. */
export interface ReleaseStatusFacts {
  status: ReleaseStatus;
  scheduledAt: string | null;
  publishedAt: string | null;
  rolledBackAt?: string | null;
}

/** A release's status in words: Open, Scheduled for …, Published …, Rolled back (…). */
export function ReleaseStatusText({ release }: { release: ReleaseStatusFacts }) {
  const { t } = useTranslation();
  let text: string;
  switch (release.status) {
    case 'scheduled':
      text = t('releases.status.scheduled', { date: formatDateTime(release.scheduledAt) });
      break;
    case 'published':
      text = t('releases.status.published', { date: formatDateTime(release.publishedAt) });
      break;
    case 'rolledBack':
      text = release.rolledBackAt ? t('releases.status.rolledBackAt', { date: formatDateTime(release.rolledBackAt) }) : t('releases.status.rolledBack');
      break;
    default:
      text = t('releases.status.open');
  }
  return <span className={`release-status release-status--${release.status}`}>{text}</span>;
}

/** Whether the release is still being put together (open, or open and scheduled): its name, pages and moment can change. */
export function isEditable(status: ReleaseStatus): boolean {
  return status === 'open' || status === 'scheduled';
}
