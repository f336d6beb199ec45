import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { readModels } from '@pagelog/contracts/read-models';
import type { UsersDeps } from '../users/users-deps';
import type { MediaLookups } from '../core/media-lookups';
import type { MenuLookups } from '../menus/menu-lookups';
import type { SettingsLookups } from '../settings/settings-lookups';

/**
 * Look-ups the page commands make in the read models: only to find candidates (which pages link
 * to a path, which page a version belongs to, a translation group's page in a locale). Every
 * decision is still taken on the event streams; a look-up that lags finds fewer candidates,
 * never a wrong answer. A look-up that names a position waits (at most the consistency timeout)
 * for the read model to have seen it, so what was written before that position is found.
 */
export interface PageLookups {
  /** Pages whose draft links to the internal path, as of the log position (or later). */
  pagesLinkingTo(path: string, seenUpTo?: number): Promise<string[]>;
  pageOfVersion(versionId: string): Promise<string | null>;
  /** The live page of a translation group in a locale, if any. */
  translationOf(translationGroupId: string, locale: string): Promise<string | null>;
  /** The pages of a locale whose slugs lie below `slug` (`expertise/energie` below `expertise`), deepest first, as of the log position (or later). */
  pagesBelow(locale: string, slug: string, seenUpTo?: number): Promise<string[]>;
}

/** What the page commands need: the user commands' dependencies (mail, people) and the look-ups. */
export interface PagesDeps extends UsersDeps {
  lookups: PageLookups;
  /** The media commands' look-ups (command-services builds every command's dependencies in one object). */
  mediaLookups: MediaLookups;
  /** The menu commands' look-up of the pages a menu names. */
  menuLookups: MenuLookups;
  /** The settings update's look-ups: the library items its images name, the pages of the locales it removes. */
  settingsLookups: SettingsLookups;
}

export function readModelLookups(store: ReadModelStore, consistencyTimeoutMs: number): PageLookups {
  return {
    async pagesLinkingTo(path, seenUpTo) {
      if (seenUpTo) await store.waitForCheckpoints([readModels.pageLinks.projection], seenUpTo, consistencyTimeoutMs);
      const links = await store.find<{ pageId: string }>(readModels.pageLinks.collection, { where: { path } });
      return [...new Set(links.map((l) => l.pageId))];
    },
    async pageOfVersion(versionId) {
      const version = await store.get<{ pageID: string }>(readModels.pageVersions.collection, versionId);
      return version?.pageID ?? null;
    },
    async translationOf(translationGroupId, locale) {
      const [page] = await store.find<{ id: string }>(readModels.pages.collection, { where: { translationGroupId, locale }, limit: 1 });
      return page?.id ?? null;
    },
    async pagesBelow(locale, slug, seenUpTo) {
      if (seenUpTo) await store.waitForCheckpoints([readModels.pages.projection], seenUpTo, consistencyTimeoutMs);
      const prefix = `${slug}/`;
      const pages = await store.find<{ id: string; slug: string }>(readModels.pages.collection, { where: { locale } });
      const depth = (s: string) => s.split('/').length;
      return pages
        .filter((page) => page.slug.startsWith(prefix))
        .sort((a, b) => depth(b.slug) - depth(a.slug) || a.slug.localeCompare(b.slug))
        .map((page) => page.id);
    },
  };
}
