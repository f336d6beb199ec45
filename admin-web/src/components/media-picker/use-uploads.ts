import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { MAX_MEDIA_BYTES, type MediaItemView } from '@pagelog/contracts/media/media';
import { useErrorStore } from '../../core/errors/error-store-context';
import { useUploader } from './media-services';

/**
 * waiting: in the queue; uploading: its bytes are on the way; done: stored; duplicate: the same
 * bytes were in the library already (nothing stored, the user chooses); failed: refused (the
 * queue stopped there); skipped: not sent, because one before it failed; cancelled: by the user.
 */
export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'skipped' | 'cancelled';

export interface UploadEntry {
  key: string;
  fileName: string;
  /** The folder it goes to: the one shown when it was chosen. */
  path: string;
  status: UploadStatus;
  /** Share of the bytes sent, 0 to 1. */
  progress: number;
  /** The stored item, or for a duplicate the item that holds the same bytes. */
  item: MediaItemView | null;
  errors: readonly ErrorItem[];
}

export interface Uploads {
  entries: readonly UploadEntry[];
  /** Queues files for a folder; they are sent one by one. */
  upload(files: readonly File[], path: string): void;
  cancel(key: string): void;
  /** Sends a duplicate again as a second item on the same bytes. */
  uploadCopy(key: string): void;
  dismiss(key: string): void;
}

interface Job {
  file: File;
  path: string;
  allowDuplicate: boolean;
  controller: AbortController | null;
}

let counter = 0;

/**
 * The uploads of spec section 4: files go to the folder shown, one at a time, each with its
 * progress; the first that is not answered with 200 stops the queue, its errors go into the
 * `media` collection (cleared when a new batch starts), and the ones after it are not sent.
 * `onUploaded` hears of every stored item, to add it to its folder.
 */
export function useUploads(onUploaded: (path: string, item: MediaItemView) => void): Uploads {
  const uploader = useUploader();
  const errors = useErrorStore();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const mounted = useRef(true);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => {
    mounted.current = true;
    const current = jobs.current;
    return () => {
      // Leaving the screen cancels what is on the way.
      mounted.current = false;
      queue.current = [];
      for (const job of current.values()) job.controller?.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<UploadEntry>) => {
    if (!mounted.current) return;
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  /**
   * A refusal stops the queue: the files after it are marked skipped in the same step as the
   * refused one and its errors, so the screen never shows the errors beside files still waiting.
   */
  const refuse = useCallback(
    (key: string, refused: readonly ErrorItem[]) => {
      jobs.current.delete(key);
      for (const rest of queue.current) {
        jobs.current.delete(rest);
        update(rest, { status: 'skipped' });
      }
      queue.current = [];
      update(key, { status: 'failed', errors: refused });
      errors.set('media', refused);
    },
    [errors, update],
  );

  /** Sends one file; false when the queue must stop. */
  const send = useCallback(
    async (key: string, job: Job): Promise<boolean> => {
      if (job.file.size > MAX_MEDIA_BYTES) {
        refuse(key, [errorItem('ML_01', 'f', 'media')]);
        return false;
      }
      job.controller = new AbortController();
      update(key, { status: 'uploading', progress: 0, errors: [] });
      const reply = await uploader(job.file, job.path, {
        allowDuplicate: job.allowDuplicate,
        signal: job.controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      job.controller = null;
      if (reply.cancelled) {
        jobs.current.delete(key);
        update(key, { status: 'cancelled', errors: reply.Errors });
        return true;
      }
      if (!reply.Success || reply.data === null) {
        refuse(key, reply.Errors);
        return false;
      }
      const { item, duplicate } = reply.data;
      if (duplicate && !job.allowDuplicate) {
        update(key, { status: 'duplicate', progress: 1, item });
        return true;
      }
      // Only a duplicate keeps its file, for "upload a copy anyway".
      jobs.current.delete(key);
      update(key, { status: 'done', progress: 1, item });
      if (mounted.current) onUploadedRef.current(job.path, item);
      return true;
    },
    [uploader, refuse, update],
  );

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let key = queue.current.shift(); key !== undefined; key = queue.current.shift()) {
        const job = jobs.current.get(key);
        if (!job) continue;
        if (!(await send(key, job))) break;
      }
    } finally {
      running.current = false;
    }
  }, [send]);

  const upload = useCallback<Uploads['upload']>(
    (files, path) => {
      if (files.length === 0) return;
      if (!running.current) errors.clear('media');
      const added: UploadEntry[] = files.map((file) => {
        const key = `upload-${++counter}`;
        jobs.current.set(key, { file, path, allowDuplicate: false, controller: null });
        queue.current.push(key);
        return { key, fileName: file.name, path, status: 'waiting', progress: 0, item: null, errors: [] };
      });
      setEntries((all) => [...all.filter((entry) => entry.status === 'waiting' || entry.status === 'uploading' || entry.status === 'duplicate'), ...added]);
      void run();
    },
    [errors, run],
  );

  const cancel = useCallback(
    (key: string) => {
      const job = jobs.current.get(key);
      if (job?.controller) {
        job.controller.abort();
        return;
      }
      if (queue.current.includes(key)) {
        queue.current = queue.current.filter((each) => each !== key);
        jobs.current.delete(key);
        update(key, { status: 'cancelled', errors: [errorItem('ML_09')] });
      }
    },
    [update],
  );

  const uploadCopy = useCallback(
    (key: string) => {
      const job = jobs.current.get(key);
      if (!job) return;
      job.allowDuplicate = true;
      queue.current.push(key);
      update(key, { status: 'waiting', progress: 0, item: null });
      void run();
    },
    [run, update],
  );

  const dismiss = useCallback((key: string) => {
    jobs.current.delete(key);
    setEntries((all) => all.filter((entry) => entry.key !== key));
  }, []);

  return { entries, upload, cancel, uploadCopy, dismiss };
}
