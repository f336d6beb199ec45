import type { PageEvent } from './page-events';
import type { SettingsEvent } from './settings-events';
import type { SlugEvent, TranslationEvent } from './slug-events';
import type { EmailClaimEvent, RoleEvent, SetupEvent, UserDirectoryEvent, UserEvent } from './user-events';
import type { ClaimFenced } from './claim-events';
import type { MediaEvent, MediaNameEvent } from './media-events';
import type { MenuEvent } from './menu-events';
import type { SearchIndexEvent } from './search-events';
import type { TagEvent, TagNameEvent } from './tag-events';
import type { FormSubmissionEvent } from './form-events';
import type { FormSettingsEvent } from './form-settings-events';
import type { NewsletterPopupEvent } from './newsletter-popup-events';
import type { ReleaseEvent } from './release-events';
import { upcastImageBlocks } from './upcast-image-blocks';

export type PagelogEvent =
  | PageEvent
  | SettingsEvent
  | SlugEvent
  | TranslationEvent
  | UserEvent
  | RoleEvent
  | EmailClaimEvent
  | SetupEvent
  | UserDirectoryEvent
  | MediaEvent
  | MediaNameEvent
  | MenuEvent
  | SearchIndexEvent
  | TagEvent
  | TagNameEvent
  | FormSubmissionEvent
  | FormSettingsEvent
  | NewsletterPopupEvent
  | ReleaseEvent
  | ClaimFenced;
export type PagelogEventType = PagelogEvent['type'];
export type EventData<T extends PagelogEventType> = Extract<PagelogEvent, { type: T }>['data'];

/** Turns data of schema version `from` into version `from + 1`. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

interface EventSchema {
  /** The version written today. */
  schemaVersion: number;
  /** upcasters[n] lifts version n to n + 1. */
  upcasters: Record<number, Upcaster>;
}

/**
 * Every event type with its current schema version. Stored events never change: a new shape is
 * a new version here plus an upcaster from the previous one.
 */
export const eventSchemas: Record<PagelogEventType, EventSchema> = {
  // Version 2 names where a copied page came from (create-translation, duplicate).
  PageCreated: { schemaVersion: 2, upcasters: { 1: (d) => ({ ...d, copiedFrom: null }) } },
  // Version 2: an image block's address moved from props.url to props.externalUrl (media library).
  PageVersionStored: { schemaVersion: 2, upcasters: { 1: upcastImageBlocks } },
  PageDraftStarted: { schemaVersion: 1, upcasters: {} },
  PagePublished: { schemaVersion: 1, upcasters: {} },
  PageUnpublished: { schemaVersion: 1, upcasters: {} },
  PageSlugChanged: { schemaVersion: 1, upcasters: {} },
  PageAnchorChanged: { schemaVersion: 1, upcasters: {} },
  PageTypeDataChanged: { schemaVersion: 1, upcasters: {} },
  PageSettingsStored: { schemaVersion: 1, upcasters: {} },
  PageLinksUpdated: { schemaVersion: 2, upcasters: { 1: upcastImageBlocks } },
  PageDeleted: { schemaVersion: 1, upcasters: {} },
  PageTagsChanged: { schemaVersion: 1, upcasters: {} },
  PageChangeScheduled: { schemaVersion: 1, upcasters: {} },
  TranslationMarkedUpToDate: { schemaVersion: 1, upcasters: {} },
  PageScheduleCancelled: { schemaVersion: 1, upcasters: {} },
  PageScheduleCarriedOut: { schemaVersion: 1, upcasters: {} },
  PageScheduleFailed: { schemaVersion: 1, upcasters: {} },
  PublicationRequested: { schemaVersion: 1, upcasters: {} },
  PublicationRequestResent: { schemaVersion: 1, upcasters: {} },
  PublicationRequestRevoked: { schemaVersion: 1, upcasters: {} },
  PublicationAccepted: { schemaVersion: 1, upcasters: {} },
  PublicationRejected: { schemaVersion: 1, upcasters: {} },
  SettingsInitialized: { schemaVersion: 1, upcasters: {} },
  SiteIdentityChanged: { schemaVersion: 1, upcasters: {} },
  SiteContactChanged: { schemaVersion: 1, upcasters: {} },
  SiteSocialLinksChanged: { schemaVersion: 1, upcasters: {} },
  SiteDefaultSeoImageChanged: { schemaVersion: 1, upcasters: {} },
  SiteLocalesChanged: { schemaVersion: 1, upcasters: {} },
  SlugClaimed: { schemaVersion: 1, upcasters: {} },
  SlugReleased: { schemaVersion: 1, upcasters: {} },
  TranslationClaimed: { schemaVersion: 1, upcasters: {} },
  TranslationReleased: { schemaVersion: 1, upcasters: {} },
  UserRegistered: { schemaVersion: 1, upcasters: {} },
  ClaimFenced: { schemaVersion: 1, upcasters: {} },
  // Version 2 carries the token sealed with the user's key, for the mails reactor.
  UserTokenIssued: { schemaVersion: 2, upcasters: { 1: (d) => ({ ...d, sealedToken: null }) } },
  UserTokenUsed: { schemaVersion: 1, upcasters: {} },
  UserTokensRevoked: { schemaVersion: 1, upcasters: {} },
  UserActivated: { schemaVersion: 1, upcasters: {} },
  UserPasswordChanged: { schemaVersion: 1, upcasters: {} },
  UserProfileChanged: { schemaVersion: 1, upcasters: {} },
  UserRoleChanged: { schemaVersion: 1, upcasters: {} },
  UserImageChanged: { schemaVersion: 1, upcasters: {} },
  UserDeleted: { schemaVersion: 1, upcasters: {} },
  RoleDefined: { schemaVersion: 1, upcasters: {} },
  EmailClaimed: { schemaVersion: 1, upcasters: {} },
  EmailReleased: { schemaVersion: 1, upcasters: {} },
  UserListed: { schemaVersion: 1, upcasters: {} },
  SetupTokenIssued: { schemaVersion: 1, upcasters: {} },
  SetupCompleted: { schemaVersion: 1, upcasters: {} },
  MediaFolderCreated: { schemaVersion: 1, upcasters: {} },
  MediaFolderMoved: { schemaVersion: 1, upcasters: {} },
  MediaFolderDeleted: { schemaVersion: 1, upcasters: {} },
  MediaFileUploaded: { schemaVersion: 1, upcasters: {} },
  MediaVideoAdded: { schemaVersion: 1, upcasters: {} },
  MediaFileMoved: { schemaVersion: 1, upcasters: {} },
  MediaFileRenamed: { schemaVersion: 1, upcasters: {} },
  MediaAltTextChanged: { schemaVersion: 1, upcasters: {} },
  MediaSharedChanged: { schemaVersion: 1, upcasters: {} },
  MediaFocalPointChanged: { schemaVersion: 1, upcasters: {} },
  MediaFileDeleted: { schemaVersion: 1, upcasters: {} },
  MediaNameClaimed: { schemaVersion: 1, upcasters: {} },
  MediaNameReleased: { schemaVersion: 1, upcasters: {} },
  MenuDraftSaved: { schemaVersion: 1, upcasters: {} },
  MenuPublished: { schemaVersion: 1, upcasters: {} },
  MenuRestored: { schemaVersion: 1, upcasters: {} },
  SearchReindexRequested: { schemaVersion: 1, upcasters: {} },
  SearchRemovalRequested: { schemaVersion: 1, upcasters: {} },
  TagCreated: { schemaVersion: 1, upcasters: {} },
  TagRenamed: { schemaVersion: 1, upcasters: {} },
  TagMerged: { schemaVersion: 1, upcasters: {} },
  TagNameClaimed: { schemaVersion: 1, upcasters: {} },
  TagNameReleased: { schemaVersion: 1, upcasters: {} },
  FormSubmitted: { schemaVersion: 1, upcasters: {} },
  FormSubmissionHandled: { schemaVersion: 1, upcasters: {} },
  FormSubmissionSpamReviewed: { schemaVersion: 1, upcasters: {} },
  FormSubmissionErased: { schemaVersion: 1, upcasters: {} },
  NewsletterSubscriptionConfirmed: { schemaVersion: 1, upcasters: {} },
  FormSettingsChanged: { schemaVersion: 1, upcasters: {} },
  FormRetentionChanged: { schemaVersion: 1, upcasters: {} },
  NewsletterPopupSettingsChanged: { schemaVersion: 1, upcasters: {} },
  ReleaseCreated: { schemaVersion: 1, upcasters: {} },
  ReleaseRenamed: { schemaVersion: 1, upcasters: {} },
  ReleasePageAdded: { schemaVersion: 1, upcasters: {} },
  ReleasePageRemoved: { schemaVersion: 1, upcasters: {} },
  ReleaseMenuAdded: { schemaVersion: 1, upcasters: {} },
  ReleaseMenuRemoved: { schemaVersion: 1, upcasters: {} },
  ReleaseScheduled: { schemaVersion: 1, upcasters: {} },
  ReleaseScheduleCancelled: { schemaVersion: 1, upcasters: {} },
  ReleaseScheduleFailed: { schemaVersion: 1, upcasters: {} },
  ReleasePublished: { schemaVersion: 1, upcasters: {} },
  ReleaseRolledBack: { schemaVersion: 1, upcasters: {} },
  ReleaseDeleted: { schemaVersion: 1, upcasters: {} },
};

export function currentSchemaVersion(type: string): number {
  return (eventSchemas as Record<string, EventSchema>)[type]?.schemaVersion ?? 1;
}

/** Lifts stored data to the current schema version of its type; unknown types pass unchanged. */
export function upcast(type: string, schemaVersion: number, data: unknown): unknown {
  const schema = (eventSchemas as Record<string, EventSchema>)[type];
  if (!schema) return data;
  let current = data as Record<string, unknown>;
  for (let v = schemaVersion; v < schema.schemaVersion; v++) {
    const up = schema.upcasters[v];
    if (!up) throw new Error(`no upcaster for ${type} from schema version ${v}`);
    current = up(current);
  }
  return current;
}
