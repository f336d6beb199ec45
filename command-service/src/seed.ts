import { slugStream } from '@pagelog/contracts/events/slug-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { ConflictError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { Locale, Settings } from '@pagelog/contracts/locales';
import { DEFAULT_SITE_NAME } from '@pagelog/contracts/settings/site-settings';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { commandContext, SYSTEM_ACTOR, type CommandContext } from './core/command-context';
import { seedExampleChrome } from './example-chrome';
import { examplePages, examplePathsFor, type ExamplePage, type ExamplePageKey } from './example-pages';
import type { CommandDeps } from './core/command-deps';
import { initializeSettings } from './settings/initialize-settings';
import { createPage, storeVersion } from './pages/authoring/commands';
import { publishPage } from './pages/publication/commands';
import { setPageTags, type PageTagInput } from './tags/commands';
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

/** How often a page's tags are tried while another seeding process is making the same tags. */
const TAG_ATTEMPTS = 5;

/**
 * Gives an example page its tags by name, through the command the tag field uses: the locale's tag
 * of each name, or a new one. Setting the same tags again records nothing. Answers the page
 * stream's revision afterwards, or `revision` when the page has no tags to give.
 */
async function tagExamplePage(deps: CommandDeps, pageId: string, revision: number, page: ExamplePage, context: () => CommandContext): Promise<number> {
  const tags: PageTagInput[] = [...(page.tags ?? []).map((name) => ({ name, visibility: 'public' as const })), ...(page.privateTags ?? []).map((name) => ({ name, visibility: 'private' as const }))];
  if (tags.length === 0) return revision;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await setPageTags(deps, pageId, { tags }, context())).revision;
    } catch (error) {
      // Another process seeding at the same moment has claimed a tag's name and not yet made the
      // tag (TG_04 until it has): a moment later the name is that tag, and ours takes it.
      const claimedMeanwhile = error instanceof ValidationError && error.items.every((item) => item.code === 'TG_04');
      if (!claimedMeanwhile || attempt === TAG_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
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
 * and, when asked, the example site (its pages with their tags, menus, contact details and social
 * links), through the same command functions the API uses. A page that is published already is
 * left alone (its tags too: an editor may have changed them), so seeding again (or after an
 * interrupted first start) does no harm.
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
      // A page created by an interrupted first start is tagged, stored and published now.
      try {
        const revision = await tagExamplePage(deps, target.pageId, target.revision, page, context);
        const stored = await storeVersion(
          deps,
          target.versionId,
          {
            pageID: target.pageId,
            revision,
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
