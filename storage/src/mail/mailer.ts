/** Outgoing mail. */
export interface MailMessage {
  /**
   * The idempotency key of this mail (its event and recipient). It becomes the Message-ID, so a
   * mail sent twice after a crash is recognisably the same mail; the outbox keeps one file per key.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
