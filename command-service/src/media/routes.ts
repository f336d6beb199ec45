import { ValidationError } from '@pagelog/contracts/domain-errors';
import { parseInput } from '@pagelog/contracts/input';
import { MAX_MEDIA_BYTES } from '@pagelog/contracts/media/media';
import { addFileFieldsSchema } from '@pagelog/contracts/media/schemas';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../core/route-context';
import type { UploadFields } from '../core/uploads/with-uploaded-file';
import { withStreamedFile } from '../core/uploads/with-streamed-file';
import type { UsersDeps } from '../users/users-deps';
import { addVideo, deleteFile, editFile, moveFile } from './files/commands';
import { createFolder, deleteFolder, moveFolder } from './folders/commands';
import type { MediaLookups } from '../core/media-lookups';
import { MEDIA_MODEL } from './media-names';
import { addFile, type AddFileInput } from './upload/add-file';
import { FILE_FIELD, mediaUploadSink } from './upload/upload-sink';

/** What the media commands need: the user commands' dependencies (blobs among them) and the media look-ups. */
export interface MediaDeps extends UsersDeps {
  mediaLookups: MediaLookups;
}

/**
 * add-file's text fields, checked like a JSON body: one value each; `allowDuplicate` as a form
 * sends a flag ("true"/"false", "1"/"0").
 */
export function addFileInput(fields: UploadFields): AddFileInput {
  const body: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(fields)) {
    if (!values || values.length !== 1) throw ValidationError.of('V_12', name, MEDIA_MODEL);
    const [value] = values;
    body[name] = name === 'allowDuplicate' ? ({ true: true, '1': true, false: false, '0': false, '': false }[value!] ?? value) : value;
  }
  return parseInput(addFileFieldsSchema, body, MEDIA_MODEL);
}

export function mediaRoutes(deps: MediaDeps): EndpointRoute[] {
  return [
    command('mediaAddFile', async (ctx) => {
      const upload = { field: FILE_FIELD, model: MEDIA_MODEL, maxBytes: MAX_MEDIA_BYTES, tooLargeCode: 'ML_01' };
      // One pass: the bytes stream into the blob store as they arrive, judged on the way.
      const result = await withStreamedFile(
        ctx,
        upload,
        () => mediaUploadSink(deps.blobs),
        (stored) => stored.blob.key,
        (file, fields) => addFile(deps, file, addFileInput(fields), contextOf(ctx, deps.clock)),
      );
      return { ...result.view, position: result.position };
    }),

    command('mediaAddVideo', async (ctx, input) => {
      const result = await addVideo(deps, input, contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('mediaCreateDir', async (ctx, input) => {
      const result = await createFolder(deps, input, contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('mediaMoveFile', async (ctx, input) => {
      const result = await moveFile(deps, input, contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('mediaEditFile', async (ctx, input) => {
      const result = await editFile(deps, input, contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('mediaMoveDirectory', async (ctx, input) => {
      const result = await moveFolder(deps, input, contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('mediaDeleteFile', async (ctx, input) => deleteFile(deps, input, contextOf(ctx, deps.clock))),

    command('mediaDeleteDirectory', async (ctx, input) => deleteFolder(deps, input, contextOf(ctx, deps.clock))),
  ];
}
