import { useId, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import type { SlugCheck } from '../state/slug-availability';

interface SlugFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  label: string;
  check: SlugCheck;
  /** Marked invalid by the form's own errors (e.g. a server error about the slug). */
  invalid?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * A slug input with its live availability: "This slug is available.", or the catalogue's
 * "Slug already exists." (V_06) / "The Slug is not valid." (V_12), announced politely.
 */
export function SlugField({ value, onChange, onBlur, name = 'slug', label, check, invalid = false, hint, disabled }: SlugFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const statusId = useId();
  const hintId = useId();
  const bad = invalid || check.state === 'taken' || check.state === 'invalid';
  let text = '';
  if (check.state === 'available') text = t('pages.slug.available');
  else if (check.state === 'taken') text = messageFor('V_06', 'slug');
  else if (check.state === 'invalid') text = messageFor(check.code, 'slug');
  else if (check.state === 'checking') text = t('pages.slug.checking');
  else if (check.state === 'unknown') text = t('pages.slug.unknown');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={bad || undefined}
        aria-describedby={[hint ? hintId : '', statusId].filter(Boolean).join(' ')}
      />
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
      <p id={statusId} className={`field__status field__status--${check.state}`} aria-live="polite">
        {text}
      </p>
    </div>
  );
}
