import { settingsStream, type SettingsEvent } from '@pagelog/contracts/events/settings-events';
import type { SettingsUpdateBody } from '@pagelog/contracts/settings/schemas';
import { removedLocales, type SettingsSection, type UpdatedSettings } from '@pagelog/contracts/settings/site-settings';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { settingsDecider, settingsEvolver } from './decider';
import { loadSettings } from './read-settings';
import type { SettingsLookups } from './settings-lookups';

/** What the settings commands need besides the event store. */
export interface SettingsDeps extends CommandDeps {
  settingsLookups: SettingsLookups;
}

const sectionOf: Record<SettingsEvent['type'], SettingsSection | null> = {
  SettingsInitialized: null,
  SiteIdentityChanged: 'identity',
  SiteContactChanged: 'contact',
  SiteSocialLinksChanged: 'social',
  SiteDefaultSeoImageChanged: 'defaultSeoImage',
  SiteLocalesChanged: 'locales',
};

/**
 * settings/update: looks up what the decision needs (the library items the images name, from
 * their streams; the pages of every locale the update takes away, from the caught-up pages read
 * model), then decides on the settings stream at the revision the caller based the update on
 * (409 with the current settings when it is stale).
 */
export async function updateSettings(deps: SettingsDeps, input: SettingsUpdateBody, context: CommandContext): Promise<UpdatedSettings & { position: number }> {
  const { revision, site, availableLocales, defaultLocale, customSlugLocales, confirmRemoveLocalesWithPages } = input;
  const locales = { availableLocales, defaultLocale, customSlugLocales };
  const named = [site.logo?.mediaId, site.defaultSeoImage?.mediaId].filter((id): id is string => id !== undefined);
  // Which locales go is read from the stream now; should it move before the decision, the revision no longer matches (409).
  const { state } = await loadSettings(deps.store);
  const taken = state.locales ? removedLocales(state.locales.availableLocales, availableLocales) : [];
  const [libraryItems, pagesPerLocale] = await Promise.all([deps.settingsLookups.libraryItems(named), deps.settingsLookups.pagesPerLocale(taken)]);
  const result = await deps.handle(
    settingsStream,
    revision,
    settingsEvolver,
    (current) => settingsDecider.decide({ type: 'UpdateSettings', data: { site, locales, confirmRemoveLocalesWithPages }, facts: { libraryItems, pagesPerLocale } }, current),
    context,
    { describeConflict: (current, currentRevision) => ({ conflicts: ['revision'], current: { revision: currentRevision, site: current.site, ...current.locales } }) },
  );
  const changed = result.events.map((event) => sectionOf[event.type]).filter((section): section is SettingsSection => section !== null);
  return { revision: result.revision, changed, position: result.position };
}
