import { useMemo } from 'react';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem, type ErrorCode } from '@pagelog/contracts/error-catalogue';
import type { DirectoryView, MediaItemView } from '@pagelog/contracts/media/media';
import type { ApiReply } from '../../../core/api/api-client';
import { useErrorStore } from '../../../core/errors/error-store-context';
import type { AddVideoBody, EditFileBody } from '../../../components/media-picker/media-api';
import { useMediaCommands } from '../../../components/media-picker/media-services';
import type { MediaBrowser } from '../../../components/media-picker/use-media-browser';

/** What an action answers: the thing it made or changed, or null when it was refused. */
export type Outcome<T> = Promise<T | null>;

export interface MediaActions {
  createFolder(path: string, folderName: string): Outcome<DirectoryView>;
  moveFile(id: string, newPath: string, newFileName: string): Outcome<MediaItemView>;
  editFile(body: EditFileBody): Outcome<MediaItemView>;
  moveFolder(oldPath: string, newPath: string): Outcome<DirectoryView>;
  deleteFile(id: string): Outcome<true>;
  deleteFolder(path: string): Outcome<true>;
  addVideo(body: AddVideoBody): Outcome<MediaItemView>;
}

/**
 * The library's commands as spec section 4 has them: a new folder (and a new video) is appended
 * to its folder; moves, edits and deletes read the folders again and run the current search
 * again. A refusal adds its errors to the `media` collection under the media message that says
 * what failed ("Could not move file." and the like).
 */
export function useMediaActions(browser: Pick<MediaBrowser, 'append' | 'refresh'>): MediaActions {
  const commands = useMediaCommands();
  const errors = useErrorStore();
  const { append, refresh } = browser;

  return useMemo(() => {
    function refused(reply: ApiReply<unknown>, heading: ErrorCode | null): null {
      const added: ErrorItem[] = heading && !reply.Errors.some((error) => error.code === heading) ? [errorItem(heading, '', 'media'), ...reply.Errors] : [...reply.Errors];
      errors.add('media', added);
      return null;
    }

    async function changed<T>(call: Promise<ApiReply<T>>, heading: ErrorCode | null): Outcome<T> {
      const reply = await call;
      if (!reply.Success || reply.data === null) return refused(reply, heading);
      await refresh();
      return reply.data;
    }

    return {
      async createFolder(path, folderName) {
        const reply = await commands.createDir(path, folderName);
        if (!reply.Success || reply.data === null) return refused(reply, 'ML_08');
        append(path, { directory: reply.data });
        return reply.data;
      },
      async addVideo(body) {
        const reply = await commands.addVideo(body);
        if (!reply.Success || reply.data === null) return refused(reply, null);
        append(body.path, { item: reply.data });
        return reply.data;
      },
      moveFile: (id, newPath, newFileName) => changed(commands.moveFile(id, newPath, newFileName), 'ML_05'),
      editFile: (body) => changed(commands.editFile(body), null),
      moveFolder: (oldPath, newPath) => changed(commands.moveDirectory(oldPath, newPath), 'ML_06'),
      deleteFile: async (id) => ((await changed(commands.deleteFile(id), null)) ? true : null),
      deleteFolder: async (path) => ((await changed(commands.deleteDirectory(path), null)) ? true : null),
    };
  }, [commands, errors, append, refresh]);
}
