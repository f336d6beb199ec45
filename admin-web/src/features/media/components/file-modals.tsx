import { Field } from 'formik';
import { useTranslation } from 'react-i18next';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { editFileSchema, moveFileSchema } from '@pagelog/contracts/media/schemas';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { TextField } from '../../../components/form-field/text-field';
import { FolderTree } from '../../../components/media-picker/folder-tree';
import { isPicture } from '../../../components/media-picker/media-api';
import type { MediaActions } from '../state/use-media-actions';
import { MediaFormModal } from './media-form-modal';

interface FileModalProps {
  item: MediaItemView;
  actions: MediaActions;
  /** The item as the command left it; the caller closes the dialog. */
  onDone: (item: MediaItemView) => void;
  onClose: () => void;
}

/** Renaming a file and moving it to another folder (move-file): the keyboard way of dragging it onto a folder. */
export function MoveFileModal({ item, actions, onDone, onClose }: FileModalProps) {
  const { t } = useTranslation();
  return (
    <MediaFormModal
      title={t('media.move.title', { name: item.fileName })}
      submitText={t('media.move.submit')}
      initialValues={{ newFileName: item.fileName, newPath: item.path }}
      onClose={onClose}
      onSubmit={async (values, { check }) => {
        const checked = await check(moveFileSchema, { id: item.id, ...values });
        const moved = checked && (await actions.moveFile(item.id, checked.newPath, checked.newFileName));
        if (moved) onDone(moved);
      }}
    >
      {({ values, setFieldValue }) => (
        <>
          <TextField name="newFileName" label={t('media.fields.fileName')} errorCollection="media" autoComplete="off" autoFocus />
          <FolderTree label={t('media.move.destination')} mode="choose" current={values.newPath} onSelect={(path) => void setFieldValue('newPath', path)} />
          <p className="form__hint">{t('media.move.chosen', { path: values.newPath })}</p>
        </>
      )}
    </MediaFormModal>
  );
}

/** A file's name, default alternative text and shared flag (edit-file). */
export function EditFileModal({ item, actions, onDone, onClose }: FileModalProps) {
  const { t } = useTranslation();
  return (
    <MediaFormModal
      title={t('media.edit.title', { name: item.fileName })}
      submitText={t('media.edit.submit')}
      initialValues={{ newFileName: item.fileName, defaultAltText: item.defaultAltText, shared: item.shared }}
      onClose={onClose}
      onSubmit={async (values, { check }) => {
        const checked = await check(editFileSchema, { id: item.id, newPath: item.path, ...values });
        const edited = checked && (await actions.editFile(checked));
        if (edited) onDone(edited);
      }}
    >
      {() => (
        <>
          <TextField name="newFileName" label={t('media.fields.fileName')} errorCollection="media" autoComplete="off" autoFocus />
          {(isPicture(item) || item.kind === 'youtube' || item.kind === 'vimeo') && (
            <TextAreaField name="defaultAltText" label={t('media.fields.defaultAltText')} hint={t('media.fields.defaultAltTextHint')} errorCollection="media" rows={3} />
          )}
          <label className="checkbox">
            <Field type="checkbox" name="shared" />
            {t('media.fields.shared')}
          </label>
          <p className="form__hint">{t('media.fields.sharedHint')}</p>
        </>
      )}
    </MediaFormModal>
  );
}
