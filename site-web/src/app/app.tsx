import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { HOME_SLUG, publicPath } from '@pagelog/contracts/slugs';
import { BlockList } from './blocks/block-list';
import { LanguageSwitcher } from './language/language-switcher';
import { siteTexts, type SiteTexts } from './language/site-texts';
import { Breadcrumbs, breadcrumbSteps } from './layout/breadcrumbs';
import { layoutVariant } from './layout/layout-variant';
import { NotFound } from './layout/not-found';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { ArticleByline } from './page-types/article-byline';
import { LandingHero, splitHero } from './page-types/landing-hero';
import { TypedPage, titledPageTypes } from './page-types/typed-page';
import type { TypeView } from './page-types/type-view';
import { chromeOf, type ChromeSite, type PageState } from './page-state';
import { searchPath } from './search-path';
import { NewsletterConfirmPage } from './newsletter/newsletter-confirm-page';
import { NewsletterPopup } from './newsletter/newsletter-popup';
import { SearchPage } from './search/search-page';
import { PageTags } from './tags/page-tags';
import { TagPage } from './tags/tag-page';

/** The page types whose pages open with a hero band (and the home page of any type). */
const heroPageTypes = new Set(['home', 'landing-page', 'expertise']);

/**
 * A found page's own content: its breadcrumbs, then by its type an article (its title as the one
 * H1, the byline, the blocks with no H1 of their own, its public tags), a publication, team
 * member, vacancy, contact page or overview (TypedPage: the title, the type data, the blocks, an
 * overview's list, its public tags),
 * a hero band and the blocks after it (a home, landing or expertise page, or the home page), or
 * its blocks as they are.
 */
/** The moment of a view of the past in the visitor's language, to the minute, in the Dutch time zone the site is run from. */
function asOfDate(at: string | null, locale: string): string {
  if (at === null) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(at));
}

function PageContent({
  page,
  found,
  texts,
  homeHref,
  defaultLocale,
  typeView,
  site,
}: {
  page: PublicPageView;
  found: boolean;
  texts: SiteTexts;
  homeHref: string;
  defaultLocale: string;
  typeView: TypeView | undefined;
  site: ChromeSite;
}) {
  const { pageID, title } = page.pageVersion;
  const blocks = page.pageVersion.blocks ?? [];
  const steps = found ? breadcrumbSteps(page.breadcrumbs ?? []) : [];
  const trail = steps.length > 0 ? <Breadcrumbs trail={steps} current={title} label={texts.breadcrumbs} home={{ path: homeHref, label: texts.home }} /> : null;
  if (titledPageTypes.has(page.type)) return <TypedPage page={page} trail={trail} typeView={typeView} site={site} texts={texts} defaultLocale={defaultLocale} />;
  if (page.type === 'article') {
    return (
      <div className="page-column">
        {trail}
        <article className="article">
          <header className="article-header">
            <h1 className="article-title">{title}</h1>
            <ArticleByline page={page} texts={texts} />
          </header>
          <BlockList blocks={blocks} pageID={pageID} locale={page.locale} defaultLocale={defaultLocale} topHeadingLevel={2} />
          <PageTags tags={page.tags} locale={page.locale} defaultLocale={defaultLocale} />
        </article>
      </div>
    );
  }
  const hero = found && (heroPageTypes.has(page.type) || page.slug === HOME_SLUG) ? splitHero(blocks) : null;
  if (hero !== null) {
    return (
      <>
        {trail !== null && <div className="page-column page-column--trail">{trail}</div>}
        <LandingHero hero={hero} pageID={pageID} locale={page.locale} />
        {hero.rest.length > 0 && (
          <div className="page-column">
            <BlockList blocks={hero.rest} pageID={pageID} locale={page.locale} defaultLocale={defaultLocale} priorityImageKey={hero.media === null ? undefined : null} />
          </div>
        )}
      </>
    );
  }
  return (
    <div className="page-column">
      {trail}
      <BlockList blocks={blocks} pageID={pageID} locale={page.locale} defaultLocale={defaultLocale} />
    </div>
  );
}

/**
 * The public site's page, rendered on the server only: the header and footer its page type asks
 * for, with the organisation's details and menus (the chrome), and the page in between. The
 * interactive parts are islands (islands/island-root.ts) that the browser starts on their own.
 */
export function App({ state }: { state: PageState }) {
  const { page, defaultLocale, locale } = state;
  const chrome = chromeOf(state);
  const texts = siteTexts(locale);
  const homeHref = publicPath(locale, HOME_SLUG, defaultLocale);
  const pageType = page?.pageVersion.pageType;
  // Only a found page has translations to switch to, and a place in the menu; the 404 page has neither.
  const found = state.status === 200 && page !== null;
  const currentPath = found ? publicPath(page.locale, page.slug, defaultLocale) : null;
  const siblings = found && state.siblings?.pageID === page.pageVersion.pageID ? state.siblings.pages : [];
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      {state.asOf && (
        <p className="as-of-banner" role="note">
          {state.asOf.kind === 'release'
            ? (state.asOf.releaseNotReady ? texts.asOfReleaseNotReadyBanner : texts.asOfReleaseBanner).replace('{name}', state.asOf.releaseName ?? '')
            : (state.asOf.kind === 'future' ? texts.asOfFutureBanner : texts.asOfBanner).replace('{at}', asOfDate(state.asOf.at, locale)).replace('{position}', String(state.asOf.position))}{' '}
          <a href={state.asOf.leaveHref}>{texts.asOfLeave}</a>
        </p>
      )}
      {state.preview && (
        <p className="preview-banner" role="note">
          {texts.previewBanner}
        </p>
      )}
      <SiteHeader
        variant={layoutVariant(pageType?.header)}
        site={chrome.site}
        homeHref={homeHref}
        menu={chrome.menus.main}
        currentPath={currentPath}
        texts={texts}
        searchAction={searchPath(locale, defaultLocale)}
        languages={found ? <LanguageSwitcher siblings={siblings} currentPageID={page.pageVersion.pageID} label={texts.languageSwitcher} /> : null}
      />
      <main id="main" className="site-main">
        {state.newsletterConfirm ? (
          <NewsletterConfirmPage view={state.newsletterConfirm} locale={locale} />
        ) : state.search ? (
          <SearchPage view={state.search} locale={locale} homeHref={homeHref} />
        ) : state.tagPage ? (
          <TagPage view={state.tagPage} locale={locale} />
        ) : page ? (
          <PageContent page={page} found={found} texts={texts} homeHref={homeHref} defaultLocale={defaultLocale} typeView={state.typeView} site={chrome.site} />
        ) : (
          <div className="page-column">
            <NotFound homeHref={homeHref} texts={texts} />
          </div>
        )}
      </main>
      <SiteFooter
        variant={layoutVariant(pageType?.footer)}
        site={chrome.site}
        footerMenu={chrome.menus.footer}
        serviceMenu={chrome.menus.service}
        texts={texts}
        year={new Date().getFullYear()}
      />
      {state.newsletterPopup && <NewsletterPopup view={state.newsletterPopup} />}
    </div>
  );
}
