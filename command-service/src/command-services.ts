import { setTimeout as wait } from 'node:timers/promises';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { Services } from '@pagelog/service-kit/compose-services';
import { createHandle } from './core/handle';
import { readModelLookups, type PagesDeps } from './pages/pages-deps';
import { mediaReadModelLookups } from './core/media-lookups';
import { menuReadModelLookups } from './menus/menu-lookups';
import { settingsReadModelLookups } from './settings/settings-lookups';
import { submitterReadModelLookups } from './forms/submitter-lookups';
import type { UsersDeps } from './users/users-deps';

export interface CommandServicesOptions {
  sleep?: (ms: number) => Promise<void>;
  later?: UsersDeps['later'];
  /** Wraps the event store the commands write to (tests inject faults). */
  wrapEventStore?: (store: EventStore) => EventStore;
}

/**
 * Everything the command functions need, built flat from the opened services: the event store
 * and the one handle, the vault, blobs and sessions, the read-model look-ups, the clock and the
 * work after the answer. Every command function takes the part it needs (CommandDeps, UsersDeps,
 * PagesDeps are views of this one object).
 */
export function commandServices(services: Services, options: CommandServicesOptions = {}): PagesDeps {
  const { config, auth, stores, clock } = services;
  const logger = services.logger.child({ part: 'commands' });
  const store = options.wrapEventStore ? options.wrapEventStore(stores.eventStore) : stores.eventStore;
  // Work after the answer is tracked, so shutting down waits for it before the stores close.
  const pending = new Set<Promise<void>>();
  const later =
    options.later ??
    ((label: string, work: () => Promise<void>) => {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error, work: label }, 'work after the answer failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    });
  // Waits for it, but not for ever: a claim release that keeps failing retries for up to 30 s.
  const drainLater = async (maxWaitMs = 5_000) => {
    const deadline = Date.now() + maxWaitMs;
    while (pending.size > 0 && Date.now() < deadline) {
      await Promise.race([Promise.all([...pending]), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))]);
    }
  };
  return {
    store,
    handle: createHandle(store),
    lookups: readModelLookups(stores.readModels, config.consistencyTimeoutMs),
    mediaLookups: mediaReadModelLookups(store, stores.readModels, config.consistencyTimeoutMs),
    menuLookups: menuReadModelLookups(store, stores.readModels, config.consistencyTimeoutMs),
    settingsLookups: settingsReadModelLookups(store, stores.readModels, config.consistencyTimeoutMs),
    submitterLookups: submitterReadModelLookups(store, stores.readModels),
    vault: auth.vault,
    blobs: auth.blobs,
    sessions: auth.sessions,
    secret: auth.secret,
    publicUrl: config.publicUrl,
    clock,
    sleep: options.sleep ?? ((ms) => wait(ms)),
    later,
    drainLater,
    logger,
  };
}
