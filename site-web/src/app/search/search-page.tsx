import { Fragment } from 'react';
import type { FacetCount, SearchResponse, SearchResultItem, SnippetPart } from '@pagelog/contracts/search/search';
import { MAX_SEARCH_TERM_LENGTH } from '@pagelog/contracts/search/search';
import { siteTexts } from '../language/site-texts';
import { Pagination } from '../layout/pagination';
import { SiteSearch } from '../layout/site-search';
import { formatPublicationDate } from '../page-types/publication-date';
import { isSitePath } from '../site-path';
import { MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE, searchHref, type SearchQuery } from './search-query';
import { searchTexts, type SearchTexts } from './search-texts';
import type { SearchView } from './search-view';

/** The id of the page's own search field (the header's is SEARCH_FIELD_ID). */
const PAGE_FIELD_ID = 'search-page-q';
const FILTERS_HEADING_ID = 'search-filters-heading';

/** Matched words marked; React writes every part as text, so a snippet can never become markup. */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="search-result__snippet">
      {parts.map((part, index) => (part.highlight ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}
    </p>
  );
}

/** One result: its title linking to it, its type and date, the text around the match. */
function SearchResult({ result, locale, words }: { result: SearchResultItem; locale: string; words: SearchTexts }) {
  const day = typeof result.date === 'string' ? result.date.slice(0, 10) : null;
  const date = formatPublicationDate(day, locale);
  const type = Object.hasOwn(words.pageTypes, result.pageType) ? words.pageTypes[result.pageType as keyof SearchTexts['pageTypes']] : null;
  const snippet = result.snippet.some((part) => part.text.trim() !== '');
  return (
    <li className="search-result">
      <h2 className="search-result__title">{isSitePath(result.path) ? <a href={result.path}>{result.title}</a> : result.title}</h2>
      {(type !== null || date !== null) && (
        <p className="search-result__meta">
          {type !== null && <span className="search-result__type">{type}</span>}
          {type !== null && date !== null && (
            <span className="search-result__separator" aria-hidden="true">
              {' · '}
            </span>
          )}
          {date !== null && <time dateTime={day!}>{date}</time>}
        </p>
      )}
      {snippet && <Snippet parts={result.snippet} />}
    </li>
  );
}

interface FacetOption {
  value: string;
  label: string;
  count: number;
  checked: boolean;
}

/** A facet's values with their counts; a value filtered on is listed even when it has no matches left, so it can be unticked. */
function optionsOf(facets: FacetCount[], selected: string[], labelOf: (facet: FacetCount) => string | null): FacetOption[] {
  const listed = [...facets];
  for (const value of selected) if (!listed.some((facet) => facet.value === value)) listed.push({ value, count: 0 });
  return listed.flatMap((facet) => {
    const label = labelOf(facet);
    return label === null ? [] : [{ value: facet.value, label, count: facet.count, checked: selected.includes(facet.value) }];
  });
}

function FacetGroup({ name, legend, options, idPrefix }: { name: string; legend: string; options: FacetOption[]; idPrefix: string }) {
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">{legend}</legend>
      {options.map((option, index) => (
        <div key={option.value} className="search-filters__option">
          <input type="checkbox" id={`${idPrefix}-${index}`} name={name} value={option.value} defaultChecked={option.checked} />
          <label htmlFor={`${idPrefix}-${index}`}>
            {option.label} <span className="search-filters__count">({option.count})</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The facets as a GET form of checkboxes with their counts (page types, and tags when the results
 * have any), sent with the term and without a page number; and the link that drops every filter.
 */
function SearchFilters({ path, query, response, words }: { path: string; query: SearchQuery; response: SearchResponse; words: SearchTexts }) {
  const types = optionsOf(response.facets.pageTypes, query.pageTypes, (facet) => (Object.hasOwn(words.pageTypes, facet.value) ? words.pageTypes[facet.value as keyof SearchTexts['pageTypes']] : null));
  const tags = optionsOf(response.facets.tags, query.tags, (facet) => facet.label ?? null);
  // A tag filtered on that the answer no longer names stays in the search, if not on screen.
  const keptTags = query.tags.filter((tag) => !tags.some((option) => option.value === tag));
  const showTypes = types.length > 1 || query.pageTypes.length > 0;
  const showTags = tags.length > 0;
  const filtered = query.pageTypes.length > 0 || query.tags.length > 0;
  if (!showTypes && !showTags) return null;
  return (
    <form className="search-filters" action={path} method="get" aria-labelledby={FILTERS_HEADING_ID}>
      <h2 className="search-filters__heading" id={FILTERS_HEADING_ID}>
        {words.filters}
      </h2>
      <input type="hidden" name="q" defaultValue={query.term} />
      {keptTags.map((tag) => (
        <input key={tag} type="hidden" name="tag" defaultValue={tag} />
      ))}
      {showTypes && <FacetGroup name="type" legend={words.pageTypeFacet} options={types} idPrefix="search-type" />}
      {showTags && <FacetGroup name="tag" legend={words.tagFacet} options={tags} idPrefix="search-tag" />}
      <button className="search-filters__apply" type="submit">
        {words.applyFilters}
      </button>
      {filtered && (
        <p className="search-filters__clear">
          <a href={searchHref(path, { ...query, pageTypes: [], tags: [], page: 1 })}>{words.clearFilters}</a>
        </p>
      )}
    </form>
  );
}

/** Nothing found: says so, and what to try (spelling, other words, without the filters, the home page). */
function NoResults({ path, query, homeHref, words }: { path: string; query: SearchQuery; homeHref: string; words: SearchTexts }) {
  const filtered = query.pageTypes.length > 0 || query.tags.length > 0;
  return (
    <div className="search-page__none">
      <p className="search-page__summary">{words.noResults(query.term)}</p>
      <p>{words.suggestions}</p>
      <ul>
        <li>{words.checkSpelling}</li>
        <li>{words.otherWords}</li>
        {filtered && (
          <li>
            <a href={searchHref(path, { ...query, pageTypes: [], tags: [], page: 1 })}>{words.withoutFilters}</a>
          </li>
        )}
        <li>
          <a href={homeHref}>{words.homeLink}</a>
        </li>
      </ul>
    </div>
  );
}

function Results({ view, response, locale, homeHref, words }: { view: SearchView; response: SearchResponse; locale: string; homeHref: string; words: SearchTexts }) {
  const { path, query } = view;
  if (response.total === 0) return <NoResults path={path} query={query} homeHref={homeHref} words={words} />;
  const pageCount = Math.min(Math.ceil(response.total / SEARCH_PAGE_SIZE), MAX_SEARCH_PAGE);
  const pastTheEnd = query.page > pageCount || response.results.length === 0;
  return (
    <>
      <p className="search-page__summary">{words.resultCount(response.total, query.term)}</p>
      <SearchFilters path={path} query={query} response={response} words={words} />
      {pastTheEnd ? (
        <div className="search-page__message">
          <p>{words.noSuchPage}</p>
          <p>
            <a href={searchHref(path, { ...query, page: 1 })}>{words.firstPage}</a>
          </p>
        </div>
      ) : (
        <ol className="search-results" start={(query.page - 1) * SEARCH_PAGE_SIZE + 1}>
          {response.results.map((result) => (
            <SearchResult key={`${result.locale}:${result.id}`} result={result} locale={locale} words={words} />
          ))}
        </ol>
      )}
      {!pastTheEnd && <Pagination current={query.page} count={pageCount} hrefOf={(page) => searchHref(path, { ...query, page })} words={words} />}
    </>
  );
}

/**
 * The search results page (issue 15): its heading, its own search form holding the term, and
 * then what the search found: the count, the filters, the results with their snippets, type and
 * date, and the pages; or that nothing was found and what to try; or why the search could not be
 * done. Only GET forms and links: it works without JavaScript.
 */
export function SearchPage({ view, locale, homeHref }: { view: SearchView; locale: string; homeHref: string }) {
  const words = searchTexts(locale);
  const { outcome } = view;
  return (
    <div className="page-column search-page">
      <h1>{words.heading}</h1>
      <SiteSearch action={view.path} texts={siteTexts(locale)} fieldId={PAGE_FIELD_ID} className="search-page__form" term={view.query.term || undefined} name={words.formName} />
      {outcome.kind === 'form' && <p className="search-page__message">{words.prompt}</p>}
      {outcome.kind === 'rejected' && <p className="search-page__message">{outcome.tooLong ? words.tooLong(MAX_SEARCH_TERM_LENGTH) : words.rejected}</p>}
      {outcome.kind === 'unavailable' && <p className="search-page__message">{words.unavailable}</p>}
      {outcome.kind === 'results' && <Results view={view} response={outcome.response} locale={locale} homeHref={homeHref} words={words} />}
    </div>
  );
}
