import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { Locale } from '@pagelog/contracts/locales';
import {
  defaultPopupLocaleSettings,
  type EditableNewsletterPopup,
  type NewsletterPopupUpdateBody,
  type PopupDuration,
  type PopupLocaleSettings,
  type PopupShowOn,
  type PopupUnit,
} from '@pagelog/contracts/newsletter-popup/popup-settings';

export const POPUP_MODEL = 'newsletterPopup';

/** A duration as typed: the amount is the input's text, so an emptied field stays empty. */
export interface DurationDraft {
  amount: string;
  unit: PopupUnit;
}

/** One locale's settings as the screen edits them: amounts as typed, the paths one per line. */
export interface LocaleDraft {
  enabled: boolean;
  delay: DurationDraft;
  hiddenAfterAccept: DurationDraft;
  hiddenAfterDecline: DurationDraft;
  showOn: PopupShowOn;
  paths: string;
  title: string;
  intro: string;
  buttonText: string;
  thankYou: string;
}

export type PopupDraft = Record<string, LocaleDraft>;

export const DURATION_FIELDS = ['delay', 'hiddenAfterAccept', 'hiddenAfterDecline'] as const;
export type DurationField = (typeof DURATION_FIELDS)[number];

const durationDraft = (duration: PopupDuration): DurationDraft => ({ amount: String(duration.amount), unit: duration.unit });

/** The screen's starting values: every locale the site offers, as saved or (never saved) the defaults. */
export function draftOf(settings: Pick<EditableNewsletterPopup, 'availableLocales' | 'locales'>): PopupDraft {
  return Object.fromEntries(
    settings.availableLocales.map((locale) => {
      const own = settings.locales[locale] ?? defaultPopupLocaleSettings;
      const draft: LocaleDraft = {
        enabled: own.enabled,
        delay: durationDraft(own.delay),
        hiddenAfterAccept: durationDraft(own.hiddenAfterAccept),
        hiddenAfterDecline: durationDraft(own.hiddenAfterDecline),
        showOn: own.showOn,
        paths: own.paths.join('\n'),
        title: own.title,
        intro: own.intro,
        buttonText: own.buttonText,
        thankYou: own.thankYou,
      };
      return [locale, draft];
    }),
  );
}

/** An emptied amount is sent as null, so the server says it is required rather than reading 0. */
const durationOf = (draft: DurationDraft): PopupDuration => ({ amount: draft.amount.trim() === '' ? (null as unknown as number) : Number(draft.amount), unit: draft.unit });

/** A locale's settings as sent: blank lines of the paths dropped; no paths when the popup is on every page, as the screen then shows none. */
export function settingsOf(draft: LocaleDraft): PopupLocaleSettings {
  return {
    enabled: draft.enabled,
    delay: durationOf(draft.delay),
    hiddenAfterAccept: durationOf(draft.hiddenAfterAccept),
    hiddenAfterDecline: durationOf(draft.hiddenAfterDecline),
    title: draft.title,
    intro: draft.intro,
    buttonText: draft.buttonText,
    thankYou: draft.thankYou,
    showOn: draft.showOn,
    paths: draft.showOn === 'all' ? [] : draft.paths.split('\n').map((path) => path.trim()).filter((path) => path !== ''),
  };
}

/** newsletter-popup/update's body: every locale on the screen, at the revision the screen read. */
export function updateBodyOf(draft: PopupDraft, revision: number): NewsletterPopupUpdateBody {
  return { revision, locales: Object.fromEntries(Object.entries(draft).map(([locale, each]) => [locale, settingsOf(each)])) as Partial<Record<Locale, PopupLocaleSettings>> };
}

/** The property a locale's field has in the body and in the errors about it (`locales.nl-nl.delay`). */
export const propertyOf = (locale: string, field: string) => `locales.${locale}.${field}`;

/** The errors about a property or anything inside it (`…delay` holds `…delay.amount`, `…paths` holds `…paths[2]`). */
export function errorsAt(errors: readonly ErrorItem[], property: string): ErrorItem[] {
  return errors.filter((error) => error.property === property || error.property.startsWith(`${property}.`) || error.property.startsWith(`${property}[`));
}

/** The line of the paths an error is about (1 for `…paths[0]`), or null for the list as a whole. */
export function pathLineOf(error: ErrorItem): number | null {
  const match = /\.paths\[(\d+)\]$/.exec(error.property);
  return match ? Number(match[1]) + 1 : null;
}
