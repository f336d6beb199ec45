import type { ErrorItem } from '../envelope';
import { errorItem } from '../error-catalogue';
import type { Locale, Settings } from '../locales';
import type { MediaItemKind } from '../media/media';
import { readLinkTarget } from '../blocks/link-target';

/**
 * The site settings (spec section 3, Settings, and issue 13): the locales, and what the public
 * site shows of the organisation behind it: its name and logo, contact details, social links
 * and the image shared links show when a page has none of its own. One `settings` stream holds
 * them; each section changes by an event of its own (see events/settings-events).
 */

/** The name a store gets on its first start when the configuration names none (PAGELOG_SITE_NAME's default). */
export const DEFAULT_SITE_NAME = 'Pagelog';

/** The social networks a link may be for, with the name the site and the admin show. */
export const socialNetworkLabels = {
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  threads: 'Threads',
  tiktok: 'TikTok',
  github: 'GitHub',
} as const;

export type SocialNetwork = keyof typeof socialNetworkLabels;

export const socialNetworks = Object.keys(socialNetworkLabels) as SocialNetwork[];

/** At most this many social links: a footer, not a directory. */
export const MAX_SOCIAL_LINKS = 20;

export interface SocialLink {
  network: SocialNetwork;
  /** An https address. */
  url: string;
}

/** `https://` and a host name of dot-separated labels (no user name, which only serves to disguise the host), maybe a port. */
const httpsOrigin = /^https:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,63}(?::\d{1,5})?$/u;

/**
 * Whether a social link's address is one: an https URL with a host, under the product's one link
 * rule (no control characters, no backslash tricks). Plain http is refused: a profile page
 * that is not served over https is not one to send visitors to.
 */
export function isHttpsUrl(value: string): boolean {
  const target = readLinkTarget(value);
  return target?.kind === 'web' && target.href === value && httpsOrigin.test(target.origin);
}

/** The organisation's contact details; an empty string is a detail it does not give. */
export interface SiteContact {
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  /** The chamber of commerce (KvK) registration number. */
  chamberOfCommerceNumber: string;
}

export const contactFields = ['streetAddress', 'postalCode', 'city', 'country', 'phone', 'email', 'chamberOfCommerceNumber'] as const satisfies readonly (keyof SiteContact)[];

export const emptyContact: SiteContact = { streetAddress: '', postalCode: '', city: '', country: '', phone: '', email: '', chamberOfCommerceNumber: '' };

/**
 * An image of the settings: a media library item, by id. The settings follow the item: its
 * bytes, size and alternative text are the library's, and once the item is deleted the settings
 * show no image there (the site falls back to the name; the admin says the file is gone).
 */
export interface SettingsImageRef {
  mediaId: string;
}

/** The settings beside the locales: what the public site shows of the organisation. */
export interface SiteSettings {
  siteName: string;
  logo: SettingsImageRef | null;
  contact: SiteContact;
  social: SocialLink[];
  /** The image links to a page show (og:image) when the page has no SEO image of its own. */
  defaultSeoImage: SettingsImageRef | null;
}

export const emptySiteSettings: SiteSettings = { siteName: '', logo: null, contact: emptyContact, social: [], defaultSeoImage: null };

/** The two images of the settings, as their public addresses name them (`settings/image/{group}/…`). */
export const settingsImageGroups = ['logo', 'seo_image'] as const;
export type SettingsImageGroup = (typeof settingsImageGroups)[number];

/**
 * Which library items each image may be: a logo any picture (SVG included, the sharpest logo
 * there is); the default SEO image a raster image, as the sites that show shared links read
 * no SVG.
 */
const imageKinds: Record<SettingsImageGroup, readonly MediaItemKind[]> = { logo: ['image', 'gif', 'svg'], seo_image: ['image', 'gif'] };

export function isSettingsImageKind(group: SettingsImageGroup, kind: MediaItemKind | null | undefined): boolean {
  return kind !== null && kind !== undefined && imageKinds[group].includes(kind);
}

/** The request property that names each image (errors about it name this). */
export const settingsImageProperty: Record<SettingsImageGroup, string> = { logo: 'site.logo', seo_image: 'site.defaultSeoImage' };

/** The sections of the settings; a save records an event for each that changed. */
export type SettingsSection = 'identity' | 'contact' | 'social' | 'defaultSeoImage' | 'locales';

const sameImage = (a: SettingsImageRef | null, b: SettingsImageRef | null) => (a?.mediaId ?? null) === (b?.mediaId ?? null);
const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) => a.length === b.length && a.every((x, i) => same(x, b[i]!));

/** The sections in which `next` differs from `current` (the order of locales and links counts: the site shows them in it). */
export function changedSections(current: { site: SiteSettings; locales: Settings }, next: { site: SiteSettings; locales: Settings }): SettingsSection[] {
  const changed: SettingsSection[] = [];
  const a = current.site;
  const b = next.site;
  if (a.siteName !== b.siteName || !sameImage(a.logo, b.logo)) changed.push('identity');
  if (contactFields.some((field) => a.contact[field] !== b.contact[field])) changed.push('contact');
  if (!sameList(a.social, b.social, (x, y) => x.network === y.network && x.url === y.url)) changed.push('social');
  if (!sameImage(a.defaultSeoImage, b.defaultSeoImage)) changed.push('defaultSeoImage');
  const l = current.locales;
  const m = next.locales;
  const same = (x: Locale, y: Locale) => x === y;
  if (l.defaultLocale !== m.defaultLocale || !sameList(l.availableLocales, m.availableLocales, same) || !sameList(l.customSlugLocales, m.customSlugLocales, same)) {
    changed.push('locales');
  }
  return changed;
}

/**
 * The rules of the locales among themselves: the default locale is one of the available ones
 * (V_12 on defaultLocale), and so is every custom-slug locale (V_12 on customSlugLocales). The
 * command side decides with them; the admin checks with them before it saves.
 */
export function localeSettingsErrors(settings: Settings, model = 'settings'): ErrorItem[] {
  const errors: ErrorItem[] = [];
  if (!settings.availableLocales.includes(settings.defaultLocale)) errors.push(errorItem('V_12', 'defaultLocale', model));
  if (settings.customSlugLocales.some((locale) => !settings.availableLocales.includes(locale))) errors.push(errorItem('V_12', 'customSlugLocales', model));
  return errors;
}

/** The locales `current` offers that `next` no longer does. */
export function removedLocales(current: readonly Locale[], next: readonly Locale[]): Locale[] {
  return current.filter((locale) => !next.includes(locale));
}

/** A locale a save removes although pages are still written in it. */
export interface LocaleWithPages {
  locale: Locale;
  pages: number;
}

/** "3 pages are still written in de-de": the pages a removal would leave in a locale the site no longer offers. */
export function localeWithPagesMessage({ locale, pages }: LocaleWithPages): string {
  return `${pages === 1 ? '1 page is' : `${pages} pages are`} still written in ${locale}: confirm the removal to take the locale off the site anyway.`;
}

/**
 * SE_01 on availableLocales for a locale a save would remove while it still has pages, naming
 * them: a locale is never removed from under its pages unless the request confirms it knowingly.
 */
export function localeWithPagesError(found: LocaleWithPages, model = 'settings'): ErrorItem {
  return { ...errorItem('SE_01', 'availableLocales', model), message: localeWithPagesMessage(found) };
}

// What the API answers.

/** An image of the public answer, ready to use: its address and its size (null for an SVG, which has none). */
export interface PublicSettingsImage {
  url: string;
  width: number | null;
  height: number | null;
}

export interface PublicLogo extends PublicSettingsImage {
  /** The library item's alternative text, else the site name: the logo stands for the organisation. */
  alt: string;
}

/** What the public site shows of the organisation (the `site` of settings/get). */
export interface PublicSite {
  name: string;
  logo: PublicLogo | null;
  contact: SiteContact;
  social: SocialLink[];
  defaultSeoImage: PublicSettingsImage | null;
}

/** GET settings/get: the spec's three fields at the top, and the site's own settings in `site`. */
export interface PublicSettings extends Settings {
  site: PublicSite;
}

/** An image of the settings as the admin shows it: the library item it names, or that item gone. */
export interface SettingsImageView {
  mediaId: string;
  /** False once the item has left the library (or is no longer a picture of the kind asked): the site shows no image there. */
  available: boolean;
  fileName: string | null;
  kind: MediaItemKind | null;
  width: number | null;
  height: number | null;
}

/** GET settings/edit: everything the site settings screen edits, with the revision a save names. */
export interface EditableSettings extends Settings {
  revision: number;
  site: SiteSettings;
  images: { logo: SettingsImageView | null; defaultSeoImage: SettingsImageView | null };
  /** How many pages each locale has (every locale the product knows): what removing one would leave behind. */
  pagesPerLocale: Record<Locale, number>;
}

/** The answer of settings/update: the sections it changed and the settings' revision afterwards. */
export interface UpdatedSettings {
  revision: number;
  changed: SettingsSection[];
}

/** settings: the one document of the settings read model (SETTINGS_DOC_ID), as the projector writes it. */
export interface SettingsDoc extends Settings {
  [field: string]: unknown;
  site: SiteSettings;
  /** The settings stream's revision: what a save names, and what makes the projection idempotent. */
  revision: number;
  updatedAt: string | null;
}
