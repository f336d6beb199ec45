import { endpointUrl, IDEMPOTENCY_KEY_HEADER, type ResponseOf } from '@pagelog/contracts/endpoints';
import { MIN_POSITION_HEADER, POSITION_HEADER, type ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@pagelog/contracts/users/user';
import { newIdempotencyKey, type ApiClient, type ApiReply } from '../../core/api/api-client';

/** What add-file answers: the new item (or the one already holding the bytes) and the position. */
export type AddFileData = ResponseOf<'mediaAddFile'>;

export interface UploadOptions {
  /** Store a second item for bytes the library holds already (the user chose "upload a copy"). */
  allowDuplicate?: boolean;
  /** Called with the share of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload; the reply then has status 0 and `cancelled`. */
  signal?: AbortSignal;
}

export type UploadReply = ApiReply<AddFileData> & { cancelled?: boolean };

/** The part of XMLHttpRequest an upload uses (specs give a fake). */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'getResponseHeader' | 'status' | 'responseText' | 'withCredentials' | 'onload' | 'onerror' | 'onabort'
> & { upload: Pick<XMLHttpRequestUpload, 'onprogress'> };

export type Uploader = (file: File, path: string, options?: UploadOptions) => Promise<UploadReply>;

/**
 * add-file (spec section 7: multipart `path` and `f`) over XMLHttpRequest rather than the API
 * client's fetch, because only XMLHttpRequest reports upload progress. It sends what the client
 * sends with a command (X-Requested-With, the session's CSRF token, an Idempotency-Key for the
 * action, the latest position seen) and hands the answer's position back to the client, so the
 * reads after it show the new file. The fields go before the file, so the server knows the folder
 * before the bytes stream in. It is sent once: a 100 MB body is not sent again on its own.
 */
export function createUploader(api: ApiClient, createRequest: () => UploadRequest = () => new XMLHttpRequest()): Uploader {
  return (file, path, { allowDuplicate = false, onProgress, signal } = {}) =>
    new Promise<UploadReply>((resolve) => {
      if (signal?.aborted) {
        resolve(cancelled());
        return;
      }
      const request = createRequest();
      request.open('POST', endpointUrl('mediaAddFile'));
      request.withCredentials = true;
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
      const token = api.csrfToken();
      if (token) request.setRequestHeader(CSRF_HEADER, token);
      request.setRequestHeader(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
      if (api.minPosition() > 0) request.setRequestHeader(MIN_POSITION_HEADER, String(api.minPosition()));

      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
      };
      const stop = () => request.abort();
      signal?.addEventListener('abort', stop, { once: true });
      const settle = (reply: UploadReply) => {
        signal?.removeEventListener('abort', stop);
        resolve(reply);
      };
      request.onload = () => {
        api.notePosition(Number(request.getResponseHeader(POSITION_HEADER)));
        const reply = parseReply(request.status, request.responseText);
        if (reply.Success) onProgress?.(1);
        settle(reply);
      };
      request.onerror = () => settle({ status: 0, Success: false, Errors: [errorItem('ML_07')], data: null });
      request.onabort = () => settle(cancelled());

      const form = new FormData();
      form.append('path', path);
      if (allowDuplicate) form.append('allowDuplicate', 'true');
      form.append('f', file, file.name);
      request.send(form);
    });
}

function cancelled(): UploadReply {
  return { status: 0, Success: false, Errors: [errorItem('ML_09')], data: null, cancelled: true };
}

/** The envelope of the answer; success needs a 200 as well (spec: uploads stop at any non-200). */
function parseReply(status: number, text: string): UploadReply {
  let body: { Success?: unknown; Errors?: unknown; data?: unknown } | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed;
  } catch {
    body = null;
  }
  const errors = Array.isArray(body?.Errors) ? (body.Errors as ErrorItem[]) : [];
  const success = status === 200 && body?.Success === true && typeof body.data === 'object' && body.data !== null;
  return {
    status,
    Success: success,
    Errors: success ? [] : errors.length > 0 ? errors : [errorItem('ML_07')],
    data: success ? (body!.data as AddFileData) : null,
  };
}
