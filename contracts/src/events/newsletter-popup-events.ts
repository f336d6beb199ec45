import type { Locale } from '../locales';
import type { PopupLocaleSettings } from '../newsletter-popup/popup-settings';
import { streamOf } from './event';

/**
 * The newsletter popup module's settings (issue 16): one stream. A save records an event for each
 * locale whose settings changed, holding that locale's settings whole, so the history says what
 * changed and the site's cache drops only that locale's pages.
 */
export const newsletterPopupStream = streamOf<NewsletterPopupEvent>('newsletter-popup');

export interface NewsletterPopupSettingsChanged {
  type: 'NewsletterPopupSettingsChanged';
  data: { locale: Locale; settings: PopupLocaleSettings };
}

export type NewsletterPopupEvent = NewsletterPopupSettingsChanged;
