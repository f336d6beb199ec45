import type { Logger } from 'pino';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import type { PersonalDataVault } from '@pagelog/storage/key-store/personal-data-vault';
import type { Mailer } from '@pagelog/storage/mail/mailer';
import type { SessionManager } from '@pagelog/service-kit/auth/sessions';
import type { CommandDeps } from '../core/command-deps';

/** What the user and authentication commands need beyond the event store. */
export interface UsersDeps extends CommandDeps {
  vault: PersonalDataVault;
  blobs: BlobStore;
  mailer: Mailer;
  sessions: SessionManager;
  /** Keys the e-mail index. */
  secret: string;
  /** Links in mails start with this, never with the request's Host. */
  publicUrl: string;
  /** Epoch ms; tests move it. */
  clock: () => number;
  logger: Logger;
}
