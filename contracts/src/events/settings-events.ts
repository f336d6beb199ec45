import { streamOf } from './event';

import type { Settings } from '../locales';
import type { LocaleWithPages, SettingsImageRef, SiteContact, SocialLink } from '../settings/site-settings';

export const settingsStream = streamOf<SettingsEvent>('settings');

/** The site settings were set for the first time (seeded from configuration). */
export interface SettingsInitialized {
  type: 'SettingsInitialized';
  data: Settings;
}

/*
 * Each section of the settings changes by an event of its own, holding the section whole, so the
 * history says what changed (the contact details, not "the settings") and a reader of one section
 * (the footer's contact details, the head's default image) can tell which changes concern it.
 * One save that changes several sections records their events together, in one append.
 */

/** The site's name or logo changed (also recorded, from configuration, when a store is first seeded). */
export interface SiteIdentityChanged {
  type: 'SiteIdentityChanged';
  data: { siteName: string; logo: SettingsImageRef | null };
}

export interface SiteContactChanged {
  type: 'SiteContactChanged';
  data: { contact: SiteContact };
}

/** The social links, in the order the site shows them. */
export interface SiteSocialLinksChanged {
  type: 'SiteSocialLinksChanged';
  data: { social: SocialLink[] };
}

export interface SiteDefaultSeoImageChanged {
  type: 'SiteDefaultSeoImageChanged';
  data: { defaultSeoImage: SettingsImageRef | null };
}

/**
 * The locales changed. `removedLocalesWithPages` names the locales taken off the site although
 * pages were still written in them (and how many), which the change confirmed knowingly; the
 * pages stay, unserved, until a locale is offered again.
 */
export interface SiteLocalesChanged {
  type: 'SiteLocalesChanged';
  data: Settings & { removedLocalesWithPages: LocaleWithPages[] };
}

export type SettingsEvent = SettingsInitialized | SiteIdentityChanged | SiteContactChanged | SiteSocialLinksChanged | SiteDefaultSeoImageChanged | SiteLocalesChanged;
