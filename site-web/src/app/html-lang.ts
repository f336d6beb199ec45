/** A locale code as an HTML `lang` value: `en-gb` → `en-GB`, `nl` → `nl`. */
export function htmlLang(locale: string): string {
  const [language = '', region] = locale.trim().split('-');
  return region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}
