import type { LayoutVariant } from './layout-variant';

export interface SiteFooterProps {
  variant: LayoutVariant;
  siteName: string;
  /** The home page of the page's locale. */
  homeHref: string;
  /** "Published with Pagelog" in the interface language. */
  note: string;
}

export function SiteFooter({ variant, siteName, homeHref, note }: SiteFooterProps) {
  if (variant === 'none') return null;
  if (variant === 'minimal') {
    return (
      <footer className="site-footer site-footer--minimal">
        <div className="site-footer__inner">
          <a className="site-footer__brand" href={homeHref}>
            {siteName}
          </a>
        </div>
      </footer>
    );
  }
  return (
    <footer className="site-footer site-footer--default">
      <div className="site-footer__inner">
        <a className="site-footer__brand" href={homeHref}>
          {siteName}
        </a>
        <p className="site-footer__note">{note}</p>
      </div>
    </footer>
  );
}
