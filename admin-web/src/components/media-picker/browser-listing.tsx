import { useTranslation } from 'react-i18next';
import { MediaGrid, type MediaGridProps } from './media-grid';
import type { MediaBrowser } from './use-media-browser';

/**
 * What a media browser shows, as the library screen and the picker show it: "loading" until the
 * first answer, then the folder's content or the search results (which name each item's folder).
 */
export function BrowserListing({ browser, ...grid }: { browser: MediaBrowser } & Omit<MediaGridProps, 'label' | 'listing' | 'showFolders'>) {
  const { t } = useTranslation();
  if (browser.listing === undefined) {
    return browser.loading ? (
      <p role="status" className="media-grid__loading">
        {t('media.loading')}
      </p>
    ) : null;
  }
  return <MediaGrid label={browser.searching ? t('media.searchResults') : t('media.folderContent')} listing={browser.listing} showFolders={browser.searching} {...grid} />;
}
