import { useEffect, useId } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { TagSummary, TagView } from '@pagelog/contracts/tags/tag';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { TAGS_ERRORS, useRenameTag } from '../state/use-rename-tag';

interface RenameTagDialogProps {
  tag: TagView;
  onClose: () => void;
  onRenamed: (tag: TagSummary) => void;
}

/** A tag's new name. Its pages keep it (they name it by id); its tag page moves to the new name's address. */
export function RenameTagDialog({ tag, onClose, onRenamed }: RenameTagDialogProps) {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const renaming = useRenameTag();
  const formId = useId();

  useEffect(() => {
    errors.clear(TAGS_ERRORS);
    return () => errors.clear(TAGS_ERRORS);
  }, [errors]);

  return (
    <Modal
      title={t('tags.rename.title', { name: tag.name })}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('tags.rename.cancel'), theme: 'grey', onClick: onClose },
        { text: renaming.isPending ? t('tags.rename.renaming') : t('tags.rename.submit'), theme: 'orange', form: formId, disabled: renaming.isPending },
      ]}
    >
      <Formik
        initialValues={{ name: tag.name }}
        onSubmit={async ({ name }) => {
          const renamed = await renaming.mutateAsync({ tagId: tag.id, name });
          if (renamed) onRenamed(renamed);
        }}
      >
        <Form id={formId} className="form" noValidate>
          <ErrorList collection={TAGS_ERRORS} />
          <TextField name="name" label={t('tags.rename.name')} hint={t(`tags.rename.hint.${tag.visibility}`)} errorCollection={TAGS_ERRORS} autoComplete="off" autoFocus />
        </Form>
      </Formik>
    </Modal>
  );
}
