import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RENDITION_WIDTHS, type MediaItemView } from '@pagelog/contracts/media/media';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';
import type { SettingsImageGroup, SettingsImageView } from '@pagelog/contracts/settings/site-settings';
import { MediaPicker } from '../../../components/media-picker/media-picker';

/** The smallest width the library makes previews at (RENDITION_WIDTHS): any other is refused. */
const THUMBNAIL_WIDTH = RENDITION_WIDTHS[0];

interface SettingsImageFieldProps {
  group: SettingsImageGroup;
  /** The fieldset's legend. */
  label: string;
  /** What its buttons call it, in a sentence: "the logo" makes "Choose the logo". */
  name: string;
  hint: string;
  value: SettingsImageView | null;
  invalid: boolean;
  /** A chosen library item (the caller checks it fits), or null to remove the image. */
  onChoose: (item: MediaItemView | null) => void;
  /** Set when the field is a section of the form by itself. */
  className?: string;
}

/**
 * One image of the settings: its thumbnail, name and size, or a notice that its file left the
 * library (the site shows none there meanwhile); chosen with the media library's picker.
 */
export function SettingsImageField({ group, label, name, hint, value, invalid, onChoose, className = '' }: SettingsImageFieldProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const hintId = useId();
  const [picking, setPicking] = useState(false);

  return (
    <fieldset className={`block-media settings-image ${className}${invalid ? ' settings-image--invalid' : ''}`} aria-labelledby={legendId} aria-describedby={hintId} data-group={group}>
      <legend id={legendId} className="field__label">
        {label}
      </legend>
      {value?.available && (
        <div className="block-media__item block-media__summary">
          <img className="block-media__thumb" src={previewImageUrl(value.mediaId, THUMBNAIL_WIDTH)} alt="" loading="lazy" />
          <div className="block-media__info">
            <span className="block-media__name">{value.fileName}</span>
            {value.width && value.height && <span className="block-media__meta">{`${value.width} × ${value.height}`}</span>}
          </div>
        </div>
      )}
      {value && !value.available && (
        <p className="notice notice--warning" role="note">
          {t('siteSettings.image.gone', { fileName: value.fileName ?? value.mediaId })}
        </p>
      )}
      {!value && <p className="block-media__none">{t('siteSettings.image.none')}</p>}
      <p id={hintId} className="form__hint">
        {hint}
      </p>
      <div className="block-media__actions">
        <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
          {t(value ? 'siteSettings.image.replace' : 'siteSettings.image.choose', { name })}
        </button>
        {value && (
          <button type="button" className="button button--grey button--small button--danger" onClick={() => onChoose(null)}>
            {t('siteSettings.image.remove', { name })}
          </button>
        )}
      </div>
      {picking && (
        <MediaPicker
          mode="image"
          title={t('siteSettings.image.pickerTitle', { name })}
          onChoose={(item) => {
            setPicking(false);
            onChoose(item);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </fieldset>
  );
}
