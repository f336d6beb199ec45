import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { ErrorList } from '../error-list/error-list';
import { Modal } from '../modal/modal';
import { useCurrentUser } from '../../core/session/current-user';
import { Breadcrumbs } from './breadcrumbs';
import { BrowserListing } from './browser-listing';
import { isPicture } from './media-api';
import { MediaSearchBox } from './media-search-box';
import { DropZone, UploadButton, UploadList } from './upload-controls';
import { useMediaBrowser } from './use-media-browser';
import { useUploads } from './use-uploads';

/**
 * image: pictures for an image block or the SEO image; file: any stored file, for a download;
 * video: the YouTube and Vimeo items, for a video block (added by link in the library, so no upload here).
 */
export type PickerMode = 'image' | 'file' | 'video';

export interface MediaPickerProps {
  mode: PickerMode;
  /** The chosen item; the picker does not close itself (the caller stops rendering it). */
  onChoose: (item: MediaItemView) => void;
  onClose: () => void;
  title?: string;
  /** The folder to start in (the root by default). */
  initialPath?: string;
}

/** Which items a mode offers. */
export function offeredBy(mode: PickerMode): (item: MediaItemView) => boolean {
  if (mode === 'image') return isPicture;
  if (mode === 'video') return (item) => item.kind === 'youtube' || item.kind === 'vimeo';
  return (item) => item.kind !== 'youtube' && item.kind !== 'vimeo';
}

/**
 * A modal to choose a media item: browse the folders, search below the one shown, upload into it
 * in place (with manage-media), select an item and press Choose.
 */
export function MediaPicker({ mode, onChoose, onClose, title, initialPath = '/' }: MediaPickerProps) {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  const canUpload = hasPermission('manage-media') && mode !== 'video';
  const [path, setPath] = useState(initialPath);
  const browser = useMediaBrowser(path, setPath);
  const [selected, setSelected] = useState<MediaItemView | null>(null);
  const offered = offeredBy(mode);

  const uploads = useUploads(
    useCallback(
      (folder: string, item: MediaItemView) => {
        browser.append(folder, { item });
        // What was just uploaded for this use is what is most likely chosen.
        if (offeredBy(mode)(item)) setSelected(item);
      },
      [browser.append, mode],
    ),
  );

  function openFolder(next: string) {
    setSelected(null);
    browser.openFolder(next);
  }

  return (
    <Modal
      title={title ?? t(mode === 'image' ? 'media.picker.chooseImage' : mode === 'video' ? 'media.picker.chooseVideo' : 'media.picker.chooseFile')}
      size="large"
      onClose={onClose}
      buttons={[
        { text: t('media.picker.cancel'), theme: 'grey', onClick: onClose },
        { text: t('media.picker.choose'), theme: 'orange', disabled: selected === null, onClick: () => selected && onChoose(selected) },
      ]}
    >
      <div className="media-picker">
        <div className="media-toolbar">
          <MediaSearchBox browser={browser} />
          {canUpload && <UploadButton accept={mode === 'image' ? 'image/*' : undefined} onFiles={(files) => uploads.upload(files, path)} />}
        </div>
        <ErrorList collection="media" />
        <Breadcrumbs path={path} onOpenFolder={openFolder} />
        <UploadList uploads={uploads} onUseExisting={(item) => offered(item) && setSelected(item)} />
        <DropZone enabled={canUpload} label={t('media.upload.dropHere', { folder: path })} onFiles={(files) => uploads.upload(files, path)}>
          <BrowserListing browser={browser} view="grid" selectedId={selected?.id ?? null} onOpenFolder={openFolder} onSelect={setSelected} shows={offered} />
        </DropZone>
      </div>
    </Modal>
  );
}
