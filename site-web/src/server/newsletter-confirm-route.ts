import type { Middleware } from 'koa';
import { formLanguage } from '@pagelog/contracts/forms/form-fields';
import { newsletterConfirmPath } from '@pagelog/contracts/forms/newsletter-confirmation';
import type { Locale } from '@pagelog/contracts/locales';
import type { PublicSettings } from '@pagelog/contracts/settings/site-settings';
import { newsletterConfirmTexts } from '../app/newsletter/newsletter-confirm-texts';
import type { PageState } from '../app/page-state';
import { buildHead } from './build-head';
import type { PageRenderDependencies } from './page-render';
import { readChrome } from './read-chrome';
import { renderDocument } from './render-document';

/** The token in the link, as the endpoint takes it; anything longer is no token. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The locale whose newsletter confirmation page a path is (contracts' newsletterConfirmPath):
 * `/nieuwsbrief/bevestigen` for the site's Dutch locale (the default one if Dutch), and
 * `/<locale>/newsletter/confirm` for each other locale the site offers; null for any other path.
 */
export function newsletterConfirmLocale(path: string, settings: Pick<PublicSettings, 'availableLocales' | 'defaultLocale'>): Locale | null {
  const offered = [settings.defaultLocale, ...settings.availableLocales.filter((l) => l !== settings.defaultLocale)];
  return offered.find((locale) => newsletterConfirmPath(locale) === path && (formLanguage(locale) !== 'nl' || offered.find((l) => formLanguage(l) === 'nl') === locale)) ?? null;
}

const mayBeConfirmPath = (path: string) => path === '/nieuwsbrief/bevestigen' || path.endsWith('/newsletter/confirm');

/**
 * The page the newsletter's opt-in link opens (issue 16), rendered for every request past the
 * render cache (the token is the visitor's own), `noindex`, never kept (`private, no-store`), and
 * never sending the token on as a referrer. It confirms nothing by itself: a mail scanner that
 * opens the link sees a button; the visitor's press sends forms/confirm-subscription.
 */
export function newsletterConfirmRoute({ reads: source, clientAssets, publicUrl, logger }: PageRenderDependencies): Middleware {
  return async (ctx, next) => {
    if (!mayBeConfirmPath(ctx.path)) return next();
    const requestId = String(ctx.state.requestId);
    const reads = source.scoped?.() ?? source;
    const settings = await reads.settings(requestId);
    const locale = newsletterConfirmLocale(ctx.path, settings);
    if (locale === null) return next();
    const raw = typeof ctx.query.token === 'string' ? ctx.query.token.trim() : '';
    const token = raw.length <= MAX_TOKEN_LENGTH ? raw : '';
    const { chrome } = await readChrome({ reads, settings, locale, requestId, logger });
    const state: PageState = {
      page: null,
      status: 200,
      siteName: settings.site.name,
      defaultLocale: settings.defaultLocale,
      locale,
      siblings: null,
      ...(chrome ? { chrome } : {}),
      newsletterConfirm: { token },
    };
    const head = buildHead({
      page: null,
      siteName: settings.site.name,
      publicUrl,
      defaultLocale: settings.defaultLocale,
      locale,
      siblings: [],
      defaultSeoImage: settings.site.defaultSeoImage,
      documentTitle: `${newsletterConfirmTexts(locale).heading} – ${settings.site.name}`,
    });
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Language', locale);
    ctx.body = renderDocument({ state, head, assets: clientAssets() });
  };
}
