import type { NewsletterPopupEvent } from '@pagelog/contracts/events/newsletter-popup-events';
import type { Locale } from '@pagelog/contracts/locales';
import { defaultPopupLocaleSettings, samePopupSettings, type PopupLocaleSettings } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { assertNever, type Decider } from '../core/decider';

/** The popup's settings as its stream holds them (`newsletter-popup`). */
export interface NewsletterPopupState {
  locales: Partial<Record<Locale, PopupLocaleSettings>>;
}

export const initialNewsletterPopupState: NewsletterPopupState = { locales: {} };

/** newsletter-popup/update: the locales the request names (validated by the endpoint's schema). */
export interface UpdateNewsletterPopup {
  type: 'UpdateNewsletterPopup';
  data: { locales: Partial<Record<Locale, PopupLocaleSettings>> };
}

export type NewsletterPopupCommand = UpdateNewsletterPopup;

const copy = (s: PopupLocaleSettings): PopupLocaleSettings => ({
  ...s,
  delay: { ...s.delay },
  hiddenAfterAccept: { ...s.hiddenAfterAccept },
  hiddenAfterDecline: { ...s.hiddenAfterDecline },
  paths: [...s.paths],
});

/**
 * The newsletter popup module (issue 16): a save records an event for each locale whose settings
 * differ from what the stream holds (a locale never saved holds the defaults: off); nothing when
 * nothing changed. The rules on the values are the endpoint schema's (contracts'
 * popup-settings.ts), checked before the command is built; the revision is checked by the store.
 */
export const newsletterPopupDecider: Decider<NewsletterPopupCommand, NewsletterPopupEvent, NewsletterPopupState> = {
  initialState: initialNewsletterPopupState,
  evolve(state, event) {
    switch (event.type) {
      case 'NewsletterPopupSettingsChanged':
        return { locales: { ...state.locales, [event.data.locale]: copy(event.data.settings) } };
      default:
        return assertNever(event.type);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UpdateNewsletterPopup': {
        const events: NewsletterPopupEvent[] = [];
        for (const [locale, next] of Object.entries(command.data.locales) as [Locale, PopupLocaleSettings | undefined][]) {
          if (!next) continue;
          if (samePopupSettings(state.locales[locale] ?? defaultPopupLocaleSettings, next)) continue;
          events.push({ type: 'NewsletterPopupSettingsChanged', data: { locale, settings: copy(next) } });
        }
        return events;
      }
      default:
        return assertNever(command.type);
    }
  },
};
