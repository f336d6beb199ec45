import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { Locale } from '@pagelog/contracts/locales';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { updateSettingsSchema, type SettingsUpdateBody } from '@pagelog/contracts/settings/schemas';
import {
  isSettingsImageKind,
  localeSettingsErrors,
  removedLocales,
  settingsImageProperty,
  type EditableSettings,
  type LocaleWithPages,
  type SettingsImageGroup,
  type SettingsImageView,
  type SiteContact,
  type SocialLink,
} from '@pagelog/contracts/settings/site-settings';
import { validateWith } from '../../../core/errors/validation-errors';

export const SETTINGS_MODEL = 'settings';

/** A social link as the form holds it: with a key of its own, so a moved row keeps its inputs. */
export interface SocialRow extends SocialLink {
  key: string;
}

/** What the site settings screen edits. The images carry what the screen shows of their library item. */
export interface SiteSettingsFormValues {
  siteName: string;
  logo: SettingsImageView | null;
  contact: SiteContact;
  social: SocialRow[];
  defaultSeoImage: SettingsImageView | null;
  availableLocales: Locale[];
  defaultLocale: Locale;
  customSlugLocales: Locale[];
}

let rows = 0;
/** A key for a new social link row (unique for the page's life; never sent). */
export const newRowKey = () => `link-${++rows}`;

/** The form's starting values: the settings as saved. */
export function formValuesOf(settings: EditableSettings): SiteSettingsFormValues {
  return {
    siteName: settings.site.siteName,
    logo: settings.images.logo,
    contact: { ...settings.site.contact },
    social: settings.site.social.map((link) => ({ ...link, key: newRowKey() })),
    defaultSeoImage: settings.images.defaultSeoImage,
    availableLocales: [...settings.availableLocales],
    defaultLocale: settings.defaultLocale,
    // A custom-slug locale that is not offered (seeded so from configuration) has nothing to stand for.
    customSlugLocales: settings.customSlugLocales.filter((locale) => settings.availableLocales.includes(locale)),
  };
}

/** settings/update's body for the form's values, based on the saved revision. */
export function updateBodyOf(values: SiteSettingsFormValues, revision: number, confirmRemoveLocalesWithPages = false): SettingsUpdateBody {
  const image = (view: SettingsImageView | null) => (view ? { mediaId: view.mediaId } : null);
  return {
    revision,
    site: {
      siteName: values.siteName,
      logo: image(values.logo),
      contact: values.contact,
      social: values.social.map(({ network, url }) => ({ network, url })),
      defaultSeoImage: image(values.defaultSeoImage),
    },
    availableLocales: values.availableLocales,
    defaultLocale: values.defaultLocale,
    customSlugLocales: values.customSlugLocales,
    confirmRemoveLocalesWithPages,
  };
}

/** A chosen library item as the form shows it. */
export function imageViewOf(item: MediaItemView): SettingsImageView {
  return { mediaId: item.id, available: true, fileName: item.fileName, kind: item.kind, width: item.width, height: item.height };
}

/** V_12 on the image's property when a chosen item cannot be that image (an SVG as the default SEO image). */
export function chosenImageErrors(group: SettingsImageGroup, item: MediaItemView): ErrorItem[] {
  return isSettingsImageKind(group, item.kind) ? [] : [errorItem('V_12', settingsImageProperty[group], SETTINGS_MODEL)];
}

/** What the server would refuse of a body, found before it is sent: the contract's schema and the locales' rules. */
export async function settingsErrors(body: SettingsUpdateBody): Promise<ErrorItem[]> {
  const checked = await validateWith(updateSettingsSchema, body, SETTINGS_MODEL);
  return [...(checked.ok ? [] : checked.errors), ...localeSettingsErrors(body, SETTINGS_MODEL)];
}

/** The locales the values take off the site while pages are still written in them, with how many. */
export function localesWithPagesRemoved(saved: readonly Locale[], values: Pick<SiteSettingsFormValues, 'availableLocales'>, pagesPerLocale: Partial<Record<Locale, number>>): LocaleWithPages[] {
  return removedLocales(saved, values.availableLocales)
    .map((locale) => ({ locale, pages: pagesPerLocale[locale] ?? 0 }))
    .filter((found) => found.pages > 0);
}

/**
 * The locales after (un)checking one: a new one goes at the end (the order is the site's), a
 * removed one also stops being a custom-slug locale.
 */
export function toggleLocale(values: Pick<SiteSettingsFormValues, 'availableLocales' | 'customSlugLocales'>, locale: Locale, offered: boolean) {
  const availableLocales = offered ? [...values.availableLocales.filter((l) => l !== locale), locale] : values.availableLocales.filter((l) => l !== locale);
  return { availableLocales, customSlugLocales: values.customSlugLocales.filter((l) => availableLocales.includes(l)) };
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
