import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { languageName } from '@pagelog/contracts/language-name';
import { POPUP_SHOW_ON, type PopupShowOn, type PopupTexts } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { errorsAt, propertyOf, type LocaleDraft } from '../state/popup-draft';
import { DurationFieldset } from './duration-fieldset';
import { describedBy, FieldErrors } from './field-errors';

interface PopupLocaleSectionProps {
  locale: string;
  draft: LocaleDraft;
  /** The popup's own texts in this locale, shown where the settings give none. */
  defaults: PopupTexts | undefined;
  errors: readonly ErrorItem[];
  onChange: (change: Partial<LocaleDraft>) => void;
}

const TEXT_FIELDS = ['title', 'intro', 'buttonText', 'thankYou'] as const;
/** The longer texts get a few lines to be typed in. */
const MULTILINE: ReadonlySet<string> = new Set(['intro', 'thankYou']);

/** One locale's popup: whether it is shown, when, where, for how long it stays away, and its texts. */
export function PopupLocaleSection({ locale, draft, defaults, errors, onChange }: PopupLocaleSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const property = (field: string) => propertyOf(locale, field);
  const errorsOf = (field: string) => errorsAt(errors, property(field));
  const errorId = (field: string) => (errorsOf(field).length > 0 ? `${id}-${field}-errors` : undefined);

  return (
    <section className="form__group popup-locale" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="popup-locale__title">
        {t('newsletterPopup.locale', { language: languageName(locale), code: locale })}
      </h2>

      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={draft.enabled} aria-describedby={errorId('enabled')} onChange={(event) => onChange({ enabled: event.target.checked })} />
          {t('newsletterPopup.enabled')}
        </label>
        <FieldErrors id={`${id}-enabled-errors`} errors={errorsOf('enabled')} />
      </div>

      <DurationFieldset
        legend={t('newsletterPopup.delay')}
        hint={t('newsletterPopup.delayHint')}
        value={draft.delay}
        onChange={(delay) => onChange({ delay })}
        property={property('delay')}
        errors={errors}
      />
      <DurationFieldset
        legend={t('newsletterPopup.hiddenAfterAccept')}
        value={draft.hiddenAfterAccept}
        onChange={(hiddenAfterAccept) => onChange({ hiddenAfterAccept })}
        property={property('hiddenAfterAccept')}
        errors={errors}
      />
      <DurationFieldset
        legend={t('newsletterPopup.hiddenAfterDecline')}
        value={draft.hiddenAfterDecline}
        onChange={(hiddenAfterDecline) => onChange({ hiddenAfterDecline })}
        property={property('hiddenAfterDecline')}
        errors={errors}
      />

      <fieldset className="popup-show-on" aria-describedby={errorId('showOn')}>
        <legend className="field__label">{t('newsletterPopup.showOn.legend')}</legend>
        {POPUP_SHOW_ON.map((choice) => (
          <label key={choice} className="radio">
            <input type="radio" name={`${id}-show-on`} value={choice} checked={draft.showOn === choice} onChange={() => onChange({ showOn: choice as PopupShowOn })} />
            {t(`newsletterPopup.showOn.${choice}`)}
          </label>
        ))}
        <FieldErrors id={`${id}-showOn-errors`} errors={errorsOf('showOn')} />
      </fieldset>

      {draft.showOn !== 'all' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-paths`}>
            {t('newsletterPopup.paths')}
          </label>
          <p id={`${id}-paths-hint`} className="form__hint">
            {t('newsletterPopup.pathsHint')}
          </p>
          <textarea
            id={`${id}-paths`}
            className="field__input field__input--code"
            rows={4}
            value={draft.paths}
            placeholder="/publicaties"
            aria-invalid={errorsOf('paths').length > 0 || undefined}
            aria-describedby={describedBy(`${id}-paths-hint`, errorId('paths'))}
            onChange={(event) => onChange({ paths: event.target.value })}
          />
          <FieldErrors id={`${id}-paths-errors`} errors={errorsOf('paths')} />
        </div>
      )}

      <fieldset className="popup-texts" aria-describedby={`${id}-texts-hint`}>
        <legend className="field__label">{t('newsletterPopup.texts.legend')}</legend>
        <p id={`${id}-texts-hint`} className="form__hint">
          {t('newsletterPopup.texts.hint')}
        </p>
        {TEXT_FIELDS.map((field) => {
          const shared = {
            id: `${id}-${field}`,
            className: 'field__input',
            value: draft[field],
            placeholder: defaults?.[field],
            'aria-invalid': errorsOf(field).length > 0 || undefined,
            'aria-describedby': errorId(field),
          };
          return (
            <div key={field} className="field">
              <label className="field__label" htmlFor={`${id}-${field}`}>
                {t(`newsletterPopup.texts.${field}`)}
              </label>
              {MULTILINE.has(field) ? (
                <textarea {...shared} rows={3} onChange={(event) => onChange({ [field]: event.target.value })} />
              ) : (
                <input {...shared} type="text" onChange={(event) => onChange({ [field]: event.target.value })} />
              )}
              <FieldErrors id={`${id}-${field}-errors`} errors={errorsOf(field)} />
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}
