import { HOME_SLUG, publicPath } from '@pagelog/contracts/slugs';
import { BlockList } from './blocks/block-list';
import { layoutVariant } from './layout/layout-variant';
import { NotFound } from './layout/not-found';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import type { PageState } from './page-state';

/** The public site's React tree: rendered on the server, hydrated in the browser. */
export function App({ state }: { state: PageState }) {
  const { page, siteName, defaultLocale } = state;
  const locale = page?.locale ?? defaultLocale;
  const homeHref = publicPath(locale, HOME_SLUG, defaultLocale);
  const pageType = page?.pageVersion.pageType;
  const header = layoutVariant(pageType?.header);
  const footer = layoutVariant(pageType?.footer);
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader variant={header} siteName={siteName} homeHref={homeHref} />
      <main id="main" className="site-main">
        {page ? <BlockList blocks={page.pageVersion.blocks ?? []} /> : <NotFound homeHref={homeHref} />}
      </main>
      <SiteFooter variant={footer} siteName={siteName} homeHref={homeHref} />
    </div>
  );
}
