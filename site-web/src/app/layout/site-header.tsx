import type { ReactNode } from 'react';
import type { MenuLink } from '@pagelog/contracts/menus/menu';
import { menuToggleMark } from '../islands/header-controls';
import { islandRoot } from '../islands/island-root';
import type { SiteTexts } from '../language/site-texts';
import type { ChromeSite } from '../page-state';
import type { LayoutVariant } from './layout-variant';
import { MainMenu } from './main-menu';
import { SiteBrand } from './site-brand';
import { SiteSearch } from './site-search';

/** The element the menu button shows and hides on a narrow screen. */
export const HEADER_PANEL_ID = 'site-header-panel';

export interface SiteHeaderProps {
  variant: LayoutVariant;
  site: ChromeSite;
  /** The home page of the page's locale. */
  homeHref: string;
  /** The main menu of the page's locale. */
  menu: MenuLink[];
  /** The public path of the page shown; null when none was found. */
  currentPath: string | null;
  texts: SiteTexts;
  /** Where the search field sends its query (the search results page of the page's language). */
  searchAction: string;
  /** The language switcher, when the page has translations. */
  languages?: ReactNode;
}

/**
 * The header a page type asks for (contracts: PageTypeDefinition.header). The default one has
 * the logo or name, the main menu, the search field and the language switcher; the minimal one
 * (landing pages) leaves out the search field and sits lower; `none` shows nothing. On a narrow
 * screen (below 48em) everything but the logo folds behind a menu button, the header's island.
 */
export function SiteHeader({ variant, site, homeHref, menu, currentPath, texts, searchAction, languages }: SiteHeaderProps) {
  if (variant === 'none') return null;
  const menuShown = menu.length > 0;
  const searchShown = variant === 'default';
  const foldable = menuShown || searchShown;
  return (
    <header className={`site-header site-header--${variant}`} {...(foldable ? islandRoot('site-header') : {})}>
      <div className="site-header__inner">
        <SiteBrand site={site} homeHref={homeHref} className="site-header__brand" />
        {foldable ? (
          <>
            <button type="button" className="menu-toggle" aria-expanded="false" aria-controls={HEADER_PANEL_ID} {...menuToggleMark}>
              <span className="menu-toggle__icon" aria-hidden="true" />
              {texts.menuButton}
            </button>
            <div className="site-header__panel" id={HEADER_PANEL_ID}>
              {menuShown && <MainMenu items={menu} currentPath={currentPath} texts={texts} />}
              {searchShown && <SiteSearch action={searchAction} texts={texts} />}
              {languages}
            </div>
          </>
        ) : (
          languages
        )}
      </div>
    </header>
  );
}
