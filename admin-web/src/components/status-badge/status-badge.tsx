import { useTranslation } from 'react-i18next';
import type { PublicationStatus } from '@pagelog/contracts/pages/page';

/** A page's publication status (spec section 4), with "Review requested" while a request is open. */
export function StatusBadge({ status, reviewRequested = false }: { status: PublicationStatus; reviewRequested?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="status-badges">
      <span className={`badge badge--${status}`}>{t(`pages.status.${status}`, { defaultValue: status })}</span>
      {reviewRequested && <span className="badge badge--review">{t('pages.status.reviewRequested')}</span>}
    </span>
  );
}
