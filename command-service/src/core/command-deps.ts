import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { Handle } from './handle';

/** What every command function needs: the event store (for look-ups) and the shared handle. */
export interface CommandDeps {
  store: EventStore;
  handle: Handle;
  /** Work after the answer (a claim's release that failed, tried again); absent where nothing runs later. */
  later?: (label: string, work: () => Promise<void>) => void;
}
