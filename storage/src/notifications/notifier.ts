/**
 * Messages from one process to every process that listens (cache invalidation: the projector tells
 * every site process which cached pages to drop). Delivery is at most once and only to listeners
 * connected at the time; a listener is told each time its connection is (re)made, because it may
 * have missed messages while it was away, and should then forget whatever the messages keep fresh.
 */
export interface NotifierListener {
  message(payload: string): void;
  /** The subscription is live: at first, and again after every reconnection. */
  connected(): void;
}

export interface Notifier {
  /** Sends a message (at most `maxPayloadBytes`) to every subscriber, this process's included. */
  publish(payload: string): Promise<void>;
  /** Listens until the returned function is called. */
  subscribe(listener: NotifierListener): Promise<() => Promise<void>>;
  /** The longest message it carries, in bytes (PostgreSQL's NOTIFY: under 8,000). */
  readonly maxPayloadBytes: number;
  readonly describe: string;
  close(): Promise<void>;
}

/** Calls a listener, reporting rather than throwing what it throws (one bad listener must not stop the rest). */
export function tell(listener: NotifierListener, call: (l: NotifierListener) => void): void {
  try {
    call(listener);
  } catch (error) {
    process.emitWarning(`notifier listener failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
