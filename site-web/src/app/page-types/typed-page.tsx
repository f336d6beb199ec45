import type { ReactNode } from 'react';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { BlockList } from '../blocks/block-list';
import type { SiteTexts } from '../language/site-texts';
import type { ChromeSite } from '../page-state';
import { ContactPageDetails } from './contact-details';
import { OverviewList } from './overview-list';
import { PageTags } from '../tags/page-tags';
import { PublicationDetails } from './publication-details';
import { TeamMemberDetails } from './team-member-details';
import type { TypeView } from './type-view';
import { VacancyDetails } from './vacancy-details';

/**
 * The page types whose pages open with their title as the one H1 and what their type data says
 * under it (articles have their own, app.tsx), with the blocks below, their headings from H2 on.
 */
export const titledPageTypes: ReadonlySet<string> = new Set(['publication', 'team-member', 'vacancy', 'contact', 'overview']);

export interface TypedPageProps {
  page: PublicPageView;
  /** The breadcrumbs, when the page has any. */
  trail: ReactNode;
  typeView: TypeView | undefined;
  /** The organisation, as the header and footer show it: a contact page shows its details. */
  site: ChromeSite;
  texts: SiteTexts;
  defaultLocale: string;
}

/**
 * A page of one of the titled page types: a publication, a team member or a vacancy as an
 * article (its header holds the title and the type data), a contact page with the organisation's
 * details, an overview with its list after the blocks (an introduction); last, its public tags.
 */
export function TypedPage({ page, trail, typeView, site, texts, defaultLocale }: TypedPageProps) {
  const { pageID, title } = page.pageVersion;
  const blocks = page.pageVersion.blocks ?? [];
  const standalone = page.type === 'publication' || page.type === 'team-member' || page.type === 'vacancy';
  const Wrapper = standalone ? 'article' : 'div';
  return (
    <div className="page-column">
      {trail}
      <Wrapper className={`article page-type page-type--${page.type}`}>
        <header className="article-header">
          <h1 className="article-title">{title}</h1>
          {page.type === 'publication' && <PublicationDetails page={page} />}
          {page.type === 'team-member' && <TeamMemberDetails page={page} texts={texts} />}
          {page.type === 'vacancy' && <VacancyDetails page={page} view={typeView?.kind === 'vacancy' ? typeView : null} />}
        </header>
        {page.type === 'contact' && <ContactPageDetails site={site} locale={page.locale} texts={texts} />}
        <BlockList blocks={blocks} pageID={pageID} locale={page.locale} defaultLocale={defaultLocale} topHeadingLevel={2} />
        {typeView?.kind === 'overview' && <OverviewList view={typeView} locale={page.locale} />}
        <PageTags tags={page.tags} locale={page.locale} defaultLocale={defaultLocale} />
      </Wrapper>
    </div>
  );
}
