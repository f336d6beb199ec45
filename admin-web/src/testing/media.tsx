import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { childPath, type DirectoryView, type MediaItemView, type MediaListing } from '@pagelog/contracts/media/media';
import type { EndpointName } from '@pagelog/contracts/endpoints';
import type { ApiReply } from '../core/api/api-client';
import { adminBasename, routeTable } from '../app/router';
import { eagerScreens } from './eager-screens';
import { UploadRequestProvider } from '../components/media-picker/media-services';
import type { UploadRequest } from '../components/media-picker/upload-file';
import { fakeServer, type Answer, type FakeServer } from './fake-server';
import { renderInApp, type AppOptions } from './render';
import { success } from './replies';

const HASH = 'a'.repeat(64);

/** An image in the library, for specs. */
export function anItem(overrides: Partial<MediaItemView> = {}): MediaItemView {
  return {
    id: 'item-1',
    path: '/',
    fileName: 'beach.jpg',
    defaultAltText: 'A beach at dawn',
    shared: false,
    kind: 'image',
    hash: HASH,
    contentType: 'image/jpeg',
    size: 1_468_006,
    width: 2560,
    height: 1440,
    focalPoint: null,
    videoId: null,
    link: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-02T10:30:00.000Z',
    publicUrl: null,
    ...overrides,
  };
}

/** A PDF in the library, for specs. */
export function aDocument(overrides: Partial<MediaItemView> = {}): MediaItemView {
  return anItem({ id: 'doc-1', fileName: 'report.pdf', kind: 'document', contentType: 'application/pdf', size: 52_000, width: null, height: null, defaultAltText: '', ...overrides });
}

export function aFolder(path: string): DirectoryView {
  return { id: `folder-${path}`, path, folderName: path.split('/').pop() ?? '' };
}

/** A folder's listing with its folders and items sorted into the groups get-dir answers. */
export function aListing(path: string, entries: (DirectoryView | MediaItemView)[] = []): MediaListing {
  const items = entries.filter((entry): entry is MediaItemView => 'kind' in entry);
  return {
    path,
    directories: entries.filter((entry): entry is DirectoryView => !('kind' in entry)),
    documents: items.filter((item) => item.kind === 'document'),
    images: items.filter((item) => item.kind !== 'document'),
  };
}

/**
 * A fake server whose library is the folders given (path → listing): get-dir answers them (an
 * empty folder for any other path), create-dir adds to them, as the API would after the write.
 */
export function mediaServer(folders: Record<string, MediaListing>, answers: Partial<Record<EndpointName, Answer>> = {}) {
  const library = new Map(Object.entries(folders));
  const listing = (path: string) => library.get(path) ?? aListing(path);
  /** Puts an item in a folder, as a stored upload does. */
  const store = (item: MediaItemView) => {
    const current = listing(item.path);
    library.set(item.path, aListing(item.path, [...current.directories, ...current.images, ...current.documents, item]));
  };
  const server: FakeServer = fakeServer({
    mediaGetDir: (call) => success(listing((call.body as { path: string }).path)),
    mediaSearchFiles: success(aListing('/')),
    mediaListPagesByFile: success({ items: [], totalItems: 0, settingsUses: [] }),
    mediaCreateDir: (call) => {
      const { path, folderName } = call.body as { path: string; folderName: string };
      const folder = aFolder(childPath(path, folderName));
      const current = listing(path);
      library.set(path, { ...current, directories: [...current.directories, folder] });
      return success({ ...folder, position: 1 });
    },
    ...answers,
  });
  return Object.assign(server, { store });
}

/** One upload as the server got it: its headers, its fields in order, and the file. */
export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  fields: [string, string][];
  file: File | null;
  /** Answers it now (for an upload held with `hold`). */
  finish(reply: ApiReply<unknown>, headers?: Record<string, string>): void;
  /** Reports that `fraction` of its bytes are sent. */
  progress(fraction: number): void;
  aborted: boolean;
}

type UploadAnswer = ApiReply<unknown> | 'hold';

/**
 * XMLHttpRequests for uploads, for specs: each records what was sent and answers the next queued
 * reply (the last one repeating; success of an item by default), after reporting half the bytes
 * sent. A reply of 'hold' leaves the upload on the way until the spec finishes it.
 */
export function fakeUploads() {
  const sent: SentUpload[] = [];
  let queue: UploadAnswer[] = [];
  const next = (): UploadAnswer => (queue.length > 1 ? queue.shift()! : (queue[0] ?? success({ item: anItem({ id: `uploaded-${sent.length}` }), duplicate: false, position: 200 + sent.length })));

  function createRequest(): UploadRequest {
    const request = {
      status: 0,
      responseText: '',
      withCredentials: false,
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
      headers: {} as Record<string, string>,
      responseHeaders: {} as Record<string, string>,
      url: '',
      done: false,
      open(_method: string, url: string | URL) {
        request.url = String(url);
      },
      setRequestHeader(name: string, value: string) {
        request.headers[name] = value;
      },
      getResponseHeader: (name: string) => request.responseHeaders[name] ?? null,
      abort() {
        if (request.done) return;
        request.done = true;
        entry.aborted = true;
        (request.onabort as ((event: unknown) => void) | null)?.({});
      },
      send(body: FormData) {
        const fields: [string, string][] = [];
        let file: File | null = null;
        for (const [name, value] of body.entries()) {
          if (typeof value === 'string') fields.push([name, value]);
          else {
            fields.push([name, value.name]);
            file = value as File;
          }
        }
        Object.assign(entry, { url: request.url, headers: { ...request.headers }, fields, file });
        sent.push(entry);
        const answer = next();
        if (answer === 'hold') return;
        setTimeout(() => {
          entry.progress(0.5);
          entry.finish(answer);
        }, 0);
      },
    };
    const entry: SentUpload = {
      url: '',
      headers: {},
      fields: [],
      file: null,
      aborted: false,
      progress(fraction) {
        (request.upload.onprogress as ((event: unknown) => void) | null)?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 });
      },
      finish(reply, headers = {}) {
        if (request.done) return;
        request.done = true;
        request.status = reply.status;
        request.responseText = JSON.stringify({ Success: reply.Success, Errors: reply.Errors, data: reply.data });
        request.responseHeaders = reply.Success ? { 'X-Pagelog-Position': String(500 + sent.length), ...headers } : headers;
        (request.onload as ((event: unknown) => void) | null)?.({});
      },
    };
    return request as unknown as UploadRequest;
  }

  return {
    createRequest,
    sent,
    /** The replies of the next uploads, in order; 'hold' keeps one on the way. */
    answer(...replies: UploadAnswer[]) {
      queue = [...replies];
    },
    /** The field of an upload by name. */
    field: (upload: SentUpload, name: string) => upload.fields.find(([key]) => key === name)?.[1],
  };
}

export type FakeUploads = ReturnType<typeof fakeUploads>;

/** The media library at a folder, over a fake server and fake uploads. */
export function renderMediaLibrary(path = '/', { uploads = fakeUploads(), ...options }: AppOptions & { uploads?: FakeUploads } = {}) {
  const query = path === '/' ? '' : `?path=${encodeURIComponent(path)}`;
  const router = createMemoryRouter(routeTable(eagerScreens), { basename: adminBasename, initialEntries: [`${adminBasename}/medialibrary${query}`] });
  const view = renderInApp(
    <UploadRequestProvider createRequest={uploads.createRequest}>
      <RouterProvider router={router} />
    </UploadRequestProvider>,
    options,
  );
  return { ...view, router, uploads };
}
