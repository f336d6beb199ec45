import { array, boolean, number, object, string } from 'yup';
import { textIn, type FormText } from '../forms/form-fields';
import { forms } from '../forms/forms';
import { locales, type Locale } from '../locales';

/**
 * The newsletter popup module (issue 16; spec sections 2 and 9): per locale whether the popup is
 * shown, after how long, on which pages, how long it stays away after a visitor subscribed or
 * declined (each in seconds or days), and its texts (the button's and the thank-you text among
 * them). One stream (`newsletter-popup`), one read model document (NewsletterPopupDoc). The site
 * renders the popup's dialog closed into the pages it is shown on; the browser opens it when the
 * time has come (site-web/src/client/islands/newsletter-popup.ts).
 */

export const POPUP_UNITS = ['seconds', 'days'] as const;
export type PopupUnit = (typeof POPUP_UNITS)[number];

/** A length of time as the editor gave it: an amount of seconds or of days. */
export interface PopupDuration {
  amount: number;
  unit: PopupUnit;
}

export const SECONDS_PER_DAY = 86_400;
/** Two years: no setting of the popup needs more. */
export const MAX_POPUP_SECONDS = 730 * SECONDS_PER_DAY;
/** Path rules per locale: a handful of sections, not a site map. */
export const MAX_POPUP_PATHS = 50;
export const MAX_POPUP_TEXT = 500;

/** Where the popup is shown: on every page, only on the pages under the paths, or on every page except those. */
export const POPUP_SHOW_ON = ['all', 'only', 'except'] as const;
export type PopupShowOn = (typeof POPUP_SHOW_ON)[number];

/** The popup's settings in one locale. Empty texts: the popup's own (popupDefaults). */
export interface PopupLocaleSettings {
  enabled: boolean;
  /** How long after a visitor's first page view on the site the popup appears. */
  delay: PopupDuration;
  /** How long it stays away after the visitor subscribed through it. */
  hiddenAfterAccept: PopupDuration;
  /** How long it stays away after the visitor closed it without subscribing. */
  hiddenAfterDecline: PopupDuration;
  title: string;
  intro: string;
  buttonText: string;
  thankYou: string;
  showOn: PopupShowOn;
  /** Public paths (`/publicaties`, `/en-gb/about`): a path counts for itself and the pages under it; `/` is the home page alone. */
  paths: string[];
}

export const defaultPopupLocaleSettings: PopupLocaleSettings = {
  enabled: false,
  delay: { amount: 20, unit: 'seconds' },
  hiddenAfterAccept: { amount: 365, unit: 'days' },
  hiddenAfterDecline: { amount: 30, unit: 'days' },
  title: '',
  intro: '',
  buttonText: '',
  thankYou: '',
  showOn: 'all',
  paths: [],
};

/** The texts the popup shows where the settings give none: the newsletter popup form's own. */
export interface PopupTexts {
  title: string;
  intro: string;
  buttonText: string;
  thankYou: string;
}

/** The popup's own texts in a locale. */
export function popupDefaults(locale: string): PopupTexts {
  const form = forms.newsletterPopup;
  return { title: textIn(form.title, locale), intro: textIn(form.intro, locale), buttonText: textIn(form.submit, locale), thankYou: textIn(form.thankYou, locale) };
}

/** What the close button and the dialog's other fixed texts say. */
export const POPUP_CLOSE: FormText = { nl: 'Sluiten', en: 'Close' };
export const POPUP_NOT_NOW: FormText = { nl: 'Nee, bedankt', en: 'No, thank you' };

export const durationSeconds = (duration: PopupDuration): number => duration.amount * (duration.unit === 'days' ? SECONDS_PER_DAY : 1);

/** The read model (collection newsletter_popup, one document, id NEWSLETTER_POPUP_ID); a type, so it is a read-model document. */
export type NewsletterPopupDoc = {
  id: string;
  locales: Partial<Record<Locale, PopupLocaleSettings>>;
  /** The stream's revision the document reflects: what a save names. */
  revision: number;
  updatedAt: string | null;
};

export const NEWSLETTER_POPUP_ID = 'newsletter-popup';

/** A path as the rules compare it: without a trailing slash, lower case (the site's paths are). */
export function normalPopupPath(path: string): string {
  const trimmed = path.trim().toLowerCase().replace(/[?#].*$/, '');
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') || '/' : trimmed;
}

/** Whether a rule's path names the page at `path`: the same path or a page under it; `/` only the home page. */
function underRule(rule: string, path: string): boolean {
  const r = normalPopupPath(rule);
  const p = normalPopupPath(path);
  if (r === '/') return p === '/';
  return p === r || p.startsWith(`${r}/`);
}

/** Whether the popup is shown on the page at the public `path` (as the visitor sees it, the locale's prefix included). */
export function popupShownOn(settings: Pick<PopupLocaleSettings, 'showOn' | 'paths'>, path: string): boolean {
  if (settings.showOn === 'all') return true;
  const named = settings.paths.some((rule) => underRule(rule, path));
  return settings.showOn === 'only' ? named : !named;
}

/** What the site gets (GET newsletter-popup/public/:locale): resolved texts, times in seconds; the same for every visitor. */
export interface PublicNewsletterPopup {
  locale: string;
  enabled: boolean;
  delaySeconds: number;
  hiddenAfterAcceptSeconds: number;
  hiddenAfterDeclineSeconds: number;
  title: string;
  intro: string;
  buttonText: string;
  thankYou: string;
  showOn: PopupShowOn;
  paths: string[];
}

/** A locale's popup as it applies, from the document (null: never set). */
export function publicPopupFor(doc: Pick<NewsletterPopupDoc, 'locales'> | null, locale: string): PublicNewsletterPopup {
  const own = doc && Object.hasOwn(doc.locales, locale) ? doc.locales[locale as Locale] : undefined;
  const settings = own ?? defaultPopupLocaleSettings;
  const defaults = popupDefaults(locale);
  const or = (value: string, fallback: string) => (value.trim() === '' ? fallback : value);
  return {
    locale,
    enabled: settings.enabled,
    delaySeconds: durationSeconds(settings.delay),
    hiddenAfterAcceptSeconds: durationSeconds(settings.hiddenAfterAccept),
    hiddenAfterDeclineSeconds: durationSeconds(settings.hiddenAfterDecline),
    title: or(settings.title, defaults.title),
    intro: or(settings.intro, defaults.intro),
    buttonText: or(settings.buttonText, defaults.buttonText),
    thankYou: or(settings.thankYou, defaults.thankYou),
    showOn: settings.showOn,
    paths: [...settings.paths],
  };
}

/** Whether two locale settings say the same. */
export function samePopupSettings(a: PopupLocaleSettings, b: PopupLocaleSettings): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const canonical = (s: PopupLocaleSettings) => [
  s.enabled,
  s.delay.amount,
  s.delay.unit,
  s.hiddenAfterAccept.amount,
  s.hiddenAfterAccept.unit,
  s.hiddenAfterDecline.amount,
  s.hiddenAfterDecline.unit,
  s.title,
  s.intro,
  s.buttonText,
  s.thankYou,
  s.showOn,
  s.paths,
];

// Validation (POST newsletter-popup/update).

const duration = () =>
  object({
    amount: number().typeError('V_12').required('V_01').integer('V_12').min(0, 'V_12'),
    unit: string().required('V_01').oneOf([...POPUP_UNITS], 'V_12'),
  })
    .default(undefined)
    .required('V_01')
    .test('max', 'V_12', (value) => !value || typeof value.amount !== 'number' || durationSeconds(value as PopupDuration) <= MAX_POPUP_SECONDS);

const popupText = () => string().trim().default('').max(MAX_POPUP_TEXT, 'V_14');

export const popupLocaleSettingsSchema = object({
  enabled: boolean().typeError('V_12').required('V_01'),
  delay: duration(),
  hiddenAfterAccept: duration(),
  hiddenAfterDecline: duration(),
  title: popupText(),
  intro: popupText(),
  buttonText: string().trim().default('').max(60, 'V_14'),
  thankYou: popupText(),
  showOn: string().default('all').oneOf([...POPUP_SHOW_ON], 'V_12'),
  paths: array()
    .of(
      string()
        .trim()
        .required('V_01')
        .max(255, 'V_14')
        .matches(/^\/[^\s?#]*$/, 'V_12'),
    )
    .default([])
    .max(MAX_POPUP_PATHS, 'V_12')
    .test('unique', 'V_06', (list) => {
      const normal = (list ?? []).map((p) => normalPopupPath(p ?? ''));
      return new Set(normal).size === normal.length;
    })
    .when('showOn', {
      is: 'only',
      then: (schema) => schema.min(1, 'V_01'),
    }),
});

/**
 * POST newsletter-popup/update (manage-forms): the settings of the locales the request names (a
 * locale left out keeps what it has), at the revision the screen read (409 when another save
 * came first). Only the locales that changed are recorded.
 */
export const updateNewsletterPopupSchema = object({
  revision: number().typeError('V_12').required('V_01').integer('V_12').min(0, 'V_12'),
  locales: object(Object.fromEntries(locales.map((locale) => [locale, popupLocaleSettingsSchema.default(undefined)]))).default({}),
});

/** The validated body, typed (yup types oneOf lists as plain strings). */
export interface NewsletterPopupUpdateBody {
  revision: number;
  locales: Partial<Record<Locale, PopupLocaleSettings>>;
}

/** GET newsletter-popup/settings: every locale the site offers with what is saved for it (or the defaults), and the texts shown where it says none. */
export interface EditableNewsletterPopup {
  availableLocales: Locale[];
  locales: Partial<Record<Locale, PopupLocaleSettings>>;
  defaults: Partial<Record<Locale, PopupTexts>>;
  revision: number;
}

/** What newsletter-popup/update answers: the locales that changed and the revision afterwards. */
export interface UpdatedNewsletterPopup {
  changed: Locale[];
  revision: number;
}
