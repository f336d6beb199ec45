import type { ReactNode } from 'react';
import type { LayoutVariant } from './layout-variant';

export interface SiteHeaderProps {
  variant: LayoutVariant;
  siteName: string;
  /** The home page of the page's locale. */
  homeHref: string;
  /** Shown next to the site name: the language switcher. */
  children?: ReactNode;
}

export function SiteHeader({ variant, siteName, homeHref, children }: SiteHeaderProps) {
  if (variant === 'none') return null;
  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="site-header__inner">
        <a className="site-header__brand" href={homeHref}>
          {siteName}
        </a>
        {children}
      </div>
    </header>
  );
}
