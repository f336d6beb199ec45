import { isImageSource } from '@pagelog/contracts/blocks/link-target';
import type { ChromeSite } from '../page-state';

/**
 * The organisation's logo, or its name when it has none, linking to the home page of the page's
 * language. The logo's alternative text names the organisation (the settings make it the site
 * name when the image has none).
 */
export function SiteBrand({ site, homeHref, className }: { site: ChromeSite; homeHref: string; className: string }) {
  const logo = site.logo !== null && isImageSource(site.logo.url) ? site.logo : null;
  const alt = logo?.alt.trim() || site.name;
  return (
    <a className={`${className}${logo !== null ? ` ${className}--logo` : ''}`} href={homeHref}>
      {logo !== null ? <img className="site-brand__logo" src={logo.url.trim()} alt={alt} width={logo.width ?? undefined} height={logo.height ?? undefined} /> : site.name}
    </a>
  );
}
