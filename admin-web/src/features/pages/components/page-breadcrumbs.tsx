import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageBreadcrumb } from '@pagelog/contracts/pages/page';
import { pageEditorPath } from '@pagelog/contracts/pages/page-types';
import { toRouterPath } from '../../../components/navigation/build-navigation';

/**
 * Where the page sits in the site: its ancestors by path, the home page first, each a link to that
 * page's editor where a page has the path (a path without a page shows its last segment), and the
 * page itself last.
 */
export function PageBreadcrumbs({ breadcrumbs, title }: { breadcrumbs: readonly PageBreadcrumb[]; title: string }) {
  const { t } = useTranslation();
  if (breadcrumbs.length === 0) return null;
  return (
    <nav className="page-breadcrumbs" aria-label={t('pages.editor.breadcrumbs')}>
      <ol className="page-breadcrumbs__list">
        {breadcrumbs.map((crumb) => (
          <li key={crumb.slug} className="page-breadcrumbs__step">
            {crumb.pageID === null ? (
              <span className="page-breadcrumbs__gap">{crumb.title}</span>
            ) : (
              <Link to={toRouterPath(pageEditorPath(crumb.pageID))}>{crumb.title || crumb.slug}</Link>
            )}
          </li>
        ))}
        <li className="page-breadcrumbs__step">
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}
