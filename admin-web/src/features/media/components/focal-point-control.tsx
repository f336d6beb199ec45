import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FocalPoint, MediaItemView } from '@pagelog/contracts/media/media';
import { previewImageUrl } from '@pagelog/contracts/media/media-urls';

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/** A fraction as the percent the fields show: at most one decimal. */
const percentOf = (fraction: number) => String(Math.round(fraction * 1000) / 10);
/** A fraction kept to a hundredth of a percent: finer than any picture shows, and a short number to store. */
const fractionOf = (value: number) => Math.round(Math.min(Math.max(value, 0), 1) * 10_000) / 10_000;
const samePoint = (a: FocalPoint | null, b: FocalPoint | null) => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

type Saving = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; point: FocalPoint | null };

interface FocalPointControlProps {
  item: MediaItemView;
  /** Stores the point (null: back to the centre); answers the item as stored, or null when refused (the errors are shown by the library). */
  onSave: (point: FocalPoint | null) => Promise<MediaItemView | null>;
}

/**
 * The focal point of a raster image, which automatic crops keep in view (the SEO image's link
 * preview): a click or tap on the preview sets it, two percent fields do the same from the
 * keyboard, "Reset to centre" clears it. Each is stored at once with edit-file; the marker shows
 * the point being stored, and goes back to the stored one when the change is refused.
 */
export function FocalPointControl({ item, onSave }: FocalPointControlProps) {
  const { t } = useTranslation();
  const stored = item.focalPoint;
  const [point, setPoint] = useState<FocalPoint | null>(stored);
  const [fields, setFields] = useState(() => ({ x: percentOf((stored ?? CENTRE).x), y: percentOf((stored ?? CENTRE).y) }));
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });

  // Another read of the item (after this save, or anyone's) is what the control shows.
  useEffect(() => {
    setPoint(stored);
    setFields({ x: percentOf((stored ?? CENTRE).x), y: percentOf((stored ?? CENTRE).y) });
    // By the point's numbers: a fresh read hands a new object for the same point.
  }, [stored?.x, stored?.y]);

  async function save(next: FocalPoint | null) {
    if (samePoint(next, point)) return;
    setPoint(next);
    setFields({ x: percentOf((next ?? CENTRE).x), y: percentOf((next ?? CENTRE).y) });
    setSaving({ state: 'saving' });
    const edited = await onSave(next);
    if (edited) {
      setSaving({ state: 'saved', point: edited.focalPoint });
      return;
    }
    setPoint(stored);
    setFields({ x: percentOf((stored ?? CENTRE).x), y: percentOf((stored ?? CENTRE).y) });
    setSaving({ state: 'idle' });
  }

  function onPick(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    void save({ x: fractionOf((event.clientX - box.left) / box.width), y: fractionOf((event.clientY - box.top) / box.height) });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const x = Number(fields.x);
    const y = Number(fields.y);
    if (fields.x.trim() === '' || fields.y.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) return;
    void save({ x: fractionOf(x / 100), y: fractionOf(y / 100) });
  }

  const shown = point ?? CENTRE;
  const status =
    saving.state === 'saving'
      ? t('media.focalPoint.saving')
      : saving.state === 'saved'
        ? saving.point
          ? t('media.focalPoint.saved', { x: percentOf(saving.point.x), y: percentOf(saving.point.y) })
          : t('media.focalPoint.savedCentre')
        : '';

  return (
    <div className="focal-point">
      <div className="focal-point__frame">
        {/* The percent fields below are the keyboard's way of doing what this click does. */}
        <img
          className="details__preview focal-point__picture"
          src={previewImageUrl(item.id, 640)}
          alt={item.defaultAltText || t('media.details.previewAlt', { name: item.fileName })}
          onClick={onPick}
        />
        <span className="focal-point__marker" data-testid="focal-point-marker" aria-hidden="true" style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }} />
      </div>
      {/* Not the browser's checks: a point past an edge is taken as the edge, and any decimals as given. */}
      <form className="focal-point__form" noValidate onSubmit={onSubmit}>
        <fieldset className="focal-point__fields">
          <legend>{t('media.focalPoint.legend')}</legend>
          <p className="form__hint">{t('media.focalPoint.hint')}</p>
          <label className="focal-point__field">
            {t('media.focalPoint.horizontal')}
            <input type="number" min={0} max={100} step="any" value={fields.x} onChange={(event) => setFields({ ...fields, x: event.target.value })} />
          </label>
          <label className="focal-point__field">
            {t('media.focalPoint.vertical')}
            <input type="number" min={0} max={100} step="any" value={fields.y} onChange={(event) => setFields({ ...fields, y: event.target.value })} />
          </label>
          <div className="focal-point__buttons">
            <button type="submit" className="button button--grey button--small" disabled={saving.state === 'saving'}>
              {t('media.focalPoint.set')}
            </button>
            <button type="button" className="button button--grey button--small" disabled={saving.state === 'saving' || point === null} onClick={() => void save(null)}>
              {t('media.focalPoint.reset')}
            </button>
          </div>
        </fieldset>
      </form>
      <p className="focal-point__status" role="status">
        {status}
      </p>
    </div>
  );
}
