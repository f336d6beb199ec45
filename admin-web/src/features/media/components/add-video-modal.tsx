import { useTranslation } from 'react-i18next';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { parseVideoLink, type MediaItemView } from '@pagelog/contracts/media/media';
import { addVideoSchema } from '@pagelog/contracts/media/schemas';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { TextField } from '../../../components/form-field/text-field';
import type { MediaActions } from '../state/use-media-actions';
import { MediaFormModal } from './media-form-modal';

/** A YouTube or Vimeo video by its link (add-video), in the folder shown. */
export function AddVideoModal({ path, actions, onDone, onClose }: { path: string; actions: MediaActions; onDone: (item: MediaItemView) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MediaFormModal
      title={t('media.video.title')}
      submitText={t('media.video.submit')}
      initialValues={{ link: '', fileName: '', defaultAltText: '' }}
      onClose={onClose}
      onSubmit={async (values, { check, fail }) => {
        const checked = await check(addVideoSchema, { path, ...values });
        if (!checked) return;
        // The spec's "video link is not valid", before anything is sent.
        if (!parseVideoLink(checked.link)) return fail([errorItem('ML_10', 'link', 'media')]);
        const added = await actions.addVideo(checked);
        if (added) onDone(added);
      }}
    >
      {() => (
        <>
          <TextField name="link" label={t('media.fields.link')} hint={t('media.fields.linkHint')} type="url" errorCollection="media" autoComplete="off" autoFocus />
          <TextField name="fileName" label={t('media.fields.videoName')} errorCollection="media" property="fileName" autoComplete="off" />
          <TextAreaField name="defaultAltText" label={t('media.fields.defaultAltText')} errorCollection="media" rows={2} />
        </>
      )}
    </MediaFormModal>
  );
}
