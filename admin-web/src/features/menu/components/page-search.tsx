import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MENU_SEARCH_MIN_LENGTH, type MenuPageInfo } from '@pagelog/contracts/menus/menu';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { useDebounced } from '../../../core/timing/use-debounced';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/** A page of the search as a menu item names it: live when the site shows a version of it. */
export function menuPageOf(page: PageListItem): MenuPageInfo {
  const live = page.status === 'published' || page.status === 'unpublished-changes';
  return { pageID: page.id, state: live ? 'live' : 'not-published', title: page.title, path: page.path, locale: page.locale };
}

/**
 * Adds a page to the menu: the pages of the menu's locale whose title or slug holds the search
 * term, searched once it has 3 or more characters (spec: "Menu item search needs 3 or more
 * characters"); before that it says so.
 */
export function PageSearch({ locale, onAdd }: { locale: string; onAdd: (page: MenuPageInfo) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const hintId = useId();
  const inputId = useId();
  const [term, setTerm] = useState('');
  const sent = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const enough = term.trim().length >= MENU_SEARCH_MIN_LENGTH;
  const search = useQuery({
    ...endpointQuery(api, 'pageSearch', { body: { locale, searchTerm: sent } }),
    enabled: sent.length >= MENU_SEARCH_MIN_LENGTH,
  });
  const results = enough && sent === term.trim() && Array.isArray(search.data) ? search.data : null;

  return (
    <section className="area menu-search" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="area__title">
        {t('menus.search.heading')}
      </h2>
      <label htmlFor={inputId} className="field__label">
        {t('menus.search.label')}
      </label>
      <input id={inputId} type="search" className="field__input" value={term} aria-describedby={hintId} autoComplete="off" onChange={(event) => setTerm(event.target.value)} />
      <p id={hintId} className="form__hint">
        {enough ? t('menus.search.hint') : t('menus.search.tooShort', { min: MENU_SEARCH_MIN_LENGTH })}
      </p>
      {enough && search.isFetching && <p role="status">{t('menus.search.searching')}</p>}
      {enough && search.isError && <p className="notice">{t('menus.search.failed')}</p>}
      {results && results.length === 0 && <p role="status">{t('menus.search.none', { term: sent })}</p>}
      {results && results.length > 0 && (
        <ul className="menu-search__results" aria-label={t('menus.search.results')}>
          {results.map((page) => {
            const info = menuPageOf(page);
            return (
              <li key={page.id} className="menu-search__result">
                <span className="menu-search__title">{page.title}</span>
                <span className="path">{page.path}</span>
                {info.state !== 'live' && <span className="badge badge--not-published">{t('menus.pageState.not-published')}</span>}
                <button type="button" className="button button--grey button--small" aria-label={t('menus.search.add', { title: page.title })} onClick={() => onAdd(info)}>
                  {t('menus.search.addShort')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
