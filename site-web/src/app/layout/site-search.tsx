import type { SiteTexts } from '../language/site-texts';

/** The search field's id: one per page, in the header. */
export const SEARCH_FIELD_ID = 'site-search-q';

/**
 * The search field: a plain GET form to the search results page of the page's language
 * (`/zoeken?q=…`, `/en-gb/search?q=…`; the search issue serves it), so it needs no JavaScript.
 */
export function SiteSearch({ action, texts }: { action: string; texts: SiteTexts }) {
  return (
    <form className="site-search" role="search" action={action} method="get">
      <label className="visually-hidden" htmlFor={SEARCH_FIELD_ID}>
        {texts.search}
      </label>
      <input className="site-search__input" id={SEARCH_FIELD_ID} type="search" name="q" placeholder={texts.searchPlaceholder} maxLength={200} enterKeyHint="search" />
      <button className="site-search__button" type="submit">
        {texts.search}
      </button>
    </form>
  );
}
