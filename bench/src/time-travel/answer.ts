/**
 * What the public site needs to show one path as of a moment, and the whole site's page list as
 * of then, written once against a reader of the read models "as of P". The temporal model and
 * the replay each provide such a reader, so their answers can be compared exactly.
 */
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import type { PublishedDoc, RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import type { Locale } from '@pagelog/contracts/locales';
import { parsePublicPath, publicPath } from '@pagelog/contracts/slugs';
import type { MediaDoc, MenuDoc, SettingsDoc } from './site-projection';

/** One row of the site's page list (summary fields only; no blocks). */
export interface ListRow {
  id: string;
  locale: string;
  slug: string;
  title: string;
  versionId: string;
  type: string;
}

/** The read models as of one position. */
export interface AsOfReader {
  settings(): Promise<SettingsDoc | null>;
  /** The live page at (locale, slug). */
  pageBySlug(locale: string, slug: string): Promise<PublishedDoc | null>;
  redirect(locale: string, slug: string): Promise<RedirectDoc | null>;
  pages(ids: string[]): Promise<Map<string, PublishedDoc>>;
  menus(locale: string): Promise<MenuDoc[]>;
  media(ids: string[]): Promise<Map<string, MediaDoc>>;
  list(): Promise<ListRow[]>;
}

export interface SiteSettings {
  availableLocales: string[];
  defaultLocale: string;
  customSlugLocales: string[];
}

export interface PageAnswer {
  status: 200 | 301 | 404;
  location: string | null;
  page: PublicPageView | null;
  settings: SiteSettings;
  menus: { key: string; items: { label: string; path: string }[] }[];
  media: { id: string; path: string; alt: string }[];
}

export interface ListAnswer {
  settings: SiteSettings;
  pages: (ListRow & { path: string })[];
}

const fallbackSettings: SiteSettings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] };

function siteSettings(doc: SettingsDoc | null): SiteSettings {
  if (!doc) return fallbackSettings;
  return { availableLocales: doc.availableLocales, defaultLocale: doc.defaultLocale, customSlugLocales: doc.customSlugLocales };
}

/** Media a page shows: the ids in its image blocks' addresses (/media/<id>/...). */
export function mediaIdsOf(page: Pick<PublicPageView, 'pageVersion'>): string[] {
  const ids = new Set<string>();
  for (const block of page.pageVersion.blocks) {
    const url = (block.props as { url?: unknown }).url;
    const match = typeof url === 'string' ? /^\/media\/([0-9a-f]+)\//.exec(url) : null;
    if (match) ids.add(match[1]!);
  }
  return [...ids].sort();
}

/** A public path as of the reader's moment: the page (or redirect, or 404), its menus and media. */
export async function answerPath(reader: AsOfReader, path: string): Promise<PageAnswer> {
  const settings = siteSettings(await reader.settings());
  const { locale, slug } = parsePublicPath(path, settings.defaultLocale as Locale);
  let status: PageAnswer['status'] = 404;
  let location: string | null = null;
  let doc = await reader.pageBySlug(locale, slug);
  if (doc) {
    status = 200;
  } else {
    const redirect = await reader.redirect(locale, slug);
    const target = redirect ? (await reader.pages([redirect.pageId])).get(redirect.pageId) : undefined;
    if (target) {
      status = 301;
      location = publicPath(target.locale, target.slug, settings.defaultLocale);
    }
    doc = null;
  }
  const page: PublicPageView | null = doc ? { slug: doc.slug, type: doc.type, locale: doc.locale, pageVersion: doc.pageVersion } : null;
  const [menus, media] = await Promise.all([
    menusOf(reader, page?.locale ?? locale, settings),
    page ? reader.media(mediaIdsOf(page)) : Promise.resolve(new Map<string, MediaDoc>()),
  ]);
  return {
    status,
    location,
    page,
    settings,
    menus,
    media: [...media.values()].map((m) => ({ id: m.id, path: m.path, alt: m.alt })).sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/** A locale's menus with each item's path as of then; items whose page was not live are left out. */
async function menusOf(reader: AsOfReader, locale: string, settings: SiteSettings): Promise<PageAnswer['menus']> {
  const menus = await reader.menus(locale);
  const pages = await reader.pages([...new Set(menus.flatMap((m) => m.items.map((i) => i.pageId)))]);
  return menus
    .map((menu) => ({
      key: menu.key,
      items: menu.items.flatMap((item) => {
        const page = pages.get(item.pageId);
        return page ? [{ label: item.label, path: publicPath(page.locale, page.slug, settings.defaultLocale) }] : [];
      }),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** Every live page as of the reader's moment, with its path then. */
export async function answerList(reader: AsOfReader): Promise<ListAnswer> {
  const [settingsDoc, rows] = await Promise.all([reader.settings(), reader.list()]);
  const settings = siteSettings(settingsDoc);
  const pages = rows
    .map((row) => ({ ...row, path: publicPath(row.locale, row.slug, settings.defaultLocale) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { settings, pages };
}

/** JSON with sorted keys, so answers from jsonb (which reorders keys) compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}
