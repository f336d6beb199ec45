import type { Locale, Settings } from '@pagelog/contracts/locales';
import type { SettingsEvent } from '@pagelog/contracts/events/settings-events';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { MediaItemKind } from '@pagelog/contracts/media/media';
import {
  changedSections,
  emptySiteSettings,
  isSettingsImageKind,
  localeSettingsErrors,
  localeWithPagesError,
  removedLocales,
  settingsImageProperty,
  type LocaleWithPages,
  type SettingsImageGroup,
  type SettingsImageRef,
  type SettingsSection,
  type SiteSettings,
} from '@pagelog/contracts/settings/site-settings';
import { assertNever, type Decider } from '../core/decider';

export const SETTINGS_MODEL = 'settings';

export interface SettingsState {
  initialized: boolean;
  /** Whether a site name was ever recorded: a store seeded before the site settings existed gets its name on its next start. */
  identitySet: boolean;
  /** Null until the settings are initialized. */
  locales: Settings | null;
  site: SiteSettings;
}

export const settingsEvolver: Evolver<SettingsState, SettingsEvent> = {
  initialState: { initialized: false, identitySet: false, locales: null, site: emptySiteSettings },
  evolve(state, event) {
    switch (event.type) {
      case 'SettingsInitialized':
        return { ...state, initialized: true, locales: event.data };
      case 'SiteIdentityChanged':
        return { ...state, identitySet: true, site: { ...state.site, siteName: event.data.siteName, logo: event.data.logo } };
      case 'SiteContactChanged':
        return { ...state, site: { ...state.site, contact: event.data.contact } };
      case 'SiteSocialLinksChanged':
        return { ...state, site: { ...state.site, social: event.data.social } };
      case 'SiteDefaultSeoImageChanged':
        return { ...state, site: { ...state.site, defaultSeoImage: event.data.defaultSeoImage } };
      case 'SiteLocalesChanged': {
        const { availableLocales, defaultLocale, customSlugLocales } = event.data;
        return { ...state, locales: { availableLocales, defaultLocale, customSlugLocales } };
      }
      default:
        return assertNever(event);
    }
  },
};

/** Seeds the settings from configuration: the locales once, and the site name once. */
export interface InitializeSettings {
  type: 'InitializeSettings';
  data: { locales: Settings; siteName: string };
}

/** A library item as the media library's own stream has it now. */
export interface LibraryItemFacts {
  /** Uploaded and not deleted. */
  live: boolean;
  kind: MediaItemKind | null;
}

/** What an update is decided on besides the settings' own stream, looked up before it (see settings-lookups). */
export interface SettingsFacts {
  /** The library items the update names as images, by id (an id that was never an item is absent). */
  libraryItems: Readonly<Record<string, LibraryItemFacts>>;
  /** How many pages are written in each locale the update takes away (at least those). */
  pagesPerLocale: Readonly<Partial<Record<Locale, number>>>;
}

/** settings/update: the whole settings as the screen edits them; only what differs is recorded. */
export interface UpdateSettings {
  type: 'UpdateSettings';
  data: { site: SiteSettings; locales: Settings; confirmRemoveLocalesWithPages: boolean };
  facts: SettingsFacts;
}

export type SettingsCommand = InitializeSettings | UpdateSettings;

/** Seeds the settings once; later starts with other configuration leave them as they are. */
function initialize(command: InitializeSettings, state: SettingsState): SettingsEvent[] {
  const events: SettingsEvent[] = [];
  if (!state.initialized) {
    const { locales } = command.data;
    if (!locales.availableLocales.includes(locales.defaultLocale)) throw ValidationError.of('V_12', 'defaultLocale', SETTINGS_MODEL);
    events.push({ type: 'SettingsInitialized', data: locales });
  }
  if (!state.identitySet) events.push({ type: 'SiteIdentityChanged', data: { siteName: command.data.siteName, logo: null } });
  return events;
}

/**
 * V_12 on the image's property unless the library item it names is a live picture of the kind
 * the place takes. Only an image the update newly names is checked: one the settings already
 * held stays, even if its item left the library since (the site shows none there meanwhile),
 * so a change of the name or the contact details is never refused over it.
 */
function imageErrors(group: SettingsImageGroup, named: SettingsImageRef | null, held: SettingsImageRef | null, facts: SettingsFacts): ErrorItem[] {
  if (!named || named.mediaId === held?.mediaId) return [];
  const item = Object.hasOwn(facts.libraryItems, named.mediaId) ? facts.libraryItems[named.mediaId] : undefined;
  return item?.live && isSettingsImageKind(group, item.kind) ? [] : [errorItem('V_12', settingsImageProperty[group], SETTINGS_MODEL)];
}

/** The locales the update takes away while pages are still written in them. */
function removedWithPages(current: Settings, next: Settings, facts: SettingsFacts): LocaleWithPages[] {
  return removedLocales(current.availableLocales, next.availableLocales)
    .map((locale) => {
      const pages = facts.pagesPerLocale[locale];
      // The command looks the counts up for every locale it takes away: a gap is a defect, never "no pages".
      if (pages === undefined) throw new Error(`the pages of ${locale} were not counted before deciding on its removal`);
      return { locale, pages };
    })
    .filter((found) => found.pages > 0);
}

function eventOf(section: SettingsSection, data: UpdateSettings['data'], removed: LocaleWithPages[]): SettingsEvent {
  const { site, locales } = data;
  switch (section) {
    case 'identity':
      return { type: 'SiteIdentityChanged', data: { siteName: site.siteName, logo: site.logo } };
    case 'contact':
      return { type: 'SiteContactChanged', data: { contact: site.contact } };
    case 'social':
      return { type: 'SiteSocialLinksChanged', data: { social: site.social } };
    case 'defaultSeoImage':
      return { type: 'SiteDefaultSeoImageChanged', data: { defaultSeoImage: site.defaultSeoImage } };
    case 'locales':
      return { type: 'SiteLocalesChanged', data: { ...locales, removedLocalesWithPages: removed } };
    default:
      return assertNever(section);
  }
}

/**
 * An event for each section that changed, after the rules: a newly named logo or default SEO
 * image is a live library picture of its kind (V_12); the default and the custom-slug locales
 * are available ones (V_12); a locale that still has pages is only taken away when the update
 * confirms it (SE_01 per locale, naming its pages, otherwise). Every refusal is reported at once.
 */
function update(command: UpdateSettings, state: SettingsState): SettingsEvent[] {
  if (!state.initialized || !state.locales) throw new NotFoundError('G_01', '', SETTINGS_MODEL);
  const { data, facts } = command;
  const sections = changedSections({ site: state.site, locales: state.locales }, { site: data.site, locales: data.locales });
  const errors: ErrorItem[] = [];
  if (sections.includes('identity')) errors.push(...imageErrors('logo', data.site.logo, state.site.logo, facts));
  if (sections.includes('defaultSeoImage')) errors.push(...imageErrors('seo_image', data.site.defaultSeoImage, state.site.defaultSeoImage, facts));
  let removed: LocaleWithPages[] = [];
  if (sections.includes('locales')) {
    errors.push(...localeSettingsErrors(data.locales, SETTINGS_MODEL));
    removed = removedWithPages(state.locales, data.locales, facts);
    if (!data.confirmRemoveLocalesWithPages) errors.push(...removed.map((found) => localeWithPagesError(found, SETTINGS_MODEL)));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return sections.map((section) => eventOf(section, data, removed));
}

function decideSettings(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  switch (command.type) {
    case 'InitializeSettings':
      return initialize(command, state);
    case 'UpdateSettings':
      return update(command, state);
    default:
      return assertNever(command);
  }
}

/** The site settings' rules, in the shape every decider has. */
export const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = { ...settingsEvolver, decide: decideSettings };
