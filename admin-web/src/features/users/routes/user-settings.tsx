import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import type { ImageRequest } from '../state/store-personal-settings';
import { useStoreSettings, type SettingsFormValues } from '../state/use-store-settings';

const acceptedImageTypes = ['image/jpeg', 'image/png'];

interface ImageChoice {
  /** The new image, not yet stored. */
  file: File | null;
  /** An object URL showing the new image. */
  preview: string | null;
  remove: boolean;
}

const unchanged: ImageChoice = { file: null, preview: null, remove: false };

/** Personal settings: name, job title, password and profile image (spec section 2). */
export function UserSettingsRoute() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const storing = useStoreSettings();
  const errors = useErrorStore();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<ImageChoice>(unchanged);
  const [showSaved, setShowSaved] = useState(false);

  useEffect(() => () => {
    errors.clear('user-settings');
    errors.clear('user-profile-image');
  }, [errors]);

  useEffect(() => {
    const preview = image.preview;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [image.preview]);

  if (!user) return null;

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    setShowSaved(false);
    errors.clear('user-profile-image');
    const file = event.target.files?.[0];
    if (!file) return;
    // The server checks again (and the resolution); these two need no upload to know.
    const problem = !acceptedImageTypes.includes(file.type) ? 'UM_06' : file.size > PROFILE_IMAGE.maxBytes ? 'UM_05' : null;
    if (problem) {
      errors.set('user-profile-image', [errorItem(problem, PROFILE_IMAGE.field, 'user')]);
      event.target.value = '';
      return;
    }
    setImage({ file, preview: URL.createObjectURL(file), remove: false });
  }

  function removeImage() {
    setShowSaved(false);
    errors.clear('user-profile-image');
    if (fileInput.current) fileInput.current.value = '';
    setImage({ file: null, preview: null, remove: true });
  }

  const imageRequest: ImageRequest | null = image.remove ? { remove: true, file: null } : image.file ? { remove: false, file: image.file } : null;
  // The API's image URL changes with the image, so a new one is never hidden by the browser cache.
  const shownImage = image.preview ?? (image.remove ? null : user.image);

  const initialValues: SettingsFormValues = {
    name: user.name,
    jobTitle: user.jobTitle,
    currentPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  };

  return (
    <section className="screen">
      <h1 className="screen__title">{t('settings.title')}</h1>
      <p className="screen__description">{t('settings.description')}</p>
      <Formik
        initialValues={initialValues}
        onSubmit={async (values, { resetForm }) => {
          setShowSaved(false);
          const ok = await storing.mutateAsync({ values, image: imageRequest });
          if (ok) {
            resetForm({ values: { ...values, currentPassword: '', newPassword: '', confirmNewPassword: '' } });
            if (fileInput.current) fileInput.current.value = '';
            setImage(unchanged);
            setShowSaved(true);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="form form--wide" noValidate>
            {showSaved && (
              <p className="notice notice--success" role="status">
                {t('settings.saved')}
              </p>
            )}
            <ErrorList collection="user-settings" />
            <fieldset className="form__group">
              <legend>{t('settings.profile')}</legend>
              <TextField name="name" label={t('settings.fields.name')} autoComplete="name" errorCollection="user-settings" property="name" />
              <TextField name="jobTitle" label={t('settings.fields.jobTitle')} autoComplete="organization-title" errorCollection="user-settings" />
            </fieldset>

            <fieldset className="form__group">
              <legend>{t('settings.password')}</legend>
              <p className="form__hint">{t('settings.passwordHint')}</p>
              <TextField name="currentPassword" label={t('settings.fields.currentPassword')} type="password" autoComplete="current-password" errorCollection="user-settings" />
              <TextField name="newPassword" label={t('settings.fields.newPassword')} type="password" autoComplete="new-password" errorCollection="user-settings" />
              <TextField
                name="confirmNewPassword"
                label={t('settings.fields.confirmNewPassword')}
                type="password"
                autoComplete="new-password"
                errorCollection="user-settings"
              />
            </fieldset>

            <fieldset className="form__group">
              <legend>{t('settings.image')}</legend>
              <ErrorList collection="user-profile-image" />
              <div className="profile-image">
                {shownImage ? (
                  <img className="profile-image__picture" src={shownImage} alt={image.preview ? t('settings.imagePreviewAlt') : t('settings.imageAlt')} />
                ) : (
                  <span className="profile-image__none">{image.remove ? t('settings.imageWillBeRemoved') : t('settings.noImage')}</span>
                )}
                <div className="profile-image__controls">
                  <label className="field__label" htmlFor={fileId}>
                    {t('settings.fields.image')}
                  </label>
                  <input ref={fileInput} id={fileId} type="file" accept={acceptedImageTypes.join(',')} onChange={chooseFile} />
                  <p className="form__hint">{t('settings.imageHint')}</p>
                  {(shownImage !== null || image.file !== null) && (
                    <button type="button" className="button button--grey" onClick={removeImage}>
                      {t('settings.removeImage')}
                    </button>
                  )}
                </div>
              </div>
            </fieldset>

            <div className="form__actions">
              <button type="submit" className="button button--orange" disabled={isSubmitting}>
                {t('settings.save')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
