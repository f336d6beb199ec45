import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useApi } from '../../core/api/api-context';
import { createMediaCommands, type MediaCommands } from './media-api';
import { createUploader, type UploadRequest, type Uploader } from './upload-file';

const UploadRequestContext = createContext<(() => UploadRequest) | null>(null);

/** Makes the uploads below it use these requests instead of XMLHttpRequest (specs). */
export function UploadRequestProvider({ createRequest, children }: { createRequest: () => UploadRequest; children: ReactNode }) {
  return <UploadRequestContext.Provider value={createRequest}>{children}</UploadRequestContext.Provider>;
}

/** add-file with progress, over the app's API client. */
export function useUploader(): Uploader {
  const api = useApi();
  const createRequest = useContext(UploadRequestContext);
  return useMemo(() => createUploader(api, createRequest ?? undefined), [api, createRequest]);
}

/** The media commands over the app's API client. */
export function useMediaCommands(): MediaCommands {
  const api = useApi();
  return useMemo(() => createMediaCommands(api), [api]);
}
