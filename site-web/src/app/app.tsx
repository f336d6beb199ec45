import { HOME_SLUG, publicPath } from '@pagelog/contracts/slugs';
import { BlockList } from './blocks/block-list';
import { LanguageSwitcher } from './language/language-switcher';
import { siteTexts } from './language/site-texts';
import { useSiblings } from './language/use-siblings';
import { layoutVariant } from './layout/layout-variant';
import { NotFound } from './layout/not-found';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { ArticleByline } from './page-types/article-byline';
import type { PageState } from './page-state';

/** The public site's React tree: rendered on the server, hydrated in the browser. */
export function App({ state }: { state: PageState }) {
  const { page, siteName, defaultLocale, locale } = state;
  const texts = siteTexts(locale);
  const homeHref = publicPath(locale, HOME_SLUG, defaultLocale);
  const pageType = page?.pageVersion.pageType;
  const header = layoutVariant(pageType?.header);
  const footer = layoutVariant(pageType?.footer);
  // Only a found page has translations to switch to; the 404 page's would be other 404 pages.
  const pageID = state.status === 200 && page !== null ? page.pageVersion.pageID : null;
  const siblings = useSiblings(pageID, state.siblings);
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      <SiteHeader variant={header} siteName={siteName} homeHref={homeHref}>
        {pageID !== null && <LanguageSwitcher siblings={siblings} currentPageID={pageID} label={texts.languageSwitcher} />}
      </SiteHeader>
      <main id="main" className="site-main">
        {page ? (
          <>
            <ArticleByline page={page} texts={texts} />
            <BlockList blocks={page.pageVersion.blocks ?? []} pageID={page.pageVersion.pageID} locale={page.locale} />
          </>
        ) : (
          <NotFound homeHref={homeHref} texts={texts} />
        )}
      </main>
      <SiteFooter variant={footer} siteName={siteName} homeHref={homeHref} note={texts.footerNote} />
    </div>
  );
}
