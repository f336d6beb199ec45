import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { isLocale, type Locale } from '@pagelog/contracts/locales';
import {
  defaultPopupLocaleSettings,
  NEWSLETTER_POPUP_ID,
  popupDefaults,
  publicPopupFor,
  type EditableNewsletterPopup,
  type NewsletterPopupDoc,
  type PublicNewsletterPopup,
} from '@pagelog/contracts/newsletter-popup/popup-settings';
import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { readSettings } from '../settings/routes';

const { collection, projection } = readModels.newsletterPopup;

const popupDoc = (deps: Pick<QueryDeps, 'readModels'>) => deps.readModels.get<NewsletterPopupDoc>(collection, NEWSLETTER_POPUP_ID);

/** GET newsletter-popup/settings (manage-forms): every locale the site offers with its settings (the defaults when never saved), the texts shown where they say none, and the revision a save names. */
export async function readEditableNewsletterPopup(deps: QueryDeps): Promise<EditableNewsletterPopup> {
  const [{ availableLocales }, doc] = await Promise.all([readSettings(deps), popupDoc(deps)]);
  const each = <T>(value: (locale: Locale) => T) => Object.fromEntries(availableLocales.map((locale) => [locale, value(locale)])) as Partial<Record<Locale, T>>;
  return {
    availableLocales,
    locales: each((locale) => doc?.locales[locale] ?? defaultPopupLocaleSettings),
    defaults: each((locale) => popupDefaults(locale)),
    revision: doc?.revision ?? 0,
  };
}

/** GET newsletter-popup/public/:locale (public): what the site shows of a locale's popup, texts resolved, times in seconds. */
export async function readPublicNewsletterPopup(deps: Pick<QueryDeps, 'readModels'>, locale: string): Promise<PublicNewsletterPopup> {
  if (!isLocale(locale)) throw new NotFoundError('V_12', 'locale', 'newsletterPopup');
  return publicPopupFor(await popupDoc(deps), locale);
}

/** The newsletter popup module's reads (issue 16). */
export function newsletterPopupRoutes(deps: QueryDeps): EndpointRoute[] {
  return [
    query('newsletterPopupSettings', readYourWrites(deps, [projection, readModels.settings.projection]), async () => readEditableNewsletterPopup(deps)),
    query('newsletterPopupPublic', readYourWrites(deps, [projection]), async (ctx) => readPublicNewsletterPopup(deps, ctx.params.locale!)),
  ];
}
