import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { menuPageIds } from '@pagelog/contracts/menus/menu';
import type { PublicMenuDoc } from '@pagelog/contracts/menus/menu-docs';
import type { PublishedDoc } from '@pagelog/contracts/pages/page-docs';
import { reactorNames, readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import type { SettingsDoc } from '@pagelog/contracts/settings/site-settings';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { cacheTaggedEventTypes, cacheTagsOf, encodeInvalidation, type CacheTagFacts } from '@pagelog/contracts/site/cache-tags';
import { siteReadProjections } from '@pagelog/contracts/site/site-reads';
import type { Notifier } from '@pagelog/storage/notifications/notifier';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';

export interface SiteCacheReactorDeps {
  /** Reaches every site process (in-process, PostgreSQL NOTIFY or Redis pub/sub). */
  siteCacheNotifier: Notifier;
  readModels: ReadModelStore;
}

/**
 * Tells every site process which cached pages an event makes stale (decision 0016), once the read
 * models the site reads have taken the event in (`reads`), so that a page rendered after the
 * message shows the change. A message may arrive twice (the reactor runs at least once); dropping
 * an entry twice is harmless, so no effect is recorded.
 */
export function siteCacheReactor({ siteCacheNotifier, readModels: store }: SiteCacheReactorDeps): Reactor {
  /** The other published pages of a page's translation group: their language switchers list it. */
  async function translationsOf(pageId: string): Promise<string[]> {
    const page = await store.get<PublishedDoc>(readModels.publicPages.collection, pageId);
    if (!page?.translationGroupId) return [];
    const group = await store.find<PublishedDoc>(readModels.publicPages.collection, { where: { translationGroupId: page.translationGroupId } });
    return group.map((p) => p.id).filter((id) => id !== pageId);
  }

  /** The locales whose published menus name a page (a handful of documents: three menus per locale). */
  async function menuLocalesOf(pageId: string): Promise<string[]> {
    const menus = await store.find<PublicMenuDoc>(readModels.publicMenus.collection, {});
    return [...new Set(menus.filter((menu) => menuPageIds(menu.items).includes(pageId)).map((menu) => menu.locale))];
  }

  /** Whether the settings show a library item (as the logo or the default SEO image). */
  async function inSettings(mediaId: string): Promise<boolean> {
    const doc = await store.get<SettingsDoc>(readModels.settings.collection, SETTINGS_DOC_ID);
    return doc?.site?.logo?.mediaId === mediaId || doc?.site?.defaultSeoImage?.mediaId === mediaId;
  }

  /**
   * The public tags among `tagIds` with their tag pages' addresses (merged ones too: lists filtered
   * by a merged tag show its pages until they move). Private tags are left out: the site never
   * shows them, so nothing of theirs is kept.
   */
  async function publicTagsOf(tagIds: readonly string[]): Promise<NonNullable<CacheTagFacts['tags']>> {
    if (tagIds.length === 0) return [];
    const docs = await store.getMany<TagDoc>(readModels.tags.collection, [...new Set(tagIds)]);
    return [...docs.values()].filter((tag) => tag.visibility === 'public').map((tag) => ({ id: tag.id, locale: tag.locale, slug: tag.slug }));
  }

  /**
   * The tags a page event concerns: for PageTagsChanged those given and lost (and whether the page
   * is live), otherwise the tags the page carries, read from the public-pages projection's own
   * memory of the page, which keeps them after an unpublication or a deletion.
   */
  async function tagFactsOf(event: RecordedEvent, pageId: string): Promise<Pick<CacheTagFacts, 'tags' | 'live'>> {
    if (event.type === 'PageTagsChanged') {
      const { added, removed } = event.data as { added: string[]; removed: string[] };
      const live = (await store.get(readModels.publicPages.collection, pageId)) !== null;
      return { live, tags: live ? await publicTagsOf([...added, ...removed]) : [] };
    }
    const draft = await store.get<{ tags?: string[] }>(readModels.publicPageDrafts.collection, pageId);
    return { tags: await publicTagsOf(draft?.tags ?? []) };
  }

  async function factsOf(event: RecordedEvent): Promise<CacheTagFacts> {
    const data = event.data as { pageId?: string; mediaId?: string };
    if (event.type.startsWith('Page') && typeof data.pageId === 'string') {
      const [translations, menuLocales, tags] = await Promise.all([
        event.type === 'PagePublished' ? translationsOf(data.pageId) : [],
        menuLocalesOf(data.pageId),
        tagFactsOf(event, data.pageId),
      ]);
      return { translations, menuLocales, ...tags };
    }
    if (event.type.startsWith('Media') && typeof data.mediaId === 'string') return { inSettings: await inSettings(data.mediaId) };
    if (event.type === 'ReleasePublished' || event.type === 'ReleaseRolledBack') {
      // Every page of the release changes here at once: the facts of all of them together.
      const pageIds = (event.data as { items: { pageId: string }[] }).items.map((i) => i.pageId);
      const each = await Promise.all(pageIds.map(async (pageId) => {
        const [translations, menuLocales, tags] = await Promise.all([translationsOf(pageId), menuLocalesOf(pageId), tagFactsOf(event, pageId)]);
        return { translations, menuLocales, tags: tags.tags ?? [] };
      }));
      return {
        translations: [...new Set(each.flatMap((f) => f.translations))].filter((id) => !pageIds.includes(id)),
        menuLocales: [...new Set(each.flatMap((f) => f.menuLocales))],
        tags: [...new Map(each.flatMap((f) => f.tags).map((t) => [t.id, t])).values()],
      };
    }
    return {};
  }

  return {
    name: reactorNames.siteCache,
    handles: cacheTaggedEventTypes,
    reads: siteReadProjections,
    async react(event: RecordedEvent) {
      const facts = await factsOf(event);
      const tags = cacheTagsOf(event, facts);
      if (tags.length === 0) return;
      for (const message of encodeInvalidation({ tags, position: event.position }, siteCacheNotifier.maxPayloadBytes)) {
        await siteCacheNotifier.publish(message);
      }
    },
  };
}
