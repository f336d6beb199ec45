import { MAX_SEARCH_TERM_LENGTH } from '@pagelog/contracts/search/search';
import type { SiteTexts } from '../language/site-texts';

/** The search field's id: one per page, in the header. */
export const SEARCH_FIELD_ID = 'site-search-q';

export interface SiteSearchProps {
  action: string;
  texts: SiteTexts;
  /** The field's id; the header's by default (a search box block on the page has its own). */
  fieldId?: string;
  /** Names the field and stands in it (a search box block's text); the site's words by default. */
  label?: string;
  className?: string;
  /** What the field holds when the page opens (the search results page's own term). */
  term?: string;
  /** The landmark's name, when the page has another search landmark (the results page's form beside the header's). */
  name?: string;
}

/**
 * The search field: a plain GET form to the search results page of the page's language
 * (`/zoeken?q=…`, `/en-gb/search?q=…`, app/search-path.ts), so it needs no JavaScript. The
 * header shows it, a search box block, and the search results page with its term.
 */
export function SiteSearch({ action, texts, fieldId = SEARCH_FIELD_ID, label, className = 'site-search', term, name }: SiteSearchProps) {
  return (
    <form className={className} role="search" action={action} method="get" aria-label={name}>
      <label className="visually-hidden" htmlFor={fieldId}>
        {label ?? texts.search}
      </label>
      <input className="site-search__input" id={fieldId} type="search" name="q" placeholder={label ?? texts.searchPlaceholder} maxLength={MAX_SEARCH_TERM_LENGTH} enterKeyHint="search" defaultValue={term} />
      <button className="site-search__button" type="submit">
        {texts.search}
      </button>
    </form>
  );
}
