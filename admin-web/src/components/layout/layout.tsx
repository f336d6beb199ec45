import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../navigation/build-navigation';
import { Navigation, type NavCount } from '../navigation/navigation';

interface LayoutProps {
  navigation: readonly NavItem[];
  onNavAction?: (item: NavItem) => void;
  /** The signed-in user, named in the top bar. */
  userName?: string;
  /** Numbers beside navigation entries, by their keys. */
  navCounts?: Readonly<Record<string, NavCount>>;
  children: ReactNode;
}

const SIDEBAR_ID = 'admin-navigation';

/**
 * The admin frame: top bar with the product name, navigation sidebar, content area. Below about
 * 900 px (a phone, a narrow window) the sidebar folds away behind a Menu button in the top bar: it
 * opens over the content, and closes with Escape, with the button again, or once a link is followed.
 */
export function Layout({ navigation, onNavAction, userName, navCounts, children }: LayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);

  // A link followed: the menu has done its work.
  useEffect(() => setNavOpen(false), [pathname]);

  useEffect(() => {
    if (!navOpen) return;
    // Into the menu, at its first entry.
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setNavOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={`shell${navOpen ? ' shell--nav-open' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <button ref={buttonRef} type="button" className="topbar__menu" aria-expanded={navOpen} aria-controls={SIDEBAR_ID} onClick={() => setNavOpen(!navOpen)}>
          <span aria-hidden="true" className="topbar__menu-icon" />
          {t('app.menu')}
        </button>
        <span className="topbar__brand">{t('app.name')}</span>
        <span className="topbar__area">{t('app.area')}</span>
        {userName ? <span className="topbar__user">{t('app.signedInAs', { name: userName })}</span> : null}
      </header>
      <aside ref={sidebarRef} id={SIDEBAR_ID} className="sidebar">
        <Navigation
          items={navigation}
          counts={navCounts}
          onAction={(item) => {
            setNavOpen(false);
            onNavAction?.(item);
          }}
        />
      </aside>
      <main id="main-content" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
