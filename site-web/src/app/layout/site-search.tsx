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
}

/**
 * The search field: a plain GET form to the search results page of the page's language
 * (`/zoeken?q=…`, `/en-gb/search?q=…`; the search issue serves it), so it needs no JavaScript.
 * The header shows it, and so does a search box block.
 */
export function SiteSearch({ action, texts, fieldId = SEARCH_FIELD_ID, label, className = 'site-search' }: SiteSearchProps) {
  return (
    <form className={className} role="search" action={action} method="get">
      <label className="visually-hidden" htmlFor={fieldId}>
        {label ?? texts.search}
      </label>
      <input className="site-search__input" id={fieldId} type="search" name="q" placeholder={label ?? texts.searchPlaceholder} maxLength={200} enterKeyHint="search" />
      <button className="site-search__button" type="submit">
        {texts.search}
      </button>
    </form>
  );
}
