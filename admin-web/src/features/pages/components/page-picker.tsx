import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { useDebounced } from '../../../core/timing/use-debounced';

/** How long typing pauses before the page search is sent. */
const SEARCH_DELAY_MS = 300;
/** As the menus' page search (spec: 3 or more characters). */
export const PAGE_SEARCH_MIN_LENGTH = 3;

/** Whether the site shows a version of the page. */
export function isLivePage(page: Pick<PageListItem, 'status'>): boolean {
  return page.status === 'published' || page.status === 'unpublished-changes';
}

export interface PagePickerProps {
  /** The search field's label ("Find a page to link to"). */
  label: string;
  /** What a result's button says, with its title (`Link to {{title}}`, `Add {{title}}`). */
  pickLabel: (page: PageListItem) => string;
  onPick: (page: PageListItem) => void;
  /** Pages not to offer (already chosen). */
  exclude?: readonly string[];
  disabled?: boolean;
  /** Said under the field instead of the usual hint (the list is full). */
  hint?: string;
}

/**
 * Finds a page by its title or address (POST /page/search, the search the menus use), once 3 or
 * more characters are typed, and offers each result with a button; a result the site does not
 * show is marked, so the editor knows the link will not work until it is published. Used by the
 * link fields, the rich text editor's link dialog and the pages of a cards block.
 */
export function PagePicker({ label, pickLabel, onPick, exclude = [], disabled, hint }: PagePickerProps) {
  const { t } = useTranslation();
  const api = useApi();
  const inputId = useId();
  const hintId = useId();
  const [term, setTerm] = useState('');
  const sent = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const enough = term.trim().length >= PAGE_SEARCH_MIN_LENGTH;
  const search = useQuery({ ...endpointQuery(api, 'pageSearch', { body: { searchTerm: sent } }), enabled: !disabled && sent.length >= PAGE_SEARCH_MIN_LENGTH });
  const found = enough && sent === term.trim() && Array.isArray(search.data) ? search.data : null;
  const results = found?.filter((page) => !exclude.includes(page.id)) ?? null;

  return (
    <div className="page-picker">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        type="search"
        autoComplete="off"
        value={term}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => setTerm(event.target.value)}
      />
      <p id={hintId} className="form__hint">
        {hint ?? (enough ? t('pages.editor.pagePicker.hint') : t('pages.editor.pagePicker.tooShort', { min: PAGE_SEARCH_MIN_LENGTH }))}
      </p>
      {enough && search.isError && <p className="notice">{t('pages.editor.pagePicker.failed')}</p>}
      {results && results.length === 0 && <p role="status">{t('pages.editor.pagePicker.none', { term: sent })}</p>}
      {results && results.length > 0 && (
        <ul className="page-picker__results" aria-label={t('pages.editor.pagePicker.results')}>
          {results.map((page) => (
            <li key={page.id} className="page-picker__result">
              <span className="page-picker__title">{page.title}</span> <span className="path">{page.path}</span>
              {!isLivePage(page) && <span className="badge badge--not-published">{t('pages.editor.pagePicker.notPublished')}</span>}
              <button type="button" className="button button--grey button--small" disabled={disabled} onClick={() => onPick(page)}>
                {pickLabel(page)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
