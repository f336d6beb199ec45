import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { POPUP_UNITS, type PopupUnit } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { errorsAt, type DurationDraft } from '../state/popup-draft';
import { describedBy, FieldErrors } from './field-errors';

interface DurationFieldsetProps {
  legend: string;
  hint?: string;
  value: DurationDraft;
  onChange: (value: DurationDraft) => void;
  /** The duration's property (`locales.nl-nl.delay`) and the screen's errors: those about it are shown below it. */
  property: string;
  errors: readonly ErrorItem[];
}

/** A length of time as an amount and a unit (seconds or days), grouped under its legend. */
export function DurationFieldset({ legend, hint, value, onChange, property, errors }: DurationFieldsetProps) {
  const { t } = useTranslation();
  const id = useId();
  const own = errorsAt(errors, property);
  const onUnit = errorsAt(own, `${property}.unit`);
  // The total's own check (at most two years) is about the amount as much as the unit.
  const onAmount = own.filter((error) => !onUnit.includes(error));
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = own.length > 0 ? `${id}-errors` : undefined;
  return (
    <fieldset className="popup-duration" aria-describedby={describedBy(hintId, errorId)}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
      <div className="popup-duration__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            {t('newsletterPopup.duration.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={value.amount}
            aria-invalid={onAmount.length > 0 || undefined}
            aria-describedby={describedBy(onAmount.length > 0 && errorId)}
            onChange={(event) => onChange({ ...value, amount: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-unit`}>
            {t('newsletterPopup.duration.unit')}
          </label>
          <select
            id={`${id}-unit`}
            className="field__input"
            value={value.unit}
            aria-invalid={onUnit.length > 0 || undefined}
            aria-describedby={describedBy(onUnit.length > 0 && errorId)}
            onChange={(event) => onChange({ ...value, unit: event.target.value as PopupUnit })}
          >
            {POPUP_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`newsletterPopup.duration.units.${unit}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {errorId && <FieldErrors id={errorId} errors={own} />}
    </fieldset>
  );
}
