import { useId, useState } from 'react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { BlockFile } from '@pagelog/contracts/blocks/block';
import { RENDITION_WIDTHS } from '@pagelog/contracts/media/media';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { typeDataFile, typeDataImage } from '@pagelog/contracts/pages/type-data-fields';
import { blockFileOf, blockImageOf } from '../../../components/media-picker/block-media';
import { formatBytes } from '../../../components/media-picker/format';
import { MediaPicker } from '../../../components/media-picker/media-picker';
import type { SchemaFormField } from '../state/schema-form-fields';

interface LibraryMediaFieldProps {
  field: SchemaFormField;
  name: string;
  disabled?: boolean;
  showError: boolean;
}

/**
 * A `library-image` or `library-file` field of a generated form (a team member's photo, a
 * publication's main download): the chosen item's name and size (an image with its thumbnail),
 * "Choose from the library" to pick or replace it with the media library's picker (where it can
 * be uploaded too), and Remove. The value is the block image or block file the picker makes, or
 * null; the form's schema checks it like any other field.
 */
export function LibraryMediaField({ field, name, disabled, showError }: LibraryMediaFieldProps) {
  const { t } = useTranslation();
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  const legendId = useId();
  const hintId = useId();
  const errorId = useId();
  const [picking, setPicking] = useState(false);
  const isImage = field.widget === 'library-image';
  const holder = { [name]: getIn(values, name) as unknown };
  const image = isImage ? typeDataImage(holder, name) : null;
  const file = isImage ? image : typeDataFile(holder, name);
  // What the library said of a file's size when it was chosen (an image is shown, not weighed).
  const size = image === null && file !== null ? (file as BlockFile).size : undefined;
  const message: unknown = getIn(errors, name);
  const error = (getIn(touched, name) || showError) && typeof message === 'string' ? message : undefined;
  const describedBy = [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  const change = (next: unknown) => {
    void setFieldValue(name, next);
    void setFieldTouched(name, true, false);
  };

  return (
    <fieldset className="block-media" aria-labelledby={legendId} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend id={legendId} className="field__label">
        {field.label}
      </legend>
      {file === null ? (
        <p className="block-media__none">{t('pages.editor.media.none')}</p>
      ) : (
        <div className="block-media__item block-media__summary">
          {image !== null && <img className="block-media__thumb" src={previewImageUrl(image.fileID, RENDITION_WIDTHS[0])} alt="" loading="lazy" />}
          <div className="block-media__info">
            <span className="block-media__name">{file.fileName}</span>
            {typeof size === 'number' && <span className="block-media__meta">{formatBytes(size)}</span>}
          </div>
          {!disabled && (
            <div className="block-media__actions">
              <button type="button" className="button button--grey button--small button--danger" onClick={() => change(null)}>
                {t('pages.editor.media.remove')}
                <span className="visually-hidden"> {file.fileName}</span>
              </button>
            </div>
          )}
        </div>
      )}
      {field.hint && (
        <p id={hintId} className="form__hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {!disabled && (
        <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
          {t('pages.editor.media.choose')}
          <span className="visually-hidden"> ({field.label})</span>
        </button>
      )}
      {picking && (
        <MediaPicker
          mode={isImage ? 'image' : 'file'}
          onChoose={(item) => {
            change(isImage ? blockImageOf(item) : blockFileOf(item));
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </fieldset>
  );
}
