import type { PublicPageView } from '@pagelog/contracts/pages/page';
import type { SiteTexts } from '../language/site-texts';
import { formatPublicationDate } from './publication-date';
import { text } from '../blocks/prop-text';

/**
 * What an article shows above its blocks (contracts' page type `article`): the author and the
 * publication date, then the summary; each only when set. Nothing for other page types.
 */
export function ArticleByline({ page, texts }: { page: PublicPageView; texts: SiteTexts }) {
  if (page.type !== 'article') return null;
  const props = page.pageVersion.pageType?.props ?? {};
  const author = text(props.author);
  const date = formatPublicationDate(props.publicationDate, page.locale);
  const summary = text(props.summary);
  if (author === '' && date === null && summary === '') return null;
  return (
    <div className="article-intro">
      {(author !== '' || date !== null) && (
        <p className="article-byline">
          {author !== '' && <span className="article-byline__author">{`${texts.writtenBy} ${author}`}</span>}
          {author !== '' && date !== null && (
            <span className="article-byline__separator" aria-hidden="true">
              {' · '}
            </span>
          )}
          {date !== null && <time dateTime={text(props.publicationDate)}>{date}</time>}
        </p>
      )}
      {summary !== '' && <p className="article-summary">{summary}</p>}
    </div>
  );
}
