import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { SearchIndex } from '@pagelog/storage/search-index/search-index';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { SessionManager } from '@pagelog/service-kit/auth/sessions';
import type { Services } from '@pagelog/service-kit/compose-services';
import type { FormCsrf } from '@pagelog/service-kit/http/form-csrf';
import type { PreviewTokens } from '@pagelog/service-kit/http/preview-tokens';
import type { TimeTravelTokens } from '@pagelog/service-kit/http/time-travel-tokens';

export interface QueryDeps {
  readModels: ReadModelStore;
  /** History and the head position come straight from the event store. */
  eventStore: EventStore;
  /** How long a query waits for X-Pagelog-Min-Position (about 2 s). */
  consistencyTimeoutMs: number;
  /** The site search index (issue 15). */
  searchIndex: SearchIndex;
  /** Now (epoch ms): what is past and what is still planned (the site as it will be). Date.now unless a test moves it. */
  clock?: () => number;
}

/** What the session check and the user reads need besides the read models. */
export interface UserQueryDeps extends QueryDeps {
  sessions: SessionManager;
  vault: PersonalDataVault;
  blobs: BlobStore;
  /** Minutes without input before the admin logs out (told to the admin by the session check). */
  inactivityMinutes: number;
  /** Hands out the public forms' double-submit tokens. */
  formCsrf: FormCsrf;
  /** Seals an editor's draft for the site's preview, and opens it for the site. */
  previews: PreviewTokens;
  /** Signs and opens the links to the site as of a moment (issue 17). */
  timeTravel: TimeTravelTokens;
  /** Keys the form submitters' index (a submitter looked up by e-mail address before erasing them). */
  secret: string;
}

/** The query routes' dependencies from the opened services (one process or the embedded one). */
export function queryServices(services: Services): UserQueryDeps {
  const { stores, auth, config } = services;
  return {
    readModels: stores.readModels,
    eventStore: stores.eventStore,
    searchIndex: stores.searchIndex,
    consistencyTimeoutMs: config.consistencyTimeoutMs,
    sessions: auth.sessions,
    vault: auth.vault,
    blobs: auth.blobs,
    inactivityMinutes: config.inactivityMinutes,
    formCsrf: auth.formCsrf,
    previews: auth.previews,
    timeTravel: auth.timeTravel,
    secret: auth.secret,
    clock: services.clock,
  };
}
