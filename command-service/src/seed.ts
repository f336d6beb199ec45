import { slugStream } from '@pagelog/contracts/events/slug-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { ConflictError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { Locale, Settings } from '@pagelog/contracts/locales';
import { DEFAULT_SITE_NAME } from '@pagelog/contracts/settings/site-settings';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { commandContext, SYSTEM_ACTOR } from './core/command-context';
import { seedExampleChrome } from './example-chrome';
import { examplePages, examplePathsFor, type ExamplePage, type ExamplePageKey } from './example-pages';
import type { CommandDeps } from './core/command-deps';
import { initializeSettings } from './settings/initialize-settings';
import { createPage, storeVersion } from './pages/authoring/commands';
import { publishPage } from './pages/publication/commands';
import { seedRoles } from './users/seed-roles';

/** The page that holds a seed page's slug, read from the event log, if any. */
async function seededPage(store: EventStore, page: ExamplePage) {
  const [claim] = await store.readStream(slugStream(page.locale, page.slug), { direction: 'backwards', limit: 1 });
  if (!claim) return null;
  const pageId = (claim.data as { pageId: string }).pageId;
  const history = await store.readStream(pageStream(pageId));
  const created = history.find((e) => e.type === 'PageCreated');
  if (!created) return null;
  return {
    pageId,
    versionId: (created.data as { versionId: string }).versionId,
    revision: history[history.length - 1]!.revision,
    published: history.some((e) => e.type === 'PagePublished'),
  };
}

export interface SeedResult {
  settingsInitialized: boolean;
  pagesCreated: number;
  /** The example pages in the store after seeding (created now or before), by key and locale. */
  examplePages: { key: ExamplePageKey; locale: Locale; pageID: string }[];
  position: number;
}

/**
 * Seeds the settings from configuration (once: the locales, and the site name, PAGELOG_SITE_NAME)
 * and, when asked, the example site (its pages, menus, contact details and social links), through the same command functions the API uses. A page
 * whose slug is already claimed is left alone, so seeding again (or after an interrupted first
 * start) does no harm.
 */
export async function seed(deps: CommandDeps & { store: EventStore }, settings: Settings & { siteName?: string }, withExampleSite: boolean): Promise<SeedResult> {
  const context = () => commandContext(SYSTEM_ACTOR, 'seed');
  const { siteName = DEFAULT_SITE_NAME, ...locales } = settings;
  const s = await initializeSettings(deps, { locales, siteName }, context());
  await seedRoles(deps, context());
  let position = s.position;
  let pagesCreated = 0;
  const seeded: SeedResult['examplePages'] = [];
  if (withExampleSite) {
    // The translations of a page join the group of the first one seeded (or found).
    const groups = new Map<string, string>();
    const found = (page: ExamplePage, pageId: string) => {
      if (!groups.has(page.key)) groups.set(page.key, pageId);
      seeded.push({ key: page.key, locale: page.locale, pageID: pageId });
    };
    for (const page of examplePages) {
      if (!settings.availableLocales.includes(page.locale)) continue;
      const existing = await seededPage(deps.store, page);
      if (existing?.published) {
        found(page, existing.pageId);
        continue;
      }
      let target = existing;
      if (!target) {
        try {
          const created = await createPage(
            deps,
            { title: page.title, slug: page.slug, type: page.type, locale: page.locale, content: '', typeData: page.typeData ?? {}, translationGroupId: groups.get(page.key) },
            context(),
          );
          target = { pageId: created.pageID, versionId: created.pageVersionID, revision: created.revision, published: false };
          pagesCreated += 1;
        } catch (error) {
          // Another process seeding the same store at the same moment got there first.
          if (error instanceof ValidationError && error.items.some((i) => i.code === 'V_06')) {
            const other = await seededPage(deps.store, page);
            if (other) found(page, other.pageId);
            continue;
          }
          throw error;
        }
      }
      found(page, target.pageId);
      // A page created by an interrupted first start is stored and published now.
      try {
        const stored = await storeVersion(
          deps,
          target.versionId,
          {
            pageID: target.pageId,
            revision: target.revision,
            title: page.title,
            blocks: page.blocks(examplePathsFor(page.locale, settings.defaultLocale)),
            seoTitle: page.seoTitle ?? '',
            seoDescription: page.seoDescription,
            seoKeywords: page.seoKeywords,
            seoImage: [],
          },
          context(),
        );
        position = (await publishPage(deps, target.pageId, stored.revision, context())).position;
      } catch (error) {
        // Another seeding process is finishing the same page.
        if (error instanceof ConflictError) continue;
        throw error;
      }
    }
    position = Math.max(position, await seedExampleChrome(deps, seeded, settings.availableLocales, context));
  }
  return { settingsInitialized: s.initialized, pagesCreated, examplePages: seeded, position };
}
