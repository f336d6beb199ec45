import pg from 'pg';
import { guard } from '../postgres/pg-errors';
import { tell, type Notifier, type NotifierListener } from './notifier';

export interface PostgresNotifierOptions {
  /** For publishing; each subscription opens a connection of its own with the pool's options. */
  pool: pg.Pool;
  /** close() ends the pool too (default: the caller owns it and close() leaves it open). */
  ownsPool?: boolean;
  /** The channel, named after a topic and the schema, so two installations on one server stay apart. */
  topic: string;
  schema?: string;
  /** Told when a subscription's connection is lost or back (for the log). */
  onState?: (state: 'listening' | 'lost', error?: Error) => void;
}

const firstReconnectMs = 100;
const maxReconnectMs = 5_000;

/**
 * Messages through PostgreSQL's LISTEN/NOTIFY: a NOTIFY reaches every session listening on the
 * channel, in every process, as soon as it commits. A subscription holds a connection of its own
 * (not from the pool) and opens it again with back-off when it breaks, telling its listener
 * `connected()` each time, since NOTIFYs sent meanwhile are lost.
 */
export class PostgresNotifier implements Notifier {
  readonly maxPayloadBytes = 7_900;
  readonly describe: string;
  private readonly channel: string;
  private readonly closers = new Set<() => Promise<void>>();

  constructor(private readonly options: PostgresNotifierOptions) {
    const schema = options.schema ?? 'public';
    const channel = `pagelog_${options.topic}_${schema}`;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new TypeError(`invalid notification channel: ${channel}`);
    this.channel = channel;
    this.describe = `postgres (LISTEN ${channel})`;
  }

  async publish(payload: string): Promise<void> {
    if (Buffer.byteLength(payload) > this.maxPayloadBytes) throw new RangeError(`a notification holds at most ${this.maxPayloadBytes} bytes`);
    await guard(() => this.options.pool.query('SELECT pg_notify($1, $2)', [this.channel, payload]));
  }

  async subscribe(listener: NotifierListener): Promise<() => Promise<void>> {
    let active = true;
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = firstReconnectMs;
    let lost = false;

    const dropped = (which: pg.Client, error?: Error) => {
      if (client !== which) return;
      client = undefined;
      which.end().catch(() => {});
      if (!active || timer) return;
      if (!lost) {
        lost = true;
        this.options.onState?.('lost', error);
      }
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, maxReconnectMs);
    };

    const connect = async (): Promise<boolean> => {
      timer = undefined;
      if (!active) return false;
      // No query timeout: this connection waits for notifications for as long as it lives.
      const next = new pg.Client({ ...this.options.pool.options, query_timeout: undefined });
      client = next;
      next.on('error', (error: Error) => dropped(next, error));
      next.on('end', () => dropped(next));
      next.on('notification', (message) => {
        if (message.channel === this.channel && message.payload !== undefined) tell(listener, (l) => l.message(message.payload!));
      });
      try {
        await next.connect();
        await next.query(`LISTEN "${this.channel}"`);
      } catch (error) {
        dropped(next, error as Error);
        return false;
      }
      if (client !== next) return false;
      delay = firstReconnectMs;
      if (lost) {
        lost = false;
        this.options.onState?.('listening');
      }
      tell(listener, (l) => l.connected());
      return true;
    };

    const stop = async () => {
      active = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      this.closers.delete(stop);
      await current?.end().catch(() => {});
    };
    this.closers.add(stop);
    // The first connection is awaited (a store that is away shows at start); later ones retry.
    if (!(await connect()) && active && !timer) timer = setTimeout(() => void connect(), delay);
    return stop;
  }

  async close(): Promise<void> {
    await Promise.all([...this.closers].map((stop) => stop()));
    if (this.options.ownsPool) await this.options.pool.end();
  }
}
