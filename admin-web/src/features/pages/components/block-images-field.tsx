import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockImage, CropParams } from '@pagelog/contracts/blocks/block';
import type { MediaSlot } from '@pagelog/contracts/blocks/block-definition';
import { RENDITION_WIDTHS, type MediaItemView } from '@pagelog/contracts/media/media';
import { previewCropUrl, previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { blockImageOf } from '../../../components/media-picker/block-media';
import { CropDialog } from '../../../components/media-picker/crop-dialog';
import { MediaPicker } from '../../../components/media-picker/media-picker';
import { useApi } from '../../../core/api/api-context';
import type { MediaProblem } from '../state/block-media-problems';
import { findLibraryItem } from '../state/library-item-lookup';

/** The smallest preview the library makes (a width it does not make is refused). */
const THUMBNAIL_WIDTH = RENDITION_WIDTHS[0];

interface BlockImagesFieldProps {
  slot: MediaSlot;
  images: readonly BlockImage[];
  onChange: (images: BlockImage[]) => void;
  readOnly: boolean;
  showAllErrors: boolean;
  /** The block's media problems (`__images`, `__images[0].altText`). */
  problems: readonly MediaProblem[];
}

type Cropping = { index: number; item: MediaItemView } | { index: number; finding: true } | { index: number; missing: true };

/**
 * A block's library images (`__images`): each with its thumbnail, name and size, its crop, and
 * this use's alternative text (the item's default when chosen) or the mark that it is decoration.
 * "Choose from the library" adds one while the slot has room, and replaces the one of a
 * single-image slot.
 */
export function BlockImagesField({ slot, images, onChange, readOnly, showAllErrors, problems }: BlockImagesFieldProps) {
  const { t } = useTranslation();
  const api = useApi();
  const legendId = useId();
  const [picking, setPicking] = useState(false);
  const [cropping, setCropping] = useState<Cropping | null>(null);
  // Items chosen here: their original size is known without asking the library again.
  const known = useRef(new Map<string, MediaItemView>());
  const slotProblem = problems.find((problem) => problem.property === '__images');
  const canChoose = !readOnly && (images.length < slot.max || slot.max === 1);

  function update(index: number, image: BlockImage) {
    onChange(images.map((each, at) => (at === index ? image : each)));
  }

  function choose(item: MediaItemView) {
    known.current.set(item.id, item);
    const image = blockImageOf(item);
    onChange(slot.max === 1 ? [image] : [...images, image]);
    setPicking(false);
  }

  async function startCrop(index: number) {
    const image = images[index];
    if (!image) return;
    const item = known.current.get(image.fileID);
    if (item) return setCropping({ index, item });
    setCropping({ index, finding: true });
    const found = await findLibraryItem(api, image);
    if (found) known.current.set(found.id, found);
    setCropping((current) => (current?.index === index && 'finding' in current ? (found ? { index, item: found } : { index, missing: true }) : current));
  }

  const croppingImage = cropping ? images[cropping.index] : undefined;

  return (
    <fieldset className="block-media" aria-labelledby={legendId}>
      <legend id={legendId} className="field__label">
        {slot.label}
      </legend>
      {images.length === 0 ? (
        <p className="block-media__none">{t('pages.editor.media.none')}</p>
      ) : (
        <ul className="block-media__list">
          {images.map((image, index) => (
            <ImageUse
              key={`${image.fileID}-${index}`}
              image={image}
              readOnly={readOnly}
              showError={showAllErrors}
              altProblem={problems.find((problem) => problem.property === `__images[${index}].altText`)?.message}
              onChange={(next) => update(index, next)}
              onCrop={() => void startCrop(index)}
              onRemove={() => onChange(images.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      )}
      {slotProblem && showAllErrors && <p className="field__error">{slotProblem.message}</p>}
      {cropping && 'finding' in cropping && croppingImage && <p role="status">{t('pages.editor.media.finding', { name: croppingImage.fileName })}</p>}
      {cropping && 'missing' in cropping && croppingImage && <p className="field__error">{t('pages.editor.media.notInLibrary', { name: croppingImage.fileName })}</p>}
      {canChoose && (
        <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
          {t('pages.editor.media.choose')}
        </button>
      )}
      {picking && <MediaPicker mode="image" onChoose={choose} onClose={() => setPicking(false)} />}
      {cropping && 'item' in cropping && croppingImage && (
        <CropDialog
          image={{ id: cropping.item.id, fileName: cropping.item.fileName, width: cropping.item.width, height: cropping.item.height }}
          value={croppingImage.cropParams ?? null}
          onApply={(params: CropParams) => {
            // What the page shows is the crop: its size keeps the page from shifting as the image loads.
            update(cropping.index, { ...croppingImage, cropParams: params, width: params.width, height: params.height });
            setCropping(null);
          }}
          onRemove={
            croppingImage.cropParams
              ? () => {
                  const { cropParams: _dropped, width: _width, height: _height, ...rest } = croppingImage;
                  const { width, height } = cropping.item;
                  update(cropping.index, width && height ? { ...rest, width, height } : rest);
                  setCropping(null);
                }
              : undefined
          }
          onClose={() => setCropping(null)}
        />
      )}
    </fieldset>
  );
}

interface ImageUseProps {
  image: BlockImage;
  readOnly: boolean;
  showError: boolean;
  altProblem: string | undefined;
  onChange: (image: BlockImage) => void;
  onCrop: () => void;
  onRemove: () => void;
}

/** One chosen image: what it is, its crop and its alternative text. */
function ImageUse({ image, readOnly, showError, altProblem, onChange, onCrop, onRemove }: ImageUseProps) {
  const { t } = useTranslation();
  const altId = useId();
  const hintId = useId();
  const errorId = useId();
  const [touched, setTouched] = useState(false);
  // The text given before the image was marked decorative, for when the mark is taken off again.
  const altBeforeDecorative = useRef(image.altText);
  const decorative = image.decorative === true;
  const error = altProblem && (touched || showError) ? altProblem : undefined;
  const thumbnail = image.cropParams ? previewCropUrl(image.fileID, image.cropParams, THUMBNAIL_WIDTH) : previewImageUrl(image.fileID, THUMBNAIL_WIDTH);
  const size = image.width && image.height ? `${image.width} × ${image.height}` : '';
  // The site shows an SVG or a GIF as it is (never rasterised, a GIF keeps moving): a crop would not show.
  const croppable = !/\.(svg|gif)$/i.test(image.fileName);

  function setDecorative(on: boolean) {
    if (on) {
      altBeforeDecorative.current = image.altText;
      onChange({ ...image, decorative: true, altText: '' });
    } else {
      const { decorative: _dropped, ...rest } = image;
      onChange({ ...rest, altText: altBeforeDecorative.current });
    }
  }

  return (
    <li className="block-media__item">
      <div className="block-media__summary">
        {/* The name beside it says what it is: the thumbnail itself is not announced. */}
        <img className="block-media__thumb" src={thumbnail} alt="" loading="lazy" />
        <div className="block-media__info">
          <span className="block-media__name">{image.fileName}</span>
          {size && <span className="block-media__meta">{image.cropParams ? t('pages.editor.media.cropped', { width: image.width, height: image.height }) : size}</span>}
        </div>
        {!readOnly && (
          <div className="block-media__actions">
            {croppable && (
              <button type="button" className="button button--grey button--small" onClick={onCrop}>
                {t('pages.editor.media.crop')}
                <span className="visually-hidden"> {image.fileName}</span>
              </button>
            )}
            <button type="button" className="button button--grey button--small button--danger" onClick={onRemove}>
              {t('pages.editor.media.remove')}
              <span className="visually-hidden"> {image.fileName}</span>
            </button>
          </div>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={altId}>
          {t('pages.editor.media.altText', { name: image.fileName })}
        </label>
        <input
          id={altId}
          type="text"
          className="field__input"
          value={image.altText}
          maxLength={254}
          disabled={readOnly || decorative}
          aria-required={!decorative || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange({ ...image, altText: event.target.value })}
          onBlur={() => setTouched(true)}
        />
        <p id={hintId} className="form__hint">
          {decorative ? t('pages.editor.media.decorativeHint') : t('pages.editor.media.altTextHint')}
        </p>
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={decorative} disabled={readOnly} onChange={(event) => setDecorative(event.target.checked)} />
        {t('pages.editor.media.decorative')}
      </label>
    </li>
  );
}
