import { menuStream } from '@pagelog/contracts/events/menu-events';
import type { Locale } from '@pagelog/contracts/locales';
import { menuIdOf, type MenuItem, type MenuKind } from '@pagelog/contracts/menus/menu';
import { DEFAULT_SITE_NAME, emptyContact, type SocialLink } from '@pagelog/contracts/settings/site-settings';
import type { CommandContext } from './core/command-context';
import type { CommandDeps } from './core/command-deps';
import { exampleContact, type ExamplePageKey } from './example-pages';
import { publishMenu, saveMenuDraft } from './menus/commands';
import { loadSettings } from './settings/read-settings';
import { updateSettings } from './settings/update-settings';

/** A menu of the example site: page items by the example page's key, in order, with their children. */
interface ExampleMenuItem {
  key: ExamplePageKey;
  children?: ExampleMenuItem[];
}

/** The example site's menus, the same in every locale: the pages' own titles are the labels. */
export const exampleMenus: Partial<Record<MenuKind, ExampleMenuItem[]>> = {
  main: [{ key: 'about' }, { key: 'expertise', children: [{ key: 'energy' }, { key: 'care' }] }, { key: 'publications' }, { key: 'contact' }],
  footer: [{ key: 'about' }, { key: 'publications' }, { key: 'contact' }],
  service: [{ key: 'privacy' }],
};

/** The example organisation's name, given to the site when its name is still the product's default. */
export const EXAMPLE_SITE_NAME = 'Onderzoeksbureau Voorbeeld';

/** The example organisation's social links (reserved example addresses would not pass as https profiles; these are the networks' own pages). */
export const exampleSocial: SocialLink[] = [
  { network: 'linkedin', url: 'https://www.linkedin.com/' },
  { network: 'mastodon', url: 'https://mastodon.social/' },
];

/**
 * The example site's menus and the organisation's name (when it is still the product's default),
 * contact details and social links, through the same commands the admin uses. A menu that has a
 * history, and settings someone has filled in, are left alone: seeding again changes nothing an
 * editor made.
 */
export async function seedExampleChrome(
  deps: CommandDeps,
  pages: readonly { key: ExamplePageKey; locale: Locale; pageID: string }[],
  locales: readonly Locale[],
  context: () => CommandContext,
): Promise<number> {
  let position = 0;
  // The pages were written a moment ago and the read models may not have them yet (in the
  // distributed mode the projector may not even run): their locales are known here.
  const pageLocales = new Map(pages.map((p) => [p.pageID, p.locale as string]));
  const menuDeps = { ...deps, menuLookups: { pageLocales: async (ids: readonly string[]) => new Map(ids.flatMap((id) => (pageLocales.has(id) ? [[id, pageLocales.get(id)!] as const] : []))) } };

  for (const locale of locales) {
    const idOf = new Map(pages.filter((p) => p.locale === locale).map((p) => [p.key, p.pageID]));
    const items = (list: ExampleMenuItem[], kind: string): MenuItem[] =>
      list.flatMap((item) => {
        const pageID = idOf.get(item.key);
        return pageID ? [{ id: `${kind}-${item.key}`, label: '', pageID, url: null, children: items(item.children ?? [], kind) }] : [];
      });
    for (const [kind, list] of Object.entries(exampleMenus) as [MenuKind, ExampleMenuItem[]][]) {
      const tree = items(list, kind);
      if (tree.length === 0) continue;
      const history = await deps.store.readStream(menuStream(menuIdOf(locale, kind)), { limit: 1 });
      if (history.length > 0) continue;
      const saved = await saveMenuDraft(menuDeps, { locale, kind, revision: 0, items: tree }, context());
      position = (await publishMenu(deps, { locale, kind, revision: saved.revision }, context())).position;
    }
  }

  const { state, revision } = await loadSettings(deps.store);
  const untouched = JSON.stringify(state.site.contact) === JSON.stringify(emptyContact) && state.site.social.length === 0;
  if (state.locales && untouched) {
    const updated = await updateSettings(
      { ...deps, settingsLookups: { libraryItems: async () => ({}), pagesPerLocale: async () => ({}) } },
      {
        revision,
        ...state.locales,
        site: { ...state.site, siteName: state.site.siteName === DEFAULT_SITE_NAME ? EXAMPLE_SITE_NAME : state.site.siteName, contact: exampleContact, social: exampleSocial },
        confirmRemoveLocalesWithPages: false,
      },
      context(),
    );
    position = Math.max(position, updated.position);
  }
  return position;
}
