import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { settingsImageProperty, type SettingsImageGroup } from '@pagelog/contracts/settings/site-settings';
import { TextField } from '../../../components/form-field/text-field';
import { useErrorCollection, useErrorStore } from '../../../core/errors/error-store-context';
import { chosenImageErrors, imageViewOf, type SiteSettingsFormValues } from '../state/settings-form';
import { SETTINGS_ERRORS } from '../state/use-save-site-settings';
import { SettingsImageField } from './settings-image-field';

const fieldOf = { logo: 'logo', seo_image: 'defaultSeoImage' } as const satisfies Record<SettingsImageGroup, keyof SiteSettingsFormValues>;

/**
 * Puts a chosen library item in the form as one of the settings' images, or says why it cannot be
 * that image (an SVG as the default SEO image) in the screen's errors, leaving the image as it was.
 */
export function useChooseImage(group: SettingsImageGroup) {
  const { setFieldValue } = useFormikContext<SiteSettingsFormValues>();
  const errors = useErrorStore();
  const shown = useErrorCollection(SETTINGS_ERRORS);
  const property = settingsImageProperty[group];
  const others = shown.filter((error) => error.property !== property);
  return {
    invalid: shown.some((error) => error.property === property || error.property.startsWith(`${property}.`)),
    choose(item: MediaItemView | null) {
      const refused = item ? chosenImageErrors(group, item) : [];
      errors.set(SETTINGS_ERRORS, [...others, ...refused]);
      if (refused.length === 0) void setFieldValue(fieldOf[group], item ? imageViewOf(item) : null);
    },
  };
}

/** The site's name and logo. */
export function IdentitySection() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SiteSettingsFormValues>();
  const logo = useChooseImage('logo');
  return (
    <fieldset className="form__group">
      <legend>{t('siteSettings.identity.title')}</legend>
      <TextField name="siteName" property="site.siteName" label={t('siteSettings.identity.siteName')} hint={t('siteSettings.identity.siteNameHint')} autoComplete="organization" errorCollection={SETTINGS_ERRORS} />
      <SettingsImageField
        group="logo"
        label={t('siteSettings.identity.logo')}
        name={t('siteSettings.identity.logoName')}
        hint={t('siteSettings.identity.logoHint')}
        value={values.logo}
        invalid={logo.invalid}
        onChoose={logo.choose}
      />
    </fieldset>
  );
}

/** The image a shared link to a page shows when the page has no SEO image of its own. */
export function DefaultSeoImageSection() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SiteSettingsFormValues>();
  const seo = useChooseImage('seo_image');
  return (
    <SettingsImageField
      className="form__group"
      group="seo_image"
      label={t('siteSettings.seo.title')}
      name={t('siteSettings.seo.imageName')}
      hint={t('siteSettings.seo.hint')}
      value={values.defaultSeoImage}
      invalid={seo.invalid}
      onChoose={seo.choose}
    />
  );
}
