import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { carriesFiles } from './drag-data';
import { locationOf } from './format';
import type { UploadEntry, Uploads } from './use-uploads';

/** A button-like label over a file input: choosing files (several at once) uploads them. */
export function UploadButton({ onFiles, label, accept }: { onFiles: (files: File[]) => void; label?: string; accept?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="upload-button">
      <input
        id={id}
        type="file"
        multiple
        accept={accept}
        className="visually-hidden upload-button__input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same files can be chosen again after a failure.
          event.target.value = '';
          onFiles(files);
        }}
      />
      <label htmlFor={id} className="button button--orange upload-button__label">
        {label ?? t('media.upload.button')}
      </label>
    </span>
  );
}

/**
 * Takes files dropped on it from the desktop. Dropping is the quicker way; the upload button
 * beside it does the same from the keyboard.
 */
export function DropZone({ onFiles, label, enabled, children }: { onFiles: (files: File[]) => void; label: string; enabled: boolean; children: ReactNode }) {
  const [over, setOver] = useState(false);
  if (!enabled) return <div className="drop-zone">{children}</div>;
  const accepts = (event: DragEvent) => carriesFiles(event);
  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      aria-label={label}
      role="region"
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length === 0) return;
        event.preventDefault();
        onFiles(files);
      }}
    >
      {children}
      {over && (
        <p className="drop-zone__hint" aria-hidden="true">
          {label}
        </p>
      )}
    </div>
  );
}

interface UploadListProps {
  uploads: Uploads;
  /** "Use that one" for a duplicate: the item that already holds the bytes. */
  onUseExisting: (item: MediaItemView) => void;
}

/** The uploads with a progress bar each, a cancel button while they are on the way, and the duplicate notice. */
export function UploadList({ uploads, onUseExisting }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.entries.length === 0) return null;
  return (
    <section className="upload-list" aria-label={t('media.upload.listLabel')}>
      <ul className="upload-list__items">
        {uploads.entries.map((entry) => (
          <UploadRow key={entry.key} entry={entry} uploads={uploads} onUseExisting={onUseExisting} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ entry, uploads, onUseExisting }: { entry: UploadEntry; uploads: Uploads; onUseExisting: (item: MediaItemView) => void }) {
  const { t } = useTranslation();
  const active = entry.status === 'waiting' || entry.status === 'uploading';
  const finished = !active && entry.status !== 'duplicate';
  return (
    <li className={`upload-list__item upload-list__item--${entry.status}`}>
      <span className="upload-list__name">{entry.fileName}</span>
      <progress className="upload-list__progress" max={1} value={entry.progress} aria-label={t('media.upload.progress', { name: entry.fileName })} />
      <span className="upload-list__status" role="status">
        {statusText(entry, t)}
      </span>
      {active && (
        <button type="button" className="button button--grey button--small" aria-label={t('media.upload.cancel', { name: entry.fileName })} onClick={() => uploads.cancel(entry.key)}>
          {t('media.upload.cancelShort')}
        </button>
      )}
      {entry.status === 'duplicate' && entry.item && (
        <span className="upload-list__duplicate">
          <button
            type="button"
            className="button button--orange button--small"
            onClick={() => {
              onUseExisting(entry.item!);
              uploads.dismiss(entry.key);
            }}
          >
            {t('media.upload.useExisting')}
          </button>
          <button type="button" className="button button--grey button--small" onClick={() => uploads.uploadCopy(entry.key)}>
            {t('media.upload.uploadCopy')}
          </button>
        </span>
      )}
      {finished && (
        <button type="button" className="button button--grey button--small" aria-label={t('media.upload.dismiss', { name: entry.fileName })} onClick={() => uploads.dismiss(entry.key)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

function statusText(entry: UploadEntry, t: (key: string, options?: Record<string, unknown>) => string): string {
  switch (entry.status) {
    case 'waiting':
      return t('media.upload.waiting');
    case 'uploading':
      return t('media.upload.uploading', { percent: Math.round(entry.progress * 100) });
    case 'done':
      return t('media.upload.done');
    case 'duplicate':
      return t('media.upload.duplicate', { location: entry.item ? locationOf(entry.item) : '' });
    case 'failed':
      return entry.errors.map((error) => error.message || messageFor(error.code, error.property)).join(' ');
    case 'skipped':
      return t('media.upload.skipped');
    case 'cancelled':
      return messageFor('ML_09');
  }
}
