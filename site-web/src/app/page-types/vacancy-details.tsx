import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { text } from '../blocks/prop-text';
import { pageTypeTexts } from './page-type-texts';
import { formatPublicationDate } from './publication-date';
import type { VacancyView } from './type-view';

/**
 * What a vacancy shows under its title (contracts' page type `vacancy`): where, how many hours a
 * week and until when one can apply, as facts, whether it has closed (the server decides, see
 * prepare-type-data.ts), and the summary. Each only when set.
 */
export function VacancyDetails({ page, view }: { page: PublicPageView; view: VacancyView | null }) {
  const props = page.pageVersion.pageType?.props ?? {};
  const words = pageTypeTexts(page.locale);
  const location = text(props.location);
  const hours = text(props.hours);
  const closingDate = formatPublicationDate(props.closingDate, page.locale);
  const summary = text(props.summary);
  const closed = view?.closed === true;
  if (location === '' && hours === '' && closingDate === null && summary === '' && !closed) return null;
  return (
    <div className="article-intro">
      {closed && (
        <p className="vacancy-status vacancy-status--closed">
          <strong>{words.closed}</strong>
        </p>
      )}
      {(location !== '' || hours !== '' || closingDate !== null) && (
        <dl className="page-facts">
          {location !== '' && (
            <div className="page-facts__item">
              <dt>{words.location}</dt>
              <dd>{location}</dd>
            </div>
          )}
          {hours !== '' && (
            <div className="page-facts__item">
              <dt>{words.hoursPerWeek}</dt>
              <dd>{hours}</dd>
            </div>
          )}
          {closingDate !== null && (
            <div className="page-facts__item">
              <dt>{words.closingDate}</dt>
              <dd>
                <time dateTime={text(props.closingDate)}>{closingDate}</time>
              </dd>
            </div>
          )}
        </dl>
      )}
      {summary !== '' && <p className="article-summary">{summary}</p>}
    </div>
  );
}
