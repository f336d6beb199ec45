import { useTranslation } from 'react-i18next';
import { contactFields, type SiteContact } from '@pagelog/contracts/settings/site-settings';
import { TextField } from '../../../components/form-field/text-field';
import { SETTINGS_ERRORS } from '../state/use-save-site-settings';

/** What the browser may fill each contact field with (the organisation's own details). */
const autoComplete: Record<keyof SiteContact, string> = {
  streetAddress: 'street-address',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
  phone: 'tel',
  email: 'email',
  chamberOfCommerceNumber: 'off',
};

const types: Partial<Record<keyof SiteContact, string>> = { phone: 'tel', email: 'email' };

/** The organisation's contact details, as the site's footer shows them; every one may stay empty. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <fieldset className="form__group">
      <legend>{t('siteSettings.contact.title')}</legend>
      <p className="form__hint">{t('siteSettings.contact.hint')}</p>
      {contactFields.map((field) => (
        <TextField
          key={field}
          name={`contact.${field}`}
          property={`site.contact.${field}`}
          label={t(`siteSettings.contact.${field}`)}
          type={types[field] ?? 'text'}
          autoComplete={autoComplete[field]}
          errorCollection={SETTINGS_ERRORS}
        />
      ))}
    </fieldset>
  );
}
