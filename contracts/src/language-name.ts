import { interfaceLanguage } from './locales';

/** Each language in its own words: a visitor looks for the language they read, a translator for the one they translate from. */
const names: Readonly<Record<string, string>> = { nl: 'Nederlands', en: 'English', de: 'Deutsch', fr: 'Français' };

/** The name of a locale's language in that language; the locale code for a language without one. */
export function languageName(locale: string): string {
  const language = interfaceLanguage(locale.trim().toLowerCase());
  return Object.hasOwn(names, language) ? names[language]! : locale;
}
