import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPath, isWithin, type FocalPoint, type MediaItemView, type MediaListing } from '@pagelog/contracts/media/media';
import { ErrorList } from '../../../components/error-list/error-list';
import { Breadcrumbs } from '../../../components/media-picker/breadcrumbs';
import { BrowserListing } from '../../../components/media-picker/browser-listing';
import type { MediaDrag } from '../../../components/media-picker/drag-data';
import { FolderTree } from '../../../components/media-picker/folder-tree';
import { folderNameOf, parentOf } from '../../../components/media-picker/format';
import type { MediaView } from '../../../components/media-picker/media-grid';
import { MediaSearchBox } from '../../../components/media-picker/media-search-box';
import { DropZone, UploadButton, UploadList } from '../../../components/media-picker/upload-controls';
import { useMediaBrowser } from '../../../components/media-picker/use-media-browser';
import { useUploads } from '../../../components/media-picker/use-uploads';
import { useCurrentUser } from '../../../core/session/current-user';
import { useMediaActions } from '../state/use-media-actions';
import { AddVideoModal } from './add-video-modal';
import { DeleteFileModal } from './delete-file-modal';
import { DetailsPanel, type FileAction } from './details-panel';
import { EditFileModal, MoveFileModal } from './file-modals';
import { CreateFolderModal, DeleteFolderModal, MoveFolderModal } from './folder-modals';

type Dialog = { kind: 'create-folder' | 'move-folder' | 'delete-folder' | 'video' } | { kind: FileAction; item: MediaItemView } | null;

function itemsOf(listing: MediaListing | undefined): MediaItemView[] {
  return listing ? [...listing.images, ...listing.documents] : [];
}

/**
 * The media library (spec sections 2 and 4): the folder tree and breadcrumbs, the folder's content
 * as tiles or a table, search and the "without alt text" filter, uploads by button and by drop,
 * and with manage-media the changes: folders, videos, editing, moving (drag and drop or "Move
 * to…") and deleting. The folder shown is the caller's (the route keeps it in the address).
 */
export function MediaLibraryScreen({ path, onPathChange }: { path: string; onPathChange: (path: string) => void }) {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  const canManage = hasPermission('manage-media');
  const browser = useMediaBrowser(path, onPathChange);
  const actions = useMediaActions(browser);
  const [view, setView] = useState<MediaView>('grid');
  const [selected, setSelected] = useState<MediaItemView | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { append } = browser;
  const uploads = useUploads(useCallback((folder: string, item: MediaItemView) => append(folder, { item }), [append]));

  // The selected item as the latest read shows it (a rename, new alt text).
  const shown = selected ? (itemsOf(browser.listing).find((item) => item.id === selected.id) ?? selected) : null;

  function openFolder(next: string) {
    setSelected(null);
    browser.openFolder(next);
  }

  /** After a folder moved: the folder shown moves along when it was it or below it. */
  function followFolder(oldPath: string, newPath: string) {
    if (isWithin(path, oldPath)) onPathChange(newPath + path.slice(oldPath.length));
  }

  async function dropOnFolder(folderPath: string, dragged: MediaDrag) {
    if (dragged.type === 'item') {
      const moved = await actions.moveFile(dragged.id, folderPath, dragged.fileName);
      if (moved && shown?.id === moved.id) setSelected(moved);
      return;
    }
    const newPath = childPath(folderPath, folderNameOf(dragged.path));
    if (await actions.moveFolder(dragged.path, newPath)) followFolder(dragged.path, newPath);
  }
  const onDrop = canManage ? (folderPath: string, dragged: MediaDrag) => void dropOnFolder(folderPath, dragged) : undefined;

  const close = () => setDialog(null);

  /** Only the point (with the id, folder and name edit-file needs): the alt text and the shared flag stay as they are. */
  async function saveFocalPoint(item: MediaItemView, focalPoint: FocalPoint | null) {
    const edited = await actions.editFile({ id: item.id, newPath: item.path, newFileName: item.fileName, focalPoint });
    if (edited) setSelected(edited);
    return edited;
  }

  return (
    <div className="screen screen--wide media-library">
      <div className="screen__header">
        <h1 className="screen__title">{t('media.title')}</h1>
      </div>
      <ErrorList collection="media" />

      <div className="media-toolbar">
        <MediaSearchBox browser={browser} withAltTextFilter />
        <div className="media-toolbar__view" role="group" aria-label={t('media.view.label')}>
          {(['grid', 'list'] as const).map((each) => (
            <button key={each} type="button" className="button button--grey button--small" aria-pressed={view === each} onClick={() => setView(each)}>
              {t(`media.view.${each}`)}
            </button>
          ))}
        </div>
        {canManage && (
          <div className="media-toolbar__actions">
            <UploadButton onFiles={(files) => uploads.upload(files, path)} />
            <button type="button" className="button button--grey" onClick={() => setDialog({ kind: 'create-folder' })}>
              {t('media.folder.new')}
            </button>
            <button type="button" className="button button--grey" onClick={() => setDialog({ kind: 'video' })}>
              {t('media.video.add')}
            </button>
          </div>
        )}
      </div>

      <div className="media-library__body">
        <div className="media-library__tree">
          <FolderTree label={t('media.tree.label')} current={path} onSelect={openFolder} onDrop={onDrop} draggable={canManage} />
        </div>

        <section className="media-library__content" aria-label={t('media.folderContent')}>
          <div className="media-library__location">
            <Breadcrumbs path={path} onOpenFolder={openFolder} onDrop={onDrop} />
            {canManage && path !== '/' && (
              <div className="media-library__folder-actions">
                <button type="button" className="button button--grey button--small" onClick={() => setDialog({ kind: 'move-folder' })}>
                  {t('media.folder.moveAction')}
                </button>
                <button type="button" className="button button--grey button--small" onClick={() => setDialog({ kind: 'delete-folder' })}>
                  {t('media.folder.deleteAction')}
                </button>
              </div>
            )}
          </div>
          <UploadList
            uploads={uploads}
            onUseExisting={(item) => {
              openFolder(item.path);
              setSelected(item);
            }}
          />
          <DropZone enabled={canManage} label={t('media.upload.dropHere', { folder: path })} onFiles={(files) => uploads.upload(files, path)}>
            {browser.searching && <h2 className="media-library__results-title">{t('media.searchResultsIn', { path })}</h2>}
            <BrowserListing browser={browser} view={view} selectedId={shown?.id ?? null} onOpenFolder={openFolder} onSelect={setSelected} onDrop={onDrop} />
          </DropZone>
        </section>

        {shown && (
          <DetailsPanel
            item={shown}
            canManage={canManage}
            onAction={(kind) => setDialog({ kind, item: shown })}
            onFocalPoint={(focalPoint) => saveFocalPoint(shown, focalPoint)}
            onClose={() => setSelected(null)}
          />
        )}
      </div>

      {dialog?.kind === 'create-folder' && <CreateFolderModal path={path} actions={actions} onDone={close} onClose={close} />}
      {dialog?.kind === 'move-folder' && (
        <MoveFolderModal
          path={path}
          actions={actions}
          onDone={(folder) => {
            close();
            followFolder(path, folder.path);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete-folder' && (
        <DeleteFolderModal
          path={path}
          actions={actions}
          onDone={() => {
            close();
            openFolder(parentOf(path));
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'video' && (
        <AddVideoModal
          path={path}
          actions={actions}
          onDone={(item) => {
            close();
            setSelected(item);
          }}
          onClose={close}
        />
      )}
      {(dialog?.kind === 'edit' || dialog?.kind === 'move') && (
        <FileDialog
          kind={dialog.kind}
          item={dialog.item}
          actions={actions}
          onDone={(item) => {
            close();
            setSelected(item);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteFileModal
          item={dialog.item}
          actions={actions}
          onDone={() => {
            close();
            setSelected(null);
          }}
          onClose={close}
        />
      )}
    </div>
  );
}

function FileDialog({ kind, ...props }: { kind: 'edit' | 'move' } & Parameters<typeof EditFileModal>[0]) {
  return kind === 'edit' ? <EditFileModal {...props} /> : <MoveFileModal {...props} />;
}
