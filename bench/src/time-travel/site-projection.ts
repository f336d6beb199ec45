/**
 * A bench-only projection of the site's settings, menus and media (the stand-in events of
 * site-log.ts), written the way the rules of decision 0005 ask: one document per public thing,
 * other things referenced by id (a menu item names a page, not its path or title), so each
 * document's history is its own.
 */
import type { EventData } from '@pagelog/contracts/events/registry';
import type { Projection } from '@pagelog/projector/core/projection';
import { alreadyApplied } from '@pagelog/projector/core/projection';
import type { SiteStandInEvents } from './site-log';

export const siteCollections = {
  settings: 'tt_settings',
  menus: 'tt_menus',
  media: 'tt_media',
} as const;

export const SETTINGS_ID = 'current';

export interface SettingsDoc extends Record<string, unknown> {
  availableLocales: string[];
  defaultLocale: string;
  customSlugLocales: string[];
  revision: number;
}

export interface MenuDoc extends Record<string, unknown> {
  id: string;
  key: string;
  locale: string;
  items: { pageId: string; label: string }[];
  revision: number;
}

export interface MediaDoc extends Record<string, unknown> {
  id: string;
  path: string;
  alt: string;
  revision: number;
}

type Data<T extends keyof SiteStandInEvents> = SiteStandInEvents[T];

export const siteProjection: Projection = {
  name: 'tt-site',
  version: 1,
  collections: [
    { name: siteCollections.settings, indexes: [] },
    { name: siteCollections.menus, indexes: ['locale'] },
    { name: siteCollections.media, indexes: [] },
  ],
  handles: ['SettingsInitialized', 'SettingsChanged', 'MenuStored', 'MenuDeleted', 'MediaUploaded', 'MediaDetailsChanged', 'MediaDeleted'],
  async apply(event, uow) {
    switch (event.type) {
      case 'SettingsInitialized':
      case 'SettingsChanged': {
        const current = await uow.get(siteCollections.settings, SETTINGS_ID);
        if (alreadyApplied(current, event)) return;
        const d = event.data as EventData<'SettingsInitialized'>;
        uow.put(siteCollections.settings, SETTINGS_ID, {
          availableLocales: d.availableLocales, defaultLocale: d.defaultLocale, customSlugLocales: d.customSlugLocales, revision: event.revision,
        } satisfies SettingsDoc);
        return;
      }
      case 'MenuStored': {
        const d = event.data as Data<'MenuStored'>;
        if (alreadyApplied(await uow.get(siteCollections.menus, d.menuId), event)) return;
        uow.put(siteCollections.menus, d.menuId, { id: d.menuId, key: d.key, locale: d.locale, items: d.items, revision: event.revision } satisfies MenuDoc);
        return;
      }
      case 'MenuDeleted':
        uow.delete(siteCollections.menus, (event.data as Data<'MenuDeleted'>).menuId);
        return;
      case 'MediaUploaded': {
        const d = event.data as Data<'MediaUploaded'>;
        if (alreadyApplied(await uow.get(siteCollections.media, d.mediaId), event)) return;
        uow.put(siteCollections.media, d.mediaId, { id: d.mediaId, path: d.path, alt: d.alt, revision: event.revision } satisfies MediaDoc);
        return;
      }
      case 'MediaDetailsChanged': {
        const d = event.data as Data<'MediaDetailsChanged'>;
        const current = await uow.get<MediaDoc>(siteCollections.media, d.mediaId);
        if (!current || alreadyApplied(current, event)) return;
        uow.put(siteCollections.media, d.mediaId, { ...current, alt: d.alt, revision: event.revision });
        return;
      }
      case 'MediaDeleted':
        // The blob stays: an earlier moment of the site still shows it (decision 0005).
        uow.delete(siteCollections.media, (event.data as Data<'MediaDeleted'>).mediaId);
        return;
      default:
        return;
    }
  },
  prefetch(events) {
    const ids = (type: string[], field: string) => events.filter((e) => type.includes(e.type)).map((e) => (e.data as Record<string, string>)[field]!);
    return [
      { collection: siteCollections.settings, ids: events.some((e) => e.type.startsWith('Settings')) ? [SETTINGS_ID] : [] },
      { collection: siteCollections.menus, ids: ids(['MenuStored'], 'menuId') },
      { collection: siteCollections.media, ids: ids(['MediaUploaded', 'MediaDetailsChanged'], 'mediaId') },
    ];
  },
};
