import http from 'node:http';
import sharp from 'sharp';
import { CSRF_HEADER } from '@pagelog/contracts/users/user';
import type { ApiClient, ApiReply } from './api-client';

/** Files and request helpers of the media command specs (media-uploads, media-folders). */

export const jpeg = (width = 64, height = 48, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};
export const png = () => sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } }).png().toBuffer();
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** A multipart body as a browser sends add-file: the fields, then the file `f`. */
export function fileForm(bytes: Buffer | string, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ path: '/', ...fields })) form.append(key, value);
  form.append('f', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return form;
}

export const ofMedia = (code: string, property: string) => ({ code, property, model: 'media' });

export function firstError(reply: ApiReply) {
  const [item] = reply.body.Errors;
  return item ? { code: item.code, property: item.property, model: item.model } : null;
}

/** Status and first error item of a reply, to compare in one go. */
export function outcome(reply: ApiReply): [number, ReturnType<typeof firstError>] {
  return [reply.status, firstError(reply)];
}

/**
 * A client's media helpers with names of their own: `folder` makes a new folder under the root
 * (answers its path), `uniqueJpeg` a JPEG of its own colour, so the duplicate check never meets
 * another test's bytes.
 */
export function mediaHelpers(client: () => ApiClient) {
  let seq = 0;
  return {
    upload: (bytes: Buffer | string, name: string, fields: Record<string, string> = {}) => client().post('/medialib/add-file', fileForm(bytes, name, fields)),
    async folder(name = 'Map'): Promise<string> {
      seq += 1;
      const reply = await client().post('/medialib/create-dir', { path: '/', folderName: `${name} ${seq}` });
      if (reply.status !== 200) throw new Error(`create-dir ${name}: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
      return reply.body.data.path;
    },
    uniqueJpeg() {
      seq += 1;
      return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: seq % 256, g: (seq * 7) % 256, b: 99 } } }).jpeg().toBuffer();
    },
  };
}

/**
 * Uploads a file of `fileBytes` bytes as add-file (`first`, then zero bytes), made while it is
 * sent a megabyte at a time (never in memory whole), and stops sending once the answer arrives.
 * Answers the status, the body and how many of the file's bytes were never sent.
 */
export function streamUpload(baseUrl: string, client: ApiClient, fileBytes: number, first: Buffer = Buffer.alloc(0)): Promise<{ status: number; body: string; unsent: number }> {
  const boundary = 'pagelog-upload-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="groot.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  return new Promise((resolve, reject) => {
    let unsent = fileBytes;
    let answered = false;
    const request = http.request(`${baseUrl}/api/cms/medialib/add-file`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + fileBytes + tail.length),
        Cookie: client.cookie!,
        [CSRF_HEADER]: client.csrfToken!,
        'X-Requested-With': 'XMLHttpRequest',
      },
    });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, unsent });
      });
    });
    // The server may close the connection on the rest of a refused upload.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const send = () => {
      if (answered) return;
      if (unsent === 0) {
        request.end(tail);
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, unsent));
      unsent -= part.length;
      if (request.write(part)) setImmediate(send);
      else request.once('drain', send);
    };
    request.write(head);
    request.write(first);
    unsent -= first.length;
    send();
  });
}
