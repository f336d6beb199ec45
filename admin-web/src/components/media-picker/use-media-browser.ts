import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import debounce from 'lodash.debounce';
import type { MediaItemView, MediaListing } from '@pagelog/contracts/media/media';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import { useApi } from '../../core/api/api-context';
import { useErrorStore } from '../../core/errors/error-store-context';
import { SEARCH_DEBOUNCE } from '../paginated-list/paginated-list';
import { appendToListing, mediaQueries, mediaReadKeys } from './media-api';

export interface MediaBrowser {
  /** The folder shown. */
  path: string;
  /** Opens a folder: its content replaces what was shown, and the search starts empty (spec section 4). */
  openFolder(path: string): void;
  /** What is shown: the folder's content, or the search's results while searching. */
  listing: MediaListing | undefined;
  /** Searching by a term or for images without alt text, below the folder. */
  searching: boolean;
  searchTerm: string;
  setSearchTerm(term: string): void;
  withoutAltText: boolean;
  setWithoutAltText(only: boolean): void;
  loading: boolean;
  /** The folder could not be read (its message is in the media collection). */
  failed: boolean;
  /** Adds what a command made to a folder's content: a new folder or file comes last (spec section 4). */
  append(path: string, added: { directory?: ResponseOf<'mediaCreateDir'>; item?: MediaItemView }): void;
  /** Reads the folders again and runs the current search again (after moves and deletes). */
  refresh(): Promise<void>;
}

/**
 * The state of browsing the library, shared by the library screen and the picker: the folder's
 * content (get-dir) and a search below it (search-files, asked debounced like the page overview).
 * The folder is the caller's (the screen keeps it in the address, the picker in its own state).
 */
export function useMediaBrowser(path: string, onPathChange: (path: string) => void): MediaBrowser {
  const api = useApi();
  const queryClient = useQueryClient();
  const errors = useErrorStore();
  const [searchTerm, setTypedTerm] = useState('');
  const [askedTerm, setAskedTerm] = useState('');
  const [withoutAltText, setWithoutAltText] = useState(false);

  const askForTerm = useMemo(() => debounce(setAskedTerm, SEARCH_DEBOUNCE.wait, { leading: true, maxWait: SEARCH_DEBOUNCE.maxWait }), []);
  useEffect(() => () => askForTerm.cancel(), [askForTerm]);

  // Another folder, however it was reached (a click, the browser's back button): no search.
  const [searchedIn, setSearchedIn] = useState(path);
  if (searchedIn !== path) {
    setSearchedIn(path);
    setTypedTerm('');
    setAskedTerm('');
    setWithoutAltText(false);
    askForTerm.cancel();
  }

  const folder = useQuery(mediaQueries.dir(api, path));
  const term = askedTerm.trim();
  const searching = term !== '' || withoutAltText;
  const results = useQuery({ ...mediaQueries.search(api, { searchTerm: term, directory: path, withoutAltText }), enabled: searching });

  useEffect(() => {
    if (!folder.isError) return;
    const failedMessage = errorItem('ML_04', 'path', 'media');
    if (!errors.get('media').some((error) => error.code === 'ML_04')) errors.add('media', [failedMessage]);
  }, [folder.isError, folder.errorUpdatedAt, errors]);

  const openFolder = useCallback((next: string) => onPathChange(next), [onPathChange]);

  const append = useCallback<MediaBrowser['append']>(
    (folderPath, added) => {
      queryClient.setQueryData<MediaListing>(mediaReadKeys.dir(folderPath), (listing) => (listing ? appendToListing(listing, added) : listing));
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    // A read the command's new position already started is awaited rather than sent twice.
    await Promise.all([
      queryClient.refetchQueries({ queryKey: mediaReadKeys.dirs, type: 'active' }, { cancelRefetch: false }),
      queryClient.refetchQueries({ queryKey: mediaReadKeys.searches, type: 'active' }, { cancelRefetch: false }),
    ]);
  }, [queryClient]);

  return {
    path,
    openFolder,
    listing: searching ? results.data : folder.data,
    searching,
    searchTerm,
    setSearchTerm(next) {
      setTypedTerm(next);
      askForTerm(next);
    },
    withoutAltText,
    setWithoutAltText,
    loading: searching ? results.isFetching : folder.isFetching,
    failed: folder.isError && folder.data === undefined,
    append,
    refresh,
  };
}
