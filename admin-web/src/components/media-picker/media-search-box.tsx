import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaBrowser } from './use-media-browser';

/**
 * The search of a media browser (search-files below the folder shown), as the library screen and
 * the picker show it; `withAltTextFilter` adds "only images without alternative text".
 */
export function MediaSearchBox({ browser, withAltTextFilter = false }: { browser: MediaBrowser; withAltTextFilter?: boolean }) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <div className="media-toolbar__search">
      <label htmlFor={searchId} className="visually-hidden">
        {t('media.search.label')}
      </label>
      <input
        id={searchId}
        type="search"
        className="search-bar__input"
        placeholder={t('search.placeholder')}
        value={browser.searchTerm}
        onChange={(event) => browser.setSearchTerm(event.target.value)}
      />
      {withAltTextFilter && (
        <label className="checkbox">
          <input type="checkbox" checked={browser.withoutAltText} onChange={(event) => browser.setWithoutAltText(event.target.checked)} />
          {t('media.search.withoutAltText')}
        </label>
      )}
    </div>
  );
}
