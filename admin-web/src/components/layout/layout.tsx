import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../navigation/build-navigation';
import { Navigation } from '../navigation/navigation';

interface LayoutProps {
  navigation: readonly NavItem[];
  onNavAction?: (item: NavItem) => void;
  /** The signed-in user, named in the top bar. */
  userName?: string;
  children: ReactNode;
}

/** The admin frame: top bar with the product name, navigation sidebar, content area. */
export function Layout({ navigation, onNavAction, userName, children }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="topbar__brand">{t('app.name')}</span>
        <span className="topbar__area">{t('app.area')}</span>
        {userName ? <span className="topbar__user">{t('app.signedInAs', { name: userName })}</span> : null}
      </header>
      <aside className="sidebar">
        <Navigation items={navigation} onAction={onNavAction} />
      </aside>
      <main id="main-content" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
