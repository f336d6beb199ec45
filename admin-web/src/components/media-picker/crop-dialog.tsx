import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type Cropper from 'cropperjs';
import { Modal } from '../modal/modal';
import type { CropParams } from '@pagelog/contracts/blocks/block';
import { previewCropUrl, previewImageUrl } from '@pagelog/contracts/media/media-urls';
import { fullCrop, scaleCrop, tidyCrop } from './crop-params';

/** The image a crop is made of: its id and its size in pixels (from the library's item). */
export interface CropImage {
  id: string;
  fileName: string;
  width: number | null;
  height: number | null;
}

export interface CropDialogProps {
  image: CropImage;
  /** The use's crop so far; the whole image without one. */
  value?: CropParams | null;
  /** Width divided by height, when the place the image goes has one. */
  aspectRatio?: number;
  onApply: (params: CropParams) => void;
  /** Offered when given: the use shows the whole image again. */
  onRemove?: () => void;
  onClose: () => void;
}

/** The stage loads a preview this wide rather than the original; its pixels are scaled back. */
const STAGE_WIDTH = 1024;
/** How long the crop stays unchanged before its preview is asked for. */
const PREVIEW_DELAY_MS = 300;

/**
 * Sets a use's crop: drag the area on the image (cropperjs), or type it in the fields (the
 * keyboard way), turn and flip it; the result is shown as preview-crop renders it. Apply hands
 * cropParams in source pixels to the caller.
 */
export function CropDialog({ image, value, aspectRatio, onApply, onRemove, onClose }: CropDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [params, setParams] = useState<CropParams>(() => tidyCrop(value ?? fullCrop(image.width, image.height)));
  const cropper = useCropper(image, params, aspectRatio, (next) => setParams(tidyCrop(next)));
  const previewed = useSettled(params, PREVIEW_DELAY_MS);

  function change(next: CropParams) {
    setParams(next);
    cropper.show(next);
  }

  const numberField = (key: 'x' | 'y' | 'width' | 'height' | 'rotate', label: string) => (
    <NumberField label={label} value={params[key]} min={key === 'width' || key === 'height' ? 1 : key === 'rotate' ? undefined : 0} onChange={(number) => change({ ...params, [key]: number })} />
  );

  return (
    <Modal
      title={t('media.crop.title', { name: image.fileName })}
      size="large"
      onClose={onClose}
      buttons={[
        { text: t('media.crop.cancel'), theme: 'grey', onClick: onClose },
        ...(onRemove ? [{ text: t('media.crop.remove'), theme: 'grey' as const, onClick: onRemove }] : []),
        { text: t('media.crop.apply'), theme: 'orange', form: formId },
      ]}
    >
      <form
        id={formId}
        className="crop-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(tidyCrop(params));
        }}
      >
        <div className="crop-dialog__stage">
          <img ref={cropper.imageRef} src={previewImageUrl(image.id, STAGE_WIDTH)} alt={t('media.crop.stageAlt', { name: image.fileName })} className="crop-dialog__image" />
        </div>
        <div className="crop-dialog__controls">
          <fieldset className="form__group">
            <legend>{t('media.crop.area')}</legend>
            {numberField('x', t('media.crop.x'))}
            {numberField('y', t('media.crop.y'))}
            {numberField('width', t('media.crop.width'))}
            {numberField('height', t('media.crop.height'))}
          </fieldset>
          <fieldset className="form__group">
            <legend>{t('media.crop.turn')}</legend>
            {numberField('rotate', t('media.crop.rotate'))}
            <div className="crop-dialog__buttons">
              <button type="button" className="button button--grey button--small" onClick={() => change({ ...params, rotate: params.rotate - 90 })}>
                {t('media.crop.rotateLeft')}
              </button>
              <button type="button" className="button button--grey button--small" onClick={() => change({ ...params, rotate: params.rotate + 90 })}>
                {t('media.crop.rotateRight')}
              </button>
            </div>
            <label className="checkbox">
              <input type="checkbox" checked={params.scaleX < 0} onChange={(event) => change({ ...params, scaleX: event.target.checked ? -1 : 1 })} />
              {t('media.crop.flipHorizontal')}
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={params.scaleY < 0} onChange={(event) => change({ ...params, scaleY: event.target.checked ? -1 : 1 })} />
              {t('media.crop.flipVertical')}
            </label>
            <button type="button" className="button button--grey button--small" onClick={() => change(fullCrop(image.width, image.height))}>
              {t('media.crop.reset')}
            </button>
          </fieldset>
          <figure className="crop-dialog__preview">
            <img src={previewCropUrl(image.id, tidyCrop(previewed), 640)} alt={t('media.crop.previewAlt', { name: image.fileName })} />
            <figcaption>{t('media.crop.preview')}</figcaption>
          </figure>
        </div>
      </form>
    </Modal>
  );
}

function NumberField({ label, value, min, onChange }: { label: string; value: number; min?: number; onChange: (value: number) => void }) {
  const id = useId();
  // What is typed stays as typed; the crop takes it once it is a number.
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <div className="field field--inline">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="number"
        inputMode="decimal"
        step="any"
        min={min}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(number)) onChange(number);
        }}
        // The crop may not have taken what was typed (an area kept inside the image): show what it took.
        onBlur={() => setText(String(value))}
      />
    </div>
  );
}

/** The value once it has stayed unchanged for a while. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * cropperjs on the stage image, loaded when the dialog opens (it is only needed here). Its data
 * is in the stage image's pixels; `factor` turns them into the source's.
 */
function useCropper(image: CropImage, initial: CropParams, aspectRatio: number | undefined, onCrop: (params: CropParams) => void) {
  const imageRef = useRef<HTMLImageElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const factorRef = useRef(1);
  const settingRef = useRef(false);
  // cropperjs reports its own first crop (the whole stage) before `ready`: the use's crop is set then.
  const readyRef = useRef(false);
  const initialRef = useRef(initial);
  const onCropRef = useRef(onCrop);
  useEffect(() => {
    onCropRef.current = onCrop;
  }, [onCrop]);

  useEffect(() => {
    const element = imageRef.current;
    if (!element) return;
    let cancelled = false;
    void import('cropperjs')
      .then(({ default: CropperClass }) => {
        if (cancelled) return;
        cropperRef.current = new CropperClass(element, {
          viewMode: 1,
          autoCropArea: 1,
          checkOrientation: false,
          aspectRatio: aspectRatio ?? Number.NaN,
          ready() {
            const cropper = cropperRef.current;
            if (!cropper) return;
            const natural = cropper.getImageData().naturalWidth;
            factorRef.current = image.width && natural ? image.width / natural : 1;
            readyRef.current = true;
            show(cropper, initialRef.current);
          },
          crop(event) {
            if (settingRef.current || !readyRef.current) return;
            onCropRef.current(scaleCrop(event.detail, factorRef.current));
          },
        });
      })
      .catch((error: unknown) => console.error('The crop area could not be loaded.', error));
    return () => {
      cancelled = true;
      readyRef.current = false;
      cropperRef.current?.destroy();
      cropperRef.current = null;
    };
  }, [image.id, image.width, aspectRatio]);

  function show(cropper: Cropper, params: CropParams) {
    if (!readyRef.current) return;
    // Turning and flipping report crops of their own on the way; only the end result counts.
    settingRef.current = true;
    try {
      cropper.rotateTo(params.rotate);
      cropper.scale(params.scaleX, params.scaleY);
      cropper.setData(scaleCrop(params, 1 / factorRef.current));
    } finally {
      settingRef.current = false;
    }
    // The area as cropperjs keeps it: inside the (turned) image, so the fields never say more than it shows.
    onCropRef.current(scaleCrop(cropper.getData(), factorRef.current));
  }

  return {
    imageRef,
    /** Moves the area on the stage to what was typed. */
    show(params: CropParams) {
      initialRef.current = params;
      if (cropperRef.current) show(cropperRef.current, params);
    },
  };
}
