/**
 * The log the time-travel benchmark reads: the rebuild benchmark's log (`pageLog`, 100,001 events
 * for 2,500 pages) unchanged, then a tail of what that log lacks, so the prototypes are checked on
 * every way the public site changes: unpublishing and publishing again, moves (old paths
 * redirect), deletions, a new page on a moved page's old slug, the legacy type-data change that
 * changed the live page at once, page settings through a draft, and bench-only stand-ins for
 * settings changes, menus and media, whose events do not exist in contracts yet.
 */
import type { Block } from '@pagelog/contracts/blocks/block';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { settingsStream } from '@pagelog/contracts/events/settings-events';
import { metadata, newId, pageBlocks, prng, sentence } from '../common';
import { pageLog } from '../rebuild';

export interface LogAppend {
  stream: string;
  expected: number | 'any';
  events: NewEvent[];
}

export const mediaStream = (mediaId: string) => `media-${mediaId}`;
export const menuStream = (menuId: string) => `menu-${menuId}`;
/** Where a media item is served: its id names the content (ARCHITECTURE: addresses name the hash). */
export const mediaPath = (mediaId: string) => `/media/${mediaId}/photo.jpg`;

/**
 * Bench-only stand-ins (not in contracts): what a settings page, a menu editor and a media
 * library will append. Their shapes only have to carry what the site shows.
 */
export interface SiteStandInEvents {
  SettingsChanged: { availableLocales: string[]; defaultLocale: string; customSlugLocales: string[] };
  MediaUploaded: { mediaId: string; path: string; alt: string };
  MediaDetailsChanged: { mediaId: string; alt: string };
  MediaDeleted: { mediaId: string };
  MenuStored: { menuId: string; key: string; locale: string; items: { pageId: string; label: string }[] };
  MenuDeleted: { menuId: string };
}

interface PageState {
  id: string;
  locale: string;
  slug: string;
  draftVersionId: string;
  /** The draft is the live version: the next store starts a new draft first. */
  draftLive: boolean;
  live: boolean;
  deleted: boolean;
  translationGroupId: string;
}

export interface TimeTravelLogInfo {
  /** Events of the rebuild benchmark's log (the part the timed positions fall in). */
  benchEvents: number;
  /** Events of the tail. */
  tailEvents: number;
  /** Every public path a page had at some time (live, moved away from, deleted), for sampling. */
  paths: { locale: string; slug: string }[];
}

/**
 * The appends that write the log, in order. `info` is filled in as the generator runs.
 * `tailActions` editorial actions follow the bench log; each is one to four events.
 */
export function* timeTravelLog(pages: number, tailActions: number, info: TimeTravelLogInfo): Generator<LogAppend> {
  const byId = new Map<string, PageState>();
  const ordered: PageState[] = [];
  const slugOwner = new Map<string, string>();
  const everUsed = new Map<string, { locale: string; slug: string }>();
  const key = (locale: string, slug: string) => `${locale}:${slug}`;
  const use = (locale: string, slug: string, pageId: string) => {
    slugOwner.set(key(locale, slug), pageId);
    everUsed.set(key(locale, slug), { locale, slug });
  };

  for (const append of pageLog(pages)) {
    for (const event of append.events) {
      const d = event.data as Record<string, string>;
      if (event.type === 'PageCreated') {
        const page: PageState = {
          id: d.pageId!, locale: d.locale!, slug: d.slug!, draftVersionId: d.versionId!, draftLive: false, live: false, deleted: false,
          translationGroupId: d.translationGroupId!,
        };
        byId.set(page.id, page);
        ordered.push(page);
        use(page.locale, page.slug, page.id);
      } else if (event.type === 'PageDraftStarted') {
        const page = byId.get(d.pageId!)!;
        page.draftVersionId = d.versionId!;
        page.draftLive = false;
      } else if (event.type === 'PagePublished') {
        const page = byId.get(d.pageId!)!;
        page.live = true;
        page.draftLive = true;
      }
      info.benchEvents++;
    }
    yield append;
  }

  // The tail: one editorial action every 37 minutes from a day after the bench log was written,
  // so dates in it are meaningful for the date-to-position look-up.
  const random = prng(11);
  let clock = Date.now() + 86_400_000;
  const at = () => metadata('bench-editor', new Date(clock).toISOString());
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(random() * items.length)]);
  const ev = (type: string, data: unknown): NewEvent => ({ id: newId(), type, data, metadata: at() });
  const media: string[] = [];
  const menus: { id: string; key: string; locale: string; deleted: boolean }[] = [];
  let settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] as string[] };
  let moves = 0;

  const alive = () => ordered.filter((p) => !p.deleted);
  const livePages = () => ordered.filter((p) => p.live && !p.deleted);
  const emit = (stream: string, events: NewEvent[]): LogAppend => {
    info.tailEvents += events.length;
    return { stream, expected: 'any', events };
  };
  /** Blocks whose two images are media of the library (the bench log's images name no media item). */
  const blocksWithMedia = (n: number): Block[] => {
    const blocks = pageBlocks(random, n);
    const [first, second] = [pick(media), pick(media)];
    const image = (mediaId: string, suffix: string): Block => ({
      type: 'image', key: `i${suffix}-${n}`, props: { url: mediaPath(mediaId), alt: '', caption: sentence(random, 5) }, anchorPoint: '', __images: [], __files: [],
    });
    const out = blocks.filter((b) => b.type !== 'image');
    if (first) out.splice(1, 0, image(first, 'a'));
    if (second) out.push(image(second, 'b'));
    return out;
  };
  const newDraftIfLive = (page: PageState): NewEvent[] => {
    if (!page.draftLive) return [];
    const basedOn = page.draftVersionId;
    page.draftVersionId = newId();
    page.draftLive = false;
    return [ev('PageDraftStarted', { pageId: page.id, versionId: page.draftVersionId, basedOnVersionId: basedOn })];
  };
  const publish = (page: PageState): NewEvent => {
    page.live = true;
    page.draftLive = true;
    return ev('PagePublished', { pageId: page.id, versionId: page.draftVersionId, slug: page.slug, locale: page.locale });
  };
  const store = (page: PageState, n: number): NewEvent =>
    ev('PageVersionStored', {
      pageId: page.id, versionId: page.draftVersionId, title: sentence(random, 4), blocks: blocksWithMedia(n),
      seoTitle: sentence(random, 5), seoDescription: sentence(random, 12), seoKeywords: [], seoImage: [],
    });
  const menuItems = () => {
    const items: { pageId: string; label: string }[] = [];
    const count = 6 + Math.floor(random() * 5);
    for (let i = 0; i < count; i++) {
      const page = pick(livePages());
      if (page) items.push({ pageId: page.id, label: sentence(random, 2) });
    }
    return items;
  };
  const storeMenu = (menu: { id: string; key: string; locale: string; deleted: boolean }) => {
    menu.deleted = false;
    return emit(menuStream(menu.id), [ev('MenuStored', { menuId: menu.id, key: menu.key, locale: menu.locale, items: menuItems() })]);
  };

  // Start: a media library and a main and footer menu per locale.
  for (let i = 0; i < 60; i++) {
    const mediaId = newId().replace(/-/g, '');
    media.push(mediaId);
    clock += 60_000;
    yield emit(mediaStream(mediaId), [ev('MediaUploaded', { mediaId, path: mediaPath(mediaId), alt: sentence(random, 4) })]);
  }
  for (const locale of settings.availableLocales) {
    for (const menuKey of ['main', 'footer']) {
      const menu = { id: newId(), key: menuKey, locale, deleted: false };
      menus.push(menu);
      clock += 60_000;
      yield storeMenu(menu);
    }
  }

  const actions: [number, () => LogAppend[] | null][] = [
    [6, () => {
      const mediaId = newId().replace(/-/g, '');
      media.push(mediaId);
      return [emit(mediaStream(mediaId), [ev('MediaUploaded', { mediaId, path: mediaPath(mediaId), alt: sentence(random, 4) })])];
    }],
    [3, () => {
      const mediaId = pick(media);
      return mediaId ? [emit(mediaStream(mediaId), [ev('MediaDetailsChanged', { mediaId, alt: sentence(random, 5) })])] : null;
    }],
    [1, () => {
      const index = Math.floor(random() * media.length);
      const mediaId = media[index];
      if (!mediaId) return null;
      media.splice(index, 1);
      return [emit(mediaStream(mediaId), [ev('MediaDeleted', { mediaId })])];
    }],
    // Store a new version (with images from the library) and publish it.
    [14, () => {
      const page = pick(alive());
      if (!page) return null;
      return [emit(pageStream(page.id), [...newDraftIfLive(page), store(page, Math.floor(random() * 1e6)), publish(page)])];
    }],
    [3, () => {
      const page = pick(livePages());
      if (!page) return null;
      page.live = false;
      return [emit(pageStream(page.id), [ev('PageUnpublished', { pageId: page.id, versionId: page.draftVersionId, slug: page.slug, locale: page.locale })])];
    }],
    [2, () => {
      const page = pick(alive().filter((p) => !p.live));
      return page ? [emit(pageStream(page.id), [publish(page)])] : null;
    }],
    // A move: the old path redirects until another page takes the slug.
    [3, () => {
      const page = pick(alive());
      if (!page) return null;
      const previousSlug = page.slug;
      const slug = `${previousSlug.replace(/-m\d+$/, '')}-m${++moves}`;
      slugOwner.delete(key(page.locale, previousSlug));
      page.slug = slug;
      use(page.locale, slug, page.id);
      return [emit(pageStream(page.id), [ev('PageSlugChanged', { pageId: page.id, locale: page.locale, slug, previousSlug, updateLinks: false })])];
    }],
    // A new page on a free slug a page used before (ends that slug's redirect), stored and published.
    [1, () => {
      const free = [...everUsed.entries()].filter(([k]) => !slugOwner.has(k)).map(([, v]) => v);
      const spot = pick(free);
      if (!spot) return null;
      const page: PageState = {
        id: newId(), locale: spot.locale, slug: spot.slug, draftVersionId: newId(), draftLive: false, live: false, deleted: false, translationGroupId: '',
      };
      page.translationGroupId = page.id;
      byId.set(page.id, page);
      ordered.push(page);
      use(page.locale, page.slug, page.id);
      const created = ev('PageCreated', {
        pageId: page.id, translationGroupId: page.id, type: 'article', locale: page.locale, title: sentence(random, 4), slug: page.slug,
        content: '', typeData: {}, versionId: page.draftVersionId, copiedFrom: null,
      });
      created.metadata.schemaVersion = 2;
      return [emit(pageStream(page.id), [created, store(page, 0), publish(page)])];
    }],
    [1, () => {
      const page = pick(alive());
      if (!page) return null;
      page.deleted = true;
      page.live = false;
      slugOwner.delete(key(page.locale, page.slug));
      return [emit(pageStream(page.id), [ev('PageDeleted', { pageId: page.id, locale: page.locale, slug: page.slug, translationGroupId: page.translationGroupId })])];
    }],
    // Written before type data went through the draft: it changed the live page at once.
    [1, () => {
      const page = pick(livePages());
      return page ? [emit(pageStream(page.id), [ev('PageTypeDataChanged', { pageId: page.id, typeData: { summary: sentence(random, 8) } })])] : null;
    }],
    [2, () => {
      const page = pick(alive());
      if (!page) return null;
      const draft = newDraftIfLive(page);
      const settingsStored = ev('PageSettingsStored', { pageId: page.id, versionId: page.draftVersionId, typeData: { author: sentence(random, 2), summary: sentence(random, 8) }, anchor: '' });
      return [emit(pageStream(page.id), [...draft, settingsStored, publish(page)])];
    }],
    [3, () => {
      const menu = pick(menus);
      return menu ? [storeMenu(menu)] : null;
    }],
    [0.3, () => {
      const menu = pick(menus.filter((m) => !m.deleted));
      if (!menu) return null;
      menu.deleted = true;
      return [emit(menuStream(menu.id), [ev('MenuDeleted', { menuId: menu.id })])];
    }],
    // The default locale (served without a prefix) changes every public path.
    [0.4, () => {
      settings = { ...settings, defaultLocale: settings.defaultLocale === 'nl-nl' ? 'en-gb' : 'nl-nl' };
      return [emit(settingsStream, [ev('SettingsChanged', settings)])];
    }],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
  for (let done = 0; done < tailActions; ) {
    let r = random() * totalWeight;
    const action = actions.find(([w]) => (r -= w) < 0)?.[1] ?? actions[0]![1];
    const appends = action();
    if (!appends) continue;
    clock += 37 * 60_000;
    for (const append of appends) yield append;
    done++;
  }
  info.paths = [...everUsed.values()];
}
