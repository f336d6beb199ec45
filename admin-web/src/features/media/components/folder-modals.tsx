import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPath, type DirectoryView } from '@pagelog/contracts/media/media';
import { createDirSchema, moveDirectorySchema } from '@pagelog/contracts/media/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { FolderTree } from '../../../components/media-picker/folder-tree';
import { folderNameOf, parentOf } from '../../../components/media-picker/format';
import { Modal } from '../../../components/modal/modal';
import type { MediaActions } from '../state/use-media-actions';
import { MediaFormModal } from './media-form-modal';
import { useFreshMediaErrors } from './use-fresh-media-errors';

interface FolderModalProps {
  /** The folder shown: where a new folder goes, or the folder to move or delete. */
  path: string;
  actions: MediaActions;
  onClose: () => void;
}

/** A new folder in the folder shown (create-dir); it is appended to the folder's content. */
export function CreateFolderModal({ path, actions, onDone, onClose }: FolderModalProps & { onDone: (folder: DirectoryView) => void }) {
  const { t } = useTranslation();
  return (
    <MediaFormModal
      title={t('media.folder.createTitle')}
      submitText={t('media.folder.create')}
      size="small"
      initialValues={{ folderName: '' }}
      onClose={onClose}
      onSubmit={async (values, { check }) => {
        const checked = await check(createDirSchema, { path, folderName: values.folderName });
        const created = checked && (await actions.createFolder(checked.path, checked.folderName));
        if (created) onDone(created);
      }}
    >
      {() => (
        <>
          <TextField name="folderName" label={t('media.fields.folderName')} errorCollection="media" autoComplete="off" autoFocus />
          <p className="form__hint">{t('media.folder.createIn', { path })}</p>
        </>
      )}
    </MediaFormModal>
  );
}

/** Renaming the folder shown and moving it under another folder (move-directory). */
export function MoveFolderModal({ path, actions, onDone, onClose }: FolderModalProps & { onDone: (folder: DirectoryView) => void }) {
  const { t } = useTranslation();
  return (
    <MediaFormModal
      title={t('media.folder.moveTitle', { name: folderNameOf(path) })}
      submitText={t('media.folder.move')}
      initialValues={{ folderName: folderNameOf(path), parent: parentOf(path) }}
      onClose={onClose}
      onSubmit={async (values, { check }) => {
        // The new name is checked as a folder name (its own errors), then the whole new path.
        const named = await check(createDirSchema, { path: values.parent, folderName: values.folderName });
        const target = named && (await check(moveDirectorySchema, { oldPath: path, newPath: childPath(named.path, named.folderName) }));
        const moved = target && (await actions.moveFolder(target.oldPath, target.newPath));
        if (moved) onDone(moved);
      }}
    >
      {({ values, setFieldValue }) => (
        <>
          <TextField name="folderName" label={t('media.fields.folderName')} errorCollection="media" autoComplete="off" autoFocus />
          <FolderTree label={t('media.folder.parent')} mode="choose" current={values.parent} excluded={path} onSelect={(parent) => void setFieldValue('parent', parent)} />
          <p className="form__hint">{t('media.move.chosen', { path: values.parent })}</p>
        </>
      )}
    </MediaFormModal>
  );
}

/** Deleting the folder shown; the server refuses a folder that still holds something (V_07). */
export function DeleteFolderModal({ path, actions, onDone, onClose }: FolderModalProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  useFreshMediaErrors();
  async function confirm() {
    setBusy(true);
    const deleted = await actions.deleteFolder(path);
    setBusy(false);
    if (deleted) onDone();
  }
  return (
    <Modal
      title={t('media.folder.deleteTitle', { name: folderNameOf(path) })}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('media.dialog.cancel'), theme: 'grey', onClick: onClose },
        { text: t('media.folder.delete'), theme: 'orange', disabled: busy, onClick: () => void confirm() },
      ]}
    >
      <ErrorList collection="media" />
      <p>{t('media.folder.deleteQuestion', { path })}</p>
    </Modal>
  );
}
