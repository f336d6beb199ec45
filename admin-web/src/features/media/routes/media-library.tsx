import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { normaliseMediaPath } from '@pagelog/contracts/media/media';
import { MediaLibraryScreen } from '../components/media-library-screen';

/** /cmsadmin/medialibrary: the folder shown is in the address (`?path=/photos`), so back and forward move between folders. */
export function MediaLibraryRoute() {
  const [params, setParams] = useSearchParams();
  const path = normaliseMediaPath(params.get('path') ?? '/') ?? '/';
  const openFolder = useCallback((next: string) => setParams(next === '/' ? {} : { path: next }), [setParams]);
  return <MediaLibraryScreen path={path} onPathChange={openFolder} />;
}
