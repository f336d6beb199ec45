import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { isMenuUrl, MAX_MENU_LABEL_LENGTH, MAX_MENU_URL_LENGTH } from '@pagelog/contracts/menus/menu';

/**
 * Adds a link to another site, an e-mail address or a phone number (http, https, mailto, tel),
 * checked with the rule the server applies (V_13) and always with a label of its own (V_01).
 */
export function LinkForm({ onAdd }: { onAdd: (link: { label: string; url: string }) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [problems, setProblems] = useState<{ label?: string; url?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      label: label.trim() === '' ? messageFor('V_01', 'label') : undefined,
      url: isMenuUrl(url.trim()) ? undefined : messageFor('V_13', 'url'),
    };
    setProblems(found);
    if (found.label || found.url) return;
    onAdd({ label: label.trim(), url: url.trim() });
    setLabel('');
    setUrl('');
  }

  return (
    <section className="area menu-link-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="area__title">
        {t('menus.link.heading')}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-label`} className="field__label">
            {t('menus.link.label')}
          </label>
          <input
            id={`${id}-label`}
            className="field__input"
            value={label}
            maxLength={MAX_MENU_LABEL_LENGTH}
            aria-invalid={!!problems.label}
            aria-describedby={problems.label ? `${id}-label-error` : undefined}
            onChange={(event) => setLabel(event.target.value)}
          />
          {problems.label && (
            <p id={`${id}-label-error`} className="field__error">
              {problems.label}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-url`} className="field__label">
            {t('menus.link.url')}
          </label>
          <input
            id={`${id}-url`}
            className="field__input"
            value={url}
            inputMode="url"
            maxLength={MAX_MENU_URL_LENGTH}
            placeholder="https://"
            aria-invalid={!!problems.url}
            aria-describedby={`${id}-url-hint${problems.url ? ` ${id}-url-error` : ''}`}
            onChange={(event) => setUrl(event.target.value)}
          />
          <p id={`${id}-url-hint`} className="form__hint">
            {t('menus.link.hint')}
          </p>
          {problems.url && (
            <p id={`${id}-url-error`} className="field__error">
              {problems.url}
            </p>
          )}
        </div>
        <button type="submit" className="button button--grey">
          {t('menus.link.add')}
        </button>
      </form>
    </section>
  );
}
