import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { SubmitterLookups } from '../forms/submitter-lookups';
import { readModels } from '@pagelog/contracts/read-models';
import { redirectId, type PageDoc, type PublishedDoc, type RedirectDoc } from '@pagelog/contracts/pages/page-docs';
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
  /** The pages among the ids as a link to them sees them (ids of no page, or of a deleted one, are absent), as of the log position (or later). */
  linkedPages(pageIds: readonly string[], seenUpTo?: number): Promise<Map<string, LinkedPage>>;
  /** The page a link to a locale's slug reaches: the page at it, else the page that moved away from it (the old path redirects); null for none. */
  pageAtSlug(locale: string, slug: string, seenUpTo?: number): Promise<LinkedPage | null>;
}

/** A page a link points at: enough to say which page, and whether the site shows it. */
export interface LinkedPage {
  pageID: string;
  title: string;
  locale: string;
  slug: string;
  /** The public site shows a version of it. */
  live: boolean;
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
  /** Erasing a form submitter: their submissions, by the submitter index. */
  submitterLookups: SubmitterLookups;
}

/** The projections a link's page is read from: the admin's pages, and what the site shows. */
const linkedPageProjections = [readModels.pages.projection, readModels.publicPages.projection];

function linkedPageOf(page: Pick<PageDoc, 'id' | 'title' | 'locale' | 'slug'>, live: boolean): LinkedPage {
  return { pageID: page.id, title: page.title, locale: page.locale, slug: page.slug, live };
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
    async linkedPages(pageIds, seenUpTo) {
      const ids = [...new Set(pageIds)];
      if (ids.length === 0) return new Map();
      if (seenUpTo) await store.waitForCheckpoints(linkedPageProjections, seenUpTo, consistencyTimeoutMs);
      const [pages, live] = await Promise.all([
        store.getMany<PageDoc>(readModels.pages.collection, ids),
        store.getMany<PublishedDoc>(readModels.publicPages.collection, ids),
      ]);
      return new Map([...pages].map(([id, page]) => [id, linkedPageOf(page, live.has(id))]));
    },
    async pageAtSlug(locale, slug, seenUpTo) {
      if (seenUpTo) await store.waitForCheckpoints(linkedPageProjections, seenUpTo, consistencyTimeoutMs);
      const [live] = await store.find<PublishedDoc>(readModels.publicPages.collection, { where: { locale, slug }, limit: 1 });
      if (live) return { pageID: live.id, title: live.pageVersion.title, locale: live.locale, slug: live.slug, live: true };
      const [page] = await store.find<PageDoc>(readModels.pages.collection, { where: { locale, slug }, limit: 1 });
      if (page) return linkedPageOf(page, false);
      // An old path of a page that moved: the site redirects it to the page, wherever it is now.
      const moved = await store.get<RedirectDoc>(readModels.publicRedirects.collection, redirectId(locale, slug));
      const target = moved ? await store.get<PageDoc>(readModels.pages.collection, moved.pageId) : null;
      if (!target) return null;
      return linkedPageOf(target, (await store.get<PublishedDoc>(readModels.publicPages.collection, target.id)) !== null);
    },
  };
}
