import type { PagelogEvent, PagelogEventType } from '../events/registry';
import { ancestorSlugs } from '../pages/site-structure';
import { HOME_SLUG, NOT_FOUND_SLUG } from '../slugs';
import { tagSlug } from '../tags/tag';

/**
 * The public site's render cache (decision 0016) keeps each rendered page with the tags of what
 * it shows; an event's tags drop exactly the entries that carry one of them. Tags are short
 * strings, the same on both sides: the site records them as it reads, `cacheTagsOf` derives them
 * from the stored events.
 */
export type CacheTag = string;

/** A page as such: its published version (title, blocks, SEO), its slug, whether it is live. */
export const pageTag = (pageId: string): CacheTag => `page:${pageId}`;
/**
 * Whatever is found at a public path: a page created, published, moved or unpublished there
 * changes it. A 404 or a redirect answer depends on its path; a page's breadcrumbs on the paths above it.
 */
export const pagePathTag = (locale: string, slug: string): CacheTag => `page-path:${locale}:${slug}`;
/**
 * The list of a locale's published pages (overviews, "latest" cards): any page of the locale going
 * live, moving, or going off the site changes it.
 */
export const pageListTag = (locale: string): CacheTag => `page-list:${locale}`;
/** The site settings (locales, default locale; the site's name, contact details and images). */
export const SETTINGS_TAG: CacheTag = 'settings';
/** The published menus of a locale. */
export const menusTag = (locale: string): CacheTag => `menus:${locale}`;
/** A media library item (by its id) or its bytes (by content hash) that a page shows. */
export const mediaTag = (idOrHash: string): CacheTag => `media:${idOrHash}`;
/**
 * A public tag as such: its name and its tag page's address, which pages show as a link and its
 * tag page as its heading. A rename or a merge changes it.
 */
export const tagTag = (tagId: string): CacheTag => `tag:${tagId}`;
/**
 * The published pages carrying a tag, in their order, with what a list shows of each (title,
 * path, date, summary): a tag page, and the cards blocks and overviews filtered by the tag. A page
 * of the tag going live, republished, moved, going off the site, or given or losing the tag
 * changes it.
 */
export const taggedPagesTag = (tagId: string): CacheTag => `tagged-pages:${tagId}`;
/**
 * Whatever is at a tag page's address (`/tag/<slug>`): the tag page once a public tag of that
 * slug is on a published page, the 404 (or a page of that path) before. Renames and a tag's first
 * and last published page change it.
 */
export const tagPathTag = (locale: string, slug: string): CacheTag => `tag-path:${locale}:${slug}`;
/**
 * A public form's settings (issue 16): the intro and thank-you text every page with the form's
 * block shows, in any locale (the form block records it as the page is prepared).
 */
export const formSettingsTag = (form: string): CacheTag => `form-settings:${form}`;
/** The newsletter popup of a locale (issue 16): every page of the locale carries it, or not, as its settings say. */
export const newsletterPopupTag = (locale: string): CacheTag => `newsletter-popup:${locale}`;

/** The paths a page's breadcrumbs are looked up at: the home page, then each ancestor path. */
export function breadcrumbPathTags(locale: string, slug: string): CacheTag[] {
  if (slug === HOME_SLUG) return [];
  return [HOME_SLUG, ...ancestorSlugs(slug)].map((s) => pagePathTag(locale, s));
}

/** What a 404 answer at a path depends on: that path (a page may appear there) and the locale's 404 page. */
export function notFoundTags(locale: string, slug: string, notFoundPageId: string | null): CacheTag[] {
  const tags = [pagePathTag(locale, slug), pagePathTag(locale, NOT_FOUND_SLUG)];
  if (notFoundPageId !== null) tags.push(pageTag(notFoundPageId));
  return tags;
}

/**
 * What `cacheTagsOf` needs beyond the event, looked up by whoever calls it (the invalidation
 * reactor, from the read models after they took the event in).
 */
export interface CacheTagFacts {
  /**
   * For a page event: the other pages of the page's translation group. A page that goes live
   * appears in its translations' language switchers, which name their siblings by page tag only.
   */
  translations?: readonly string[];
  /**
   * For a page event: the locales whose published menus name the page. A menu shows a page only
   * while it is live, at its path now and (without a label of its own) under its title, so every
   * page of those locales shows the change.
   */
  menuLocales?: readonly string[];
  /** For a media event: whether the site settings name the item (the logo, the default SEO image). */
  inSettings?: boolean;
  /**
   * For a page event: the public tags the page carries (for PageTagsChanged: those it was given
   * and those it lost), with their locale and slug. Their tag pages and the lists filtered by them
   * show the page. Private tags are left out: the site never shows them.
   */
  tags?: readonly { id: string; locale: string; slug: string }[];
  /** For PageTagsChanged: whether the page is on the site; a draft's tags change nothing a visitor sees. */
  live?: boolean;
}

type EventOf<T extends PagelogEventType> = Extract<PagelogEvent, { type: T }>;
type TagsOf<T extends PagelogEventType> = (event: EventOf<T>, facts: CacheTagFacts) => CacheTag[];

/** Events that change nothing the public site shows (drafts, requests, users, claims). */
const none = (): CacheTag[] => [];

/** A release's pages (and the lists, menus and tag pages that show them) and its menus' locales, all at its one event. */
function releaseTags(e: { data: { items: { pageId: string; locale: string; slug: string }[]; menus?: { locale: string }[] } }, facts: CacheTagFacts): CacheTag[] {
  return [
    ...e.data.items.flatMap((i) => [pageTag(i.pageId), pagePathTag(i.locale, i.slug), pageListTag(i.locale)]),
    ...(facts.translations ?? []).map(pageTag),
    ...menusOf(facts),
    ...taggedOf(facts),
    ...(e.data.menus ?? []).map((m) => menusTag(m.locale)),
  ];
}
/** Any change to the settings: every page shows them. */
const settings = (): CacheTag[] => [SETTINGS_TAG];
/** The menus of the locales that name a page whose public life changed. */
const menusOf = (facts: CacheTagFacts): CacheTag[] => (facts.menuLocales ?? []).map(menusTag);
/** The tag pages and tag-filtered lists that show a page: its public tags' lists, and their addresses (a tag's first or last published page opens or closes its tag page). */
const taggedOf = (facts: CacheTagFacts): CacheTag[] => (facts.tags ?? []).flatMap((tag) => [taggedPagesTag(tag.id), tagPathTag(tag.locale, tag.slug)]);
/** A library item as such, and the settings when they show it. */
const media = (mediaId: string, facts: CacheTagFacts): CacheTag[] => [mediaTag(mediaId), ...(facts.inSettings ? [SETTINGS_TAG] : [])];

/**
 * The tags each stored event invalidates, one entry per event type. A new event type does not
 * compile until it has an entry here: that is the extension point (menus, site settings, forms
 * add theirs). Keep each entry to what the public site can show of that event; `none` is a
 * decision, not a default.
 */
const tagsByType: { [T in PagelogEventType]: TagsOf<T> } = {
  // Pages: only what reaches the public site (publication, live slug, deletion); a draft does not.
  PageCreated: (e) => [pagePathTag(e.data.locale, e.data.slug)],
  PageVersionStored: none,
  // Tags are page-level: the live page shows its public tags at once, and the lists of the tags it
  // was given or lost (a tag page, tag-filtered cards and overviews) change. A draft's do not.
  PageTagsChanged: (e, facts) => (facts.live === false ? [] : [pageTag(e.data.pageId), ...taggedOf(facts)]),
  PageDraftStarted: none,
  // A release's page or menu changes on the site with the release's own event, which purges it.
  PagePublished: (e, facts) => (e.data.releaseId ? [] : [
    pageTag(e.data.pageId),
    pagePathTag(e.data.locale, e.data.slug),
    pageListTag(e.data.locale),
    ...(facts.translations ?? []).map(pageTag),
    ...menusOf(facts),
    ...taggedOf(facts),
  ]),
  PageUnpublished: (e, facts) => (e.data.releaseId ? [] : [pageTag(e.data.pageId), pagePathTag(e.data.locale, e.data.slug), pageListTag(e.data.locale), ...menusOf(facts), ...taggedOf(facts)]),
  PageSlugChanged: (e, facts) => [
    pageTag(e.data.pageId),
    pagePathTag(e.data.locale, e.data.slug),
    pagePathTag(e.data.locale, e.data.previousSlug),
    pageListTag(e.data.locale),
    ...menusOf(facts),
    ...taggedOf(facts),
  ],
  PageAnchorChanged: none,
  // Stored before type data belonged to the draft: such events changed the live page (and its list date) at once.
  PageTypeDataChanged: (e, facts) => [pageTag(e.data.pageId), ...taggedOf(facts)],
  PageSettingsStored: none,
  PageLinksUpdated: none,
  PageDeleted: (e, facts) => [pageTag(e.data.pageId), pagePathTag(e.data.locale, e.data.slug), pageListTag(e.data.locale), ...menusOf(facts), ...taggedOf(facts)],
  // The accepted version is published by a PagePublished of its own.
  PublicationRequested: none,
  // A schedule is a plan; the publication it carries out has its own events.
  PageChangeScheduled: none,
  TranslationMarkedUpToDate: none,
  PageScheduleCancelled: none,
  PageScheduleCarriedOut: none,
  PageScheduleFailed: none,
  PublicationRequestResent: none,
  PublicationRequestRevoked: none,
  PublicationAccepted: none,
  PublicationRejected: none,
  SettingsInitialized: settings,
  SiteIdentityChanged: settings,
  SiteContactChanged: settings,
  SiteSocialLinksChanged: settings,
  SiteDefaultSeoImageChanged: settings,
  SiteLocalesChanged: settings,
  SlugClaimed: none,
  SlugReleased: none,
  TranslationClaimed: none,
  TranslationReleased: none,
  UserRegistered: none,
  ClaimFenced: none,
  UserTokenIssued: none,
  UserTokenUsed: none,
  UserTokensRevoked: none,
  UserActivated: none,
  UserPasswordChanged: none,
  UserProfileChanged: none,
  UserRoleChanged: none,
  UserImageChanged: none,
  UserDeleted: none,
  RoleDefined: none,
  EmailClaimed: none,
  EmailReleased: none,
  UserListed: none,
  SetupTokenIssued: none,
  SetupCompleted: none,
  // Media: pages keep their own copy of a use (hash, name, alternative text), so only what the
  // site reads from the library itself depends on these: the settings' logo and SEO image.
  MediaFolderCreated: none,
  MediaFolderMoved: none,
  MediaFolderDeleted: none,
  MediaFileUploaded: none,
  MediaVideoAdded: none,
  MediaFileMoved: (e, facts) => media(e.data.mediaId, facts),
  MediaFileRenamed: (e, facts) => media(e.data.mediaId, facts),
  MediaAltTextChanged: (e, facts) => media(e.data.mediaId, facts),
  MediaSharedChanged: (e, facts) => media(e.data.mediaId, facts),
  MediaFocalPointChanged: (e, facts) => media(e.data.mediaId, facts),
  MediaFileDeleted: (e, facts) => [...media(e.data.mediaId, facts), ...(e.data.hash ? [mediaTag(e.data.hash)] : [])],
  MediaNameClaimed: none,
  MediaNameReleased: none,
  // Menus: only a publication changes what the site shows (a draft or a restored draft does not).
  MenuDraftSaved: none,
  MenuPublished: (e) => (e.data.releaseId ? [] : [menusTag(e.data.locale)]),
  // A release's pages change on the site at its publication and its rollback (their own
  // PagePublished and PageUnpublished carry the menus, translations and tags they touch).
  ReleaseCreated: none,
  ReleaseRenamed: none,
  ReleasePageAdded: none,
  ReleasePageRemoved: none,
  ReleaseMenuAdded: none,
  ReleaseMenuRemoved: none,
  ReleaseScheduled: none,
  ReleaseScheduleCancelled: none,
  ReleaseScheduleFailed: none,
  ReleaseDeleted: none,
  // Facts: those of all its pages together (the reactor reads them per page).
  ReleasePublished: releaseTags,
  ReleaseRolledBack: releaseTags,
  MenuRestored: none,
  // Asking for a reindex or a removal changes no page; the search results are not cached.
  SearchReindexRequested: none,
  SearchRemovalRequested: none,
  // A new tag is on no live page yet, but takes its address over from a tag that had it before (a
  // rename), whose old address redirected there. A public tag renamed shows its new name on its
  // pages and tag page, which moves to the new slug (the old address answers 301 to it); a merged
  // one leaves its pages (moved to the other tag by PageTagsChanged events of their own) and its
  // tag page (which then redirects to the other tag's). Private tags never reach the site, nor
  // its cache's tags (an old address a private tag takes over keeps redirecting, harmlessly).
  TagCreated: (e) => (e.data.visibility === 'public' ? [tagPathTag(e.data.locale, tagSlug(e.data.name))] : []),
  TagRenamed: (e) => (e.data.visibility === 'public' ? [tagTag(e.data.tagId), tagPathTag(e.data.locale, tagSlug(e.data.previousName)), tagPathTag(e.data.locale, tagSlug(e.data.name))] : []),
  TagMerged: (e) => (e.data.visibility === 'public' ? [tagTag(e.data.tagId), taggedPagesTag(e.data.tagId), tagPathTag(e.data.locale, tagSlug(e.data.name))] : []),
  // A name claimed or given back changes nothing a visitor sees.
  TagNameClaimed: none,
  TagNameReleased: none,
  // A form's submissions never show on the site.
  FormSubmitted: none,
  FormSubmissionHandled: none,
  FormSubmissionSpamReviewed: none,
  FormSubmissionErased: none,
  NewsletterSubscriptionConfirmed: none,
  // A form's intro or thank-you text shows on every page with its block; whom it notifies and how
  // long it keeps submissions do not show, but one tag per form keeps the rule simple.
  FormSettingsChanged: (e) => [formSettingsTag(e.data.form)],
  FormRetentionChanged: none,
  // The popup's settings show on every page of their locale.
  NewsletterPopupSettingsChanged: (e) => [newsletterPopupTag(e.data.locale)],
};

/** The event types that can invalidate something (for a reactor's `handles`). */
export const cacheTaggedEventTypes: readonly PagelogEventType[] = (Object.keys(tagsByType) as PagelogEventType[]).filter((type) => tagsByType[type] !== none);

/**
 * The cache tags a stored event invalidates, without duplicates; none for an event type the
 * site does not show or does not know (an event from a newer version of Pagelog).
 */
export function cacheTagsOf(event: { type: string; data: unknown }, facts: CacheTagFacts = {}): CacheTag[] {
  const tagsOf = (tagsByType as Record<string, TagsOf<PagelogEventType> | undefined>)[event.type];
  if (tagsOf === undefined) return [];
  return [...new Set(tagsOf(event as PagelogEvent as never, facts))];
}

/** One invalidation message: the tags to drop and the log position of the event they came from. */
export interface CacheInvalidation {
  tags: CacheTag[];
  position: number;
}

/** The length of a string in UTF-8 bytes (contracts run in browsers too: no Buffer). */
const utf8Length = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '_').length;

/**
 * An invalidation as one or more messages of at most `maxBytes` each (PostgreSQL's NOTIFY takes
 * under 8,000 bytes): a message never loses a tag, a long list is split.
 */
export function encodeInvalidation(invalidation: CacheInvalidation, maxBytes = 7_000): string[] {
  const messages: string[] = [];
  let tags: CacheTag[] = [];
  const encode = (list: CacheTag[]) => JSON.stringify({ tags: list, position: invalidation.position } satisfies CacheInvalidation);
  for (const tag of invalidation.tags) {
    if (tags.length > 0 && utf8Length(encode([...tags, tag])) > maxBytes) {
      messages.push(encode(tags));
      tags = [];
    }
    tags.push(tag);
  }
  if (tags.length > 0) messages.push(encode(tags));
  return messages;
}

/** A message read back; null for anything that is not one (a message is never trusted to be well formed). */
export function decodeInvalidation(message: string): CacheInvalidation | null {
  try {
    const value = JSON.parse(message) as Partial<CacheInvalidation>;
    if (!Array.isArray(value.tags) || !value.tags.every((t) => typeof t === 'string') || typeof value.position !== 'number') return null;
    return { tags: value.tags, position: value.position };
  } catch {
    return null;
  }
}
