import type { Logger } from 'pino';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { SessionManager } from '@pagelog/service-kit/auth/sessions';
import type { CommandDeps } from '../core/command-deps';

/** What the user and authentication commands need beyond the event store. */
export interface UsersDeps extends CommandDeps {
  vault: PersonalDataVault;
  blobs: BlobStore;
  sessions: SessionManager;
  /** Keys the e-mail index. */
  secret: string;
  /** Links in mails start with this, never with the request's Host. */
  publicUrl: string;
  /** Epoch ms; tests move it. */
  clock: () => number;
  /** Waits (the login throttle's slots); tests record instead of waiting. */
  sleep: (ms: number) => Promise<void>;
  /**
   * Runs work after the answer has gone (forgot-password does its lookups there, so the answer
   * takes as long for any address). A failure is logged; nothing retries it.
   */
  later: (label: string, work: () => Promise<void>) => void;
  /** Resolves once every piece of work given to `later` has finished (before the stores close). */
  drainLater: () => Promise<void>;
  logger: Logger;
}
