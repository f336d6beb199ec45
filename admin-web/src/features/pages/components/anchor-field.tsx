import { useId } from 'react';

interface AnchorFieldProps {
  label: string;
  hint: string;
  value: string;
  /** The catalogue message of what is wrong with it, or null. */
  problem: string | null;
  /** Marked invalid for a reason outside `problem` (a server error about the property). */
  invalid?: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** An anchor name (a block's or the page's): a plain field with its hint and a live message. */
export function AnchorField({ label, hint, value, problem, invalid = false, disabled, onChange }: AnchorFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem || invalid ? true : undefined}
        aria-describedby={`${hintId}${problem ? ` ${errorId}` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="form__hint">
        {hint}
      </p>
      {problem && (
        <p id={errorId} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
