import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@pagelog/contracts/locales';
import { SelectField } from '../../../components/form-field/select-field';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { SETTINGS_ERRORS } from '../state/use-save-site-settings';
import { toggleLocale, type SiteSettingsFormValues } from '../state/settings-form';

/**
 * The locales the site offers, the default one (served without a prefix) and those with slugs
 * of their own. Each locale says how many pages are written in it: taking one with pages away
 * is asked about when saving. The default locale cannot be unchecked: choose another first.
 */
export function LocalesSection({ pagesPerLocale }: { pagesPerLocale: Partial<Record<Locale, number>> }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<SiteSettingsFormValues>();
  const errors = useErrorCollection(SETTINGS_ERRORS);
  const invalid = (property: string) => errors.some((error) => error.property === property || error.property.startsWith(`${property}[`));
  const name = (locale: Locale) => t(`siteSettings.locales.names.${locale}`, { defaultValue: locale });
  const label = (locale: Locale) => t('siteSettings.locales.option', { name: name(locale), code: locale });

  return (
    <fieldset className="form__group">
      <legend>{t('siteSettings.locales.title')}</legend>
      <fieldset className={`settings-locales${invalid('availableLocales') ? ' settings-locales--invalid' : ''}`} aria-describedby={`${id}-available`}>
        <legend className="field__label">{t('siteSettings.locales.available')}</legend>
        <p id={`${id}-available`} className="form__hint">
          {t('siteSettings.locales.availableHint')}
        </p>
        {locales.map((locale) => {
          const offered = values.availableLocales.includes(locale);
          const isDefault = offered && locale === values.defaultLocale;
          return (
            <div key={locale} className="settings-locales__option">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={offered}
                  disabled={isDefault}
                  aria-describedby={`${id}-${locale}`}
                  onChange={(event) => void setValues({ ...values, ...toggleLocale(values, locale, event.target.checked) })}
                />
                {label(locale)}
              </label>
              <span id={`${id}-${locale}`} className="form__hint">
                {[t('siteSettings.locales.pages', { count: pagesPerLocale[locale] ?? 0 }), isDefault ? t('siteSettings.locales.isDefault') : ''].filter(Boolean).join(' · ')}
              </span>
            </div>
          );
        })}
      </fieldset>
      <SelectField name="defaultLocale" property="defaultLocale" label={t('siteSettings.locales.default')} hint={t('siteSettings.locales.defaultHint')} errorCollection={SETTINGS_ERRORS}>
        {values.availableLocales.map((locale) => (
          <option key={locale} value={locale}>
            {label(locale)}
          </option>
        ))}
      </SelectField>
      <fieldset className={`settings-locales${invalid('customSlugLocales') ? ' settings-locales--invalid' : ''}`} aria-describedby={`${id}-custom`}>
        <legend className="field__label">{t('siteSettings.locales.customSlug')}</legend>
        <p id={`${id}-custom`} className="form__hint">
          {t('siteSettings.locales.customSlugHint')}
        </p>
        {values.availableLocales.map((locale) => (
          <label key={locale} className="checkbox">
            <input
              type="checkbox"
              checked={values.customSlugLocales.includes(locale)}
              onChange={(event) =>
                void setValues({
                  ...values,
                  customSlugLocales: event.target.checked ? [...values.customSlugLocales, locale] : values.customSlugLocales.filter((l) => l !== locale),
                })
              }
            />
            {label(locale)}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
