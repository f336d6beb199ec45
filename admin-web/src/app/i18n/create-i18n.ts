import i18next, { type i18n } from 'i18next';
import en from './en.json';

/**
 * A fresh, synchronously initialised i18next instance with the English resources. A new instance
 * rather than the global one, so tests and the app never share state.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    // React escapes output itself.
    interpolation: { escapeValue: false },
    // Resources are bundled, so nothing needs to wait: the first render already has its texts.
    initAsync: false,
    // Keeps the console (and test output) free of the library's advertisement.
    showSupportNotice: false,
  });
  return instance;
}
