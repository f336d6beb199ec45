import { array, boolean, number, object, string } from 'yup';
import { locales, type Settings } from '../locales';
import { isHttpsUrl, MAX_SOCIAL_LINKS, socialNetworks, type SiteSettings } from './site-settings';

/** Request schemas of the site settings (issue 13). Messages are catalogue codes. */

const text = () => string().trim().default('').max(254, 'V_11');

/** A media library item's id, as the library's own calls take it. */
const mediaId = () => string().trim().required('V_01').max(64, 'V_12').matches(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'V_12');

/** An image of the settings: a library item by id, or null for none. */
const imageRef = () => object({ mediaId: mediaId() }).nullable().default(null);

/** A locale the product knows (spec section 3, Locales). */
const locale = () => string().oneOf([...locales], 'V_12');

/** A list of locales, each once (a repeat is dropped, not an error: the list means the same). */
const localeList = () =>
  array()
    .of(locale().required('V_12'))
    .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value));

export const contactSchema = object({
  streetAddress: text(),
  postalCode: string().trim().default('').max(16, 'V_14'),
  city: text(),
  country: text(),
  /** Digits, spaces and the usual separators, an optional + in front: what a tel: link can dial. */
  phone: string()
    .trim()
    .default('')
    .max(32, 'V_14')
    .matches(/^\+?[0-9][0-9 ()./-]{2,31}$/, { message: 'V_12', excludeEmptyString: true }),
  email: string().trim().lowercase().default('').max(254, 'V_11').email('V_02'),
  /** A registration number (the Dutch KvK number is eight digits; other registers use letters too). */
  chamberOfCommerceNumber: string()
    .trim()
    .default('')
    .max(32, 'V_14')
    .matches(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, { message: 'V_12', excludeEmptyString: true }),
});

export const socialLinkSchema = object({
  network: string().required('V_01').oneOf([...socialNetworks], 'V_12'),
  url: string().trim().required('V_01').max(2048, 'V_14').test('https', 'V_13', (value) => value === undefined || isHttpsUrl(value)),
});

export const siteSettingsSchema = object({
  siteName: string().trim().required('V_01').max(254, 'V_11'),
  logo: imageRef(),
  contact: contactSchema,
  social: array().of(socialLinkSchema).max(MAX_SOCIAL_LINKS, 'V_12').default([]),
  defaultSeoImage: imageRef(),
});

/**
 * POST settings/update: the whole settings as the screen edits them, based on `revision` (409
 * when the settings changed since). Only the sections that differ are recorded. Removing a locale
 * that still has pages is refused (SE_01, naming them) unless `confirmRemoveLocalesWithPages`
 * says the caller knows.
 */
export const updateSettingsSchema = object({
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').required('V_01'),
  site: siteSettingsSchema,
  availableLocales: localeList().min(1, 'V_01').required('V_01'),
  defaultLocale: locale().required('V_01'),
  customSlugLocales: localeList().default([]),
  confirmRemoveLocalesWithPages: boolean().typeError('V_12').default(false),
});

/** The validated body, with the types the commands take (yup types oneOf lists as plain strings). */
export type SettingsUpdateBody = Settings & { revision: number; site: SiteSettings; confirmRemoveLocalesWithPages: boolean };
