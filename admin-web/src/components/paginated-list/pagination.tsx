import { useTranslation } from 'react-i18next';
import { paginationItems } from './pagination-items';

interface PaginationProps {
  /** 0-based. */
  pageIndex: number;
  pageCount: number;
  onPageChange: (pageIndex: number) => void;
  disabled?: boolean;
}

/** Previous, the page numbers (1-based) with ellipses, next. Hidden at one page. */
export function Pagination({ pageIndex, pageCount, onPageChange, disabled = false }: PaginationProps) {
  const { t } = useTranslation();
  const items = paginationItems(pageIndex, pageCount);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="pagination__step" disabled={disabled || pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
        {t('pagination.previous')}
      </button>
      <ul className="pagination__pages">
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={`ellipsis-${item.after}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.pageIndex}>
              <button
                type="button"
                className={item.pageIndex === pageIndex ? 'pagination__page is-current' : 'pagination__page'}
                aria-current={item.pageIndex === pageIndex ? 'page' : undefined}
                aria-label={t('pagination.page', { number: item.pageIndex + 1 })}
                disabled={disabled}
                onClick={() => onPageChange(item.pageIndex)}
              >
                {item.pageIndex + 1}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        disabled={disabled || pageIndex >= pageCount - 1}
        onClick={() => onPageChange(pageIndex + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
