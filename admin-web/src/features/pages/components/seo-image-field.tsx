import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seoImageOf, type SeoImage } from '@pagelog/contracts/pages/page';
import { RENDITION_WIDTHS } from '@pagelog/contracts/media/media';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { blockImageOf } from '../../../components/media-picker/block-media';
import { MediaPicker } from '../../../components/media-picker/media-picker';
import { seoImageFromText } from '../state/seo-keywords';

interface SeoImageFieldProps {
  /** The version's seoImage: none, or one library image or address. */
  value: readonly SeoImage[];
  onChange: (image: SeoImage[]) => void;
  readOnly: boolean;
}

/**
 * The SEO image: one image from the media library (stored as a block image), shown with its
 * thumbnail and a remove button. An address that a version stored before the library stays
 * visible and editable as text until an image is chosen instead.
 */
export function SeoImageField({ value, onChange, readOnly }: SeoImageFieldProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const urlId = useId();
  const urlHintId = useId();
  const hintId = useId();
  const [picking, setPicking] = useState(false);
  const current = seoImageOf(value);
  const [url, setUrl] = useState(current?.kind === 'url' ? current.url : '');
  // Only a version that holds an address shows the field; it stays while emptied, until a library image replaces it.
  const [showUrl, setShowUrl] = useState(current?.kind === 'url');

  return (
    <fieldset className="block-media" aria-labelledby={legendId} aria-describedby={hintId}>
      <legend id={legendId} className="field__label">
        {t('pages.editor.seo.seoImage')}
      </legend>
      {current?.kind === 'library' && (
        <div className="block-media__item block-media__summary">
          <img className="block-media__thumb" src={previewImageUrl(current.image.fileID, RENDITION_WIDTHS[0])} alt="" loading="lazy" />
          <div className="block-media__info">
            <span className="block-media__name">{current.image.fileName}</span>
            {current.image.width && current.image.height && <span className="block-media__meta">{`${current.image.width} × ${current.image.height}`}</span>}
          </div>
          {!readOnly && (
            <div className="block-media__actions">
              <button type="button" className="button button--grey button--small button--danger" onClick={() => onChange([])}>
                {t('pages.editor.seo.seoImageRemove')}
              </button>
            </div>
          )}
        </div>
      )}
      {showUrl && current?.kind !== 'library' && (
        <div className="field">
          <label className="field__label" htmlFor={urlId}>
            {t('pages.editor.seo.seoImageUrl')}
          </label>
          <input
            id={urlId}
            type="text"
            className="field__input"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            disabled={readOnly}
            aria-describedby={urlHintId}
            onChange={(event) => {
              setUrl(event.target.value);
              onChange(seoImageFromText(event.target.value));
            }}
          />
          <p id={urlHintId} className="form__hint">
            {t('pages.editor.seo.seoImageUrlHint')}
          </p>
        </div>
      )}
      {current === null && !showUrl && <p className="block-media__none">{t('pages.editor.seo.seoImageNone')}</p>}
      <p id={hintId} className="form__hint">
        {t('pages.editor.seo.seoImageHint')}
      </p>
      {!readOnly && (
        <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
          {t('pages.editor.seo.seoImageChoose')}
        </button>
      )}
      {picking && (
        <MediaPicker
          mode="image"
          onChoose={(item) => {
            onChange([blockImageOf(item)]);
            setUrl('');
            setShowUrl(false);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </fieldset>
  );
}
