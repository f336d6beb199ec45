import type { PageStreamEvent } from '../events/page-events';
import type { PagelogEvent } from '../events/registry';
import type { VersionChanges } from '../pages/version-changes';

/** The part of the site an event belongs to: the audit log's coarse filter. */
export const auditAreas = ['pages', 'media', 'menus', 'tags', 'users', 'settings', 'forms', 'search', 'releases'] as const;
export type AuditArea = (typeof auditAreas)[number];

export const auditAreaLabels: Record<AuditArea, string> = {
  pages: 'Pages',
  media: 'Media',
  menus: 'Menus',
  tags: 'Tags',
  users: 'Users and roles',
  settings: 'Settings and modules',
  forms: 'Forms',
  search: 'Search',
  releases: 'Releases',
};

/** What an event is about: its area, and the thing's id where it has one (a page, a file, a user). */
export interface EventSubject {
  area: AuditArea;
  id: string | null;
}

/** A moment in the log's words: "2026-12-03 10:02 UTC" (the admin shows its own times in local time beside them). */
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** What a release published or rolled back: "3 pages", "1 page and 1 menu". */
function releaseCount(pages: number, menus: number): string {
  const pageWords = pages === 1 ? '1 page' : `${pages} pages`;
  if (menus === 0) return pageWords;
  const menuWords = menus === 1 ? '1 menu' : `${menus} menus`;
  return pages === 0 ? menuWords : `${pageWords} and ${menuWords}`;
}

const quote = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`;

const list = (items: string[], max = 3): string =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

/** A page version's changes against the version before it, in a few words ('' when none). */
export function changesInWords(changes: VersionChanges): string {
  const parts: string[] = [];
  const fieldNames: Record<string, string> = { title: 'title', seoTitle: 'SEO title', seoDescription: 'SEO description', seoKeywords: 'SEO keywords', seoImage: 'SEO image' };
  if (changes.fields.length > 0) parts.push(`changed the ${list(changes.fields.map((f) => fieldNames[f.name] ?? String(f.name)))}`);
  const named = (b: { label: string; summary: string }) => (b.summary ? `${b.label} ${quote(b.summary)}` : b.label);
  if (changes.added.length > 0) parts.push(`added ${list(changes.added.map(named))}`);
  if (changes.removed.length > 0) parts.push(`removed ${list(changes.removed.map(named))}`);
  if (changes.changed.length > 0) {
    parts.push(`edited ${list(changes.changed.map((b) => `${named(b)} (${list(b.props.map((p) => p.label), 4)})`))}`);
  }
  if (changes.moved.length > 0) parts.push(`moved ${list(changes.moved.map(named))}`);
  return parts.join('; ');
}

/** A page event in a few words, for the page's history and the audit log. */
export function pageEventSummary(event: PageStreamEvent): string {
  switch (event.type) {
    case 'ClaimFenced':
      return `took over a claim the page had made but not used (${event.data.claimStream})`;
    case 'PageCreated': {
      const d = event.data;
      const from = d.copiedFrom ? (d.copiedFrom.as === 'translation' ? ' as a translation' : ' as a copy of another page') : '';
      return `created ${quote(d.title)} at ${d.slug} (${d.locale})${from}`;
    }
    case 'PageVersionStored': {
      const how = event.data.auto ? 'saved the draft automatically' : 'saved the draft';
      return event.data.mergedFromRevision !== undefined ? `${how}, merged with changes saved meanwhile` : how;
    }
    case 'PageDraftStarted':
      return 'started a new draft from the published version';
    case 'PagePublished':
      return event.data.releaseId ? 'published the page with a release' : 'published the page';
    case 'PageUnpublished':
      return event.data.releaseId ? 'took the page off the site, rolling back a release' : 'unpublished the page';
    case 'PageSlugChanged':
      return `moved the page from ${event.data.previousSlug} to ${event.data.slug}${event.data.updateLinks ? ', updating links to it' : ''}`;
    case 'PageAnchorChanged':
      return event.data.anchor ? `set the page anchor to ${event.data.anchor}` : 'removed the page anchor';
    case 'PageTypeDataChanged':
      return 'changed the page settings';
    case 'PageSettingsStored':
      return 'saved the page settings in the draft';
    case 'PageLinksUpdated':
      return `updated links from ${event.data.fromPath} to ${event.data.toPath}`;
    case 'PageDeleted':
      return 'deleted the page';
    case 'PageTagsChanged': {
      const d = event.data;
      if (d.mergedFrom) return 'took the tag it was given by a merge';
      return `changed the tags (${d.added.length} added, ${d.removed.length} removed)`;
    }
    case 'PublicationRequested':
      return event.data.comment ? `requested publication: ${quote(event.data.comment)}` : 'requested publication';
    case 'PublicationRequestResent':
      return event.data.comment ? `sent the publication request again: ${quote(event.data.comment)}` : 'sent the publication request again';
    case 'PublicationRequestRevoked':
      return 'revoked the publication request';
    case 'PublicationAccepted':
      return event.data.feedback ? `accepted the publication request: ${quote(event.data.feedback)}` : 'accepted the publication request';
    case 'PublicationRejected':
      return `rejected the publication request: ${quote(event.data.feedback)}`;
    case 'PageChangeScheduled':
      return `scheduled ${event.data.action === 'publish' ? 'publication' : 'unpublication'} for ${when(event.data.at)}`;
    case 'PageScheduleCancelled':
      return `cancelled the scheduled ${event.data.action === 'publish' ? 'publication' : 'unpublication'}`;
    case 'PageScheduleCarriedOut':
      return event.data.changed
        ? `carried out the scheduled ${event.data.action === 'publish' ? 'publication' : 'unpublication'}`
        : `found the scheduled ${event.data.action === 'publish' ? 'publication' : 'unpublication'} already done`;
    case 'TranslationMarkedUpToDate':
      return event.data.blockKeys === null ? 'marked the translation up to date with its source' : `marked ${event.data.blockKeys.length === 1 ? 'a block' : `${event.data.blockKeys.length} blocks`} up to date with the source`;
    case 'PageScheduleFailed':
      return `could not carry out the scheduled ${event.data.action === 'publish' ? 'publication' : 'unpublication'} (attempt ${event.data.attempt}: ${event.data.message}); trying again at ${when(event.data.retryAt)}`;
  }
}

/** An event of the whole log, in words, with what it is about and the comment or feedback it carries. Never personal data. */
export interface EventWords {
  subject: EventSubject;
  summary: string;
  /** A publication request's comment, a reviewer's feedback; null when the event has none. */
  comment: string | null;
}

/** The stream's name without its prefix: `page-abc` → `abc` (the thing's id for most streams). */
function idOf(stream: string, prefix: string): string | null {
  return stream.startsWith(prefix) ? stream.slice(prefix.length) : null;
}

/**
 * Any event of the log in words (the audit log, issue 17). Personal data never appears: sealed
 * values (names, e-mail addresses, form answers) are not opened, and people are named by the
 * reader from their ids, so erasing a person also takes their name out of the log's words.
 */
export function describeEvent(event: PagelogEvent & { stream: string }): EventWords {
  const words = (area: AuditArea, id: string | null, summary: string, comment: string | null = null): EventWords => ({ subject: { area, id }, summary, comment });
  switch (event.type) {
    case 'ClaimFenced':
      return words(event.stream.startsWith('page-') ? 'pages' : 'settings', idOf(event.stream, 'page-'), `took over a claim that was made but not used (${event.data.claimStream})`);
    case 'PageCreated':
    case 'PageVersionStored':
    case 'PageDraftStarted':
    case 'PagePublished':
    case 'PageUnpublished':
    case 'PageSlugChanged':
    case 'PageAnchorChanged':
    case 'PageTypeDataChanged':
    case 'PageSettingsStored':
    case 'PageLinksUpdated':
    case 'PageDeleted':
    case 'PageTagsChanged':
    case 'PublicationRequestResent':
    case 'PublicationRequestRevoked':
    case 'PageChangeScheduled':
    case 'PageScheduleCancelled':
    case 'PageScheduleCarriedOut':
    case 'PageScheduleFailed':
    case 'TranslationMarkedUpToDate':
      return words('pages', event.data.pageId, pageEventSummary(event), event.type === 'PublicationRequestResent' ? event.data.comment || null : null);
    case 'PublicationRequested':
      return words('pages', event.data.pageId, pageEventSummary(event), event.data.comment || null);
    case 'PublicationAccepted':
    case 'PublicationRejected':
      return words('pages', event.data.pageId, pageEventSummary(event), event.data.feedback || null);
    case 'SlugClaimed':
      return words('pages', event.data.pageId, `reserved the address ${event.data.slug} (${event.data.locale})`);
    case 'SlugReleased':
      return words('pages', event.data.pageId, `released the address ${event.data.slug} (${event.data.locale})`);
    case 'TranslationClaimed':
      return words('pages', event.data.pageId, `reserved the ${event.data.locale} translation of its group`);
    case 'TranslationReleased':
      return words('pages', event.data.pageId, `released the ${event.data.locale} translation of its group`);

    case 'SettingsInitialized':
      return words('settings', null, 'set up the site settings');
    case 'SiteIdentityChanged':
      return words('settings', null, `changed the site name to ${quote(event.data.siteName)}${event.data.logo ? ' and its logo' : ', without a logo'}`);
    case 'SiteContactChanged':
      return words('settings', null, 'changed the contact details');
    case 'SiteSocialLinksChanged':
      return words('settings', null, `changed the social links (${event.data.social.length})`);
    case 'SiteDefaultSeoImageChanged':
      return words('settings', null, event.data.defaultSeoImage ? 'changed the default SEO image' : 'removed the default SEO image');
    case 'SiteLocalesChanged':
      return words('settings', null, `changed the site's languages to ${event.data.availableLocales.join(', ')} (default ${event.data.defaultLocale})`);
    case 'NewsletterPopupSettingsChanged':
      return words('settings', null, `changed the newsletter popup (${event.data.locale}): ${event.data.settings.enabled ? 'on' : 'off'}`);
    case 'FormSettingsChanged':
      return words('forms', null, `changed the settings of the ${event.data.form} form (${event.data.locale})`);
    case 'FormRetentionChanged':
      return words('forms', null, event.data.retentionMonths === null ? `keeps ${event.data.form} submissions until erased` : `keeps ${event.data.form} submissions for ${event.data.retentionMonths} months`);

    case 'FormSubmitted':
      return words('forms', event.data.submissionId, `sent the ${event.data.form} form${event.data.spam.suspected ? ' (held as suspected spam)' : ''}`);
    case 'FormSubmissionHandled':
      return words('forms', event.data.submissionId, event.data.handled ? 'marked a submission handled' : 'marked a submission not handled');
    case 'FormSubmissionSpamReviewed':
      return words('forms', event.data.submissionId, event.data.spam ? 'confirmed a submission as spam' : 'released a submission held as spam');
    case 'FormSubmissionErased':
      return words('forms', event.data.submissionId, event.data.reason === 'retention' ? 'erased a submission at the end of its retention' : "erased a submitter's data on request");
    case 'NewsletterSubscriptionConfirmed':
      return words('forms', event.data.submissionId, 'confirmed a newsletter subscription');

    case 'MediaFolderCreated':
      return words('media', event.data.mediaId, `created the folder ${quote(event.data.name)}`);
    case 'MediaFolderMoved':
      return words('media', event.data.mediaId, event.data.fromParentId === event.data.parentId ? `renamed the folder ${quote(event.data.fromName)} to ${quote(event.data.name)}` : `moved the folder ${quote(event.data.name)}`);
    case 'MediaFolderDeleted':
      return words('media', event.data.mediaId, `deleted the folder ${quote(event.data.name)}`);
    case 'MediaFileUploaded':
      return words('media', event.data.mediaId, `uploaded ${quote(event.data.fileName)} (${event.data.kind})`);
    case 'MediaVideoAdded':
      return words('media', event.data.mediaId, `added the ${event.data.provider} video ${quote(event.data.fileName)}`);
    case 'MediaFileMoved':
      return words('media', event.data.mediaId, `moved ${quote(event.data.fileName)} to another folder`);
    case 'MediaFileRenamed':
      return words('media', event.data.mediaId, `renamed ${quote(event.data.fromName)} to ${quote(event.data.fileName)}`);
    case 'MediaAltTextChanged':
      return words('media', event.data.mediaId, event.data.defaultAltText ? `changed the alternative text to ${quote(event.data.defaultAltText)}` : 'removed the alternative text');
    case 'MediaSharedChanged':
      return words('media', event.data.mediaId, event.data.shared ? 'shared the file' : 'stopped sharing the file');
    case 'MediaFocalPointChanged':
      return words('media', event.data.mediaId, event.data.focalPoint ? 'set the focal point' : 'removed the focal point');
    case 'MediaFileDeleted':
      return words('media', event.data.mediaId, `deleted ${quote(event.data.fileName)}`);
    case 'MediaNameClaimed':
      return words('media', event.data.mediaId, `reserved the name ${quote(event.data.name)}`);
    case 'MediaNameReleased':
      return words('media', event.data.mediaId, `released the name ${quote(event.data.name)}`);

    case 'MenuDraftSaved':
      return words('menus', event.data.menuId, `saved draft ${event.data.version} of the ${event.data.kind} menu (${event.data.locale}), ${event.data.items.length} items at the top`);
    case 'MenuPublished':
      return words('menus', event.data.menuId, `published version ${event.data.version} of the ${event.data.kind} menu (${event.data.locale})${event.data.releaseId ? ' with a release' : ''}`);
    case 'MenuRestored':
      return words('menus', event.data.menuId, `restored version ${event.data.fromVersion} of the ${event.data.kind} menu (${event.data.locale}) as draft ${event.data.version}`);

    case 'TagCreated':
      return words('tags', event.data.tagId, `created the tag ${quote(event.data.name)} (${event.data.locale})`);
    case 'TagRenamed':
      return words('tags', event.data.tagId, `renamed the tag ${quote(event.data.previousName)} to ${quote(event.data.name)}`);
    case 'TagMerged':
      return words('tags', event.data.tagId, `merged the tag ${quote(event.data.name)} into ${quote(event.data.intoName)}`);
    case 'TagNameClaimed':
      return words('tags', event.data.tagId, `reserved the tag address ${event.data.slug} (${event.data.locale})`);
    case 'TagNameReleased':
      return words('tags', event.data.tagId, `released the tag address ${event.data.slug} (${event.data.locale})`);

    case 'ReleaseCreated':
      return words('releases', event.data.releaseId, `created the release ${quote(event.data.name)}`);
    case 'ReleaseRenamed':
      return words('releases', event.data.releaseId, `renamed the release to ${quote(event.data.name)}`);
    case 'ReleasePageAdded':
      return words('releases', event.data.releaseId, `added ${quote(event.data.title)} (${event.data.locale}/${event.data.slug}) to the release`);
    case 'ReleasePageRemoved':
      return words('releases', event.data.releaseId, 'removed a page from the release');
    case 'ReleaseMenuAdded':
      return words('releases', event.data.releaseId, `added version ${event.data.version} of the ${event.data.kind} menu (${event.data.locale}) to the release`);
    case 'ReleaseMenuRemoved':
      return words('releases', event.data.releaseId, 'removed a menu from the release');
    case 'ReleaseScheduled':
      return words('releases', event.data.releaseId, `scheduled the release for ${when(event.data.at)}`);
    case 'ReleaseScheduleCancelled':
      return words('releases', event.data.releaseId, 'cancelled the scheduled publication of the release');
    case 'ReleaseScheduleFailed':
      return words('releases', event.data.releaseId, `could not publish the scheduled release (attempt ${event.data.attempt}: ${event.data.message}); trying again at ${when(event.data.retryAt)}`);
    case 'ReleasePublished':
      return words('releases', event.data.releaseId, `published the release ${quote(event.data.name)}${event.data.scheduled ? ' as scheduled' : ''}: ${releaseCount(event.data.items.length, event.data.menus?.length ?? 0)} at once`);
    case 'ReleaseRolledBack':
      return words('releases', event.data.releaseId, `rolled back the release ${quote(event.data.name)}: ${releaseCount(event.data.items.length, event.data.menus?.length ?? 0)} as they were before`);
    case 'ReleaseDeleted':
      return words('releases', event.data.releaseId, `deleted the release ${quote(event.data.name)}`);

    case 'SearchReindexRequested':
      return words('search', null, 'asked for the search index to be rebuilt');
    case 'SearchRemovalRequested':
      return words('search', null, 'asked for the search index to be cleared');

    case 'UserRegistered':
      return words('users', event.data.userId, `added a user with the role ${event.data.roleId}`);
    case 'UserTokenIssued':
      return words('users', idOf(event.stream, 'user-'), event.data.purpose === 'activation' ? 'issued an activation link' : 'issued a password reset link');
    case 'UserTokenUsed':
      return words('users', idOf(event.stream, 'user-'), event.data.purpose === 'activation' ? 'used an activation link' : 'used a password reset link');
    case 'UserTokensRevoked':
      return words('users', idOf(event.stream, 'user-'), `revoked open ${event.data.purposes.join(' and ')} links`);
    case 'UserActivated':
      return words('users', idOf(event.stream, 'user-'), 'activated the account');
    case 'UserPasswordChanged': {
      const why = { activation: 'at activation', reset: 'by a reset link', setup: 'at setup', settings: 'in the account settings', administrator: 'by an administrator' }[event.data.reason];
      return words('users', idOf(event.stream, 'user-'), `changed the password ${why}`);
    }
    case 'UserProfileChanged':
      return words('users', idOf(event.stream, 'user-'), 'changed the name or e-mail address');
    case 'UserRoleChanged':
      return words('users', idOf(event.stream, 'user-'), `gave the role ${event.data.roleId}`);
    case 'UserImageChanged':
      return words('users', idOf(event.stream, 'user-'), event.data.imageId ? 'changed the profile picture' : 'removed the profile picture');
    case 'UserDeleted':
      return words('users', idOf(event.stream, 'user-'), 'deleted the user');
    case 'RoleDefined':
      return words('users', null, `defined the role ${quote(event.data.name)} with ${event.data.permissions.length} permissions`);
    case 'EmailClaimed':
      return words('users', event.data.userId, 'reserved an e-mail address');
    case 'EmailReleased':
      return words('users', event.data.userId, 'released an e-mail address');
    case 'UserListed':
      return words('users', event.data.userId, 'listed the user in the directory');
    case 'SetupTokenIssued':
      return words('users', null, 'issued the setup link for the first administrator');
    case 'SetupCompleted':
      return words('users', event.data.userId, 'completed the setup of the first administrator');
  }
}
