/** Locales the product knows (spec section 3). */
export const locales = ['en-gb', 'nl-nl', 'de-de', 'fr-fr', 'en', 'nl', 'de', 'fr'] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The interface language of a locale: its region part dropped (`nl-nl` → `nl`). */
export function interfaceLanguage(locale: string): string {
  return locale.split('-')[0] ?? locale;
}

export interface Settings {
  availableLocales: Locale[];
  defaultLocale: Locale;
  customSlugLocales: Locale[];
}
