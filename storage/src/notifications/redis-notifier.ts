import { Redis } from 'ioredis';
import { defaultRedisTimeouts, type RedisTimeouts } from '../session-store/redis-session-store';
import { tell, type Notifier, type NotifierListener } from './notifier';

export interface RedisNotifierOptions {
  url: string;
  /** The channel: topic and prefix, so two installations on one server stay apart. */
  topic: string;
  prefix?: string;
  timeouts?: RedisTimeouts;
  onState?: (state: 'listening' | 'lost', error?: Error) => void;
}

const retry = (times: number) => Math.min(50 * 2 ** Math.min(times, 7), 5_000);

/**
 * Messages through Redis pub/sub: a PUBLISH reaches every connection subscribed to the channel.
 * A subscription holds a connection of its own (a subscribed connection can do nothing else);
 * ioredis reconnects it, and each time it is ready again the channel is subscribed anew and the
 * listener told `connected()`, since messages sent meanwhile are lost.
 */
export class RedisNotifier implements Notifier {
  readonly maxPayloadBytes = 512 * 1024;
  readonly describe: string;
  private readonly channel: string;
  private publisher: Redis | undefined;
  private readonly closers = new Set<() => Promise<void>>();

  constructor(private readonly options: RedisNotifierOptions) {
    this.channel = `${options.prefix ?? 'pagelog:'}${options.topic}`;
    this.describe = `redis (channel ${this.channel})`;
  }

  private connection(): Redis {
    const timeouts = this.options.timeouts ?? defaultRedisTimeouts;
    const client = new Redis(this.options.url, {
      connectTimeout: timeouts.connectMs,
      commandTimeout: timeouts.commandMs,
      maxRetriesPerRequest: 1,
      retryStrategy: retry,
      autoResubscribe: false,
      lazyConnect: true,
    });
    return client;
  }

  async publish(payload: string): Promise<void> {
    if (!this.publisher) {
      this.publisher = this.connection();
      this.publisher.on('error', () => {
        // Reported by the failing publish; ioredis reconnects by itself.
      });
    }
    await this.publisher.publish(this.channel, payload);
  }

  async subscribe(listener: NotifierListener): Promise<() => Promise<void>> {
    const client = this.connection();
    let active = true;
    let lost = false;
    client.on('message', (channel: string, message: string) => {
      if (channel === this.channel) tell(listener, (l) => l.message(message));
    });
    client.on('error', (error: Error) => {
      if (!lost && active) {
        lost = true;
        this.options.onState?.('lost', error);
      }
    });
    client.on('close', () => {
      if (!lost && active) {
        lost = true;
        this.options.onState?.('lost');
      }
    });
    let subscribed!: () => void;
    const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
    const subscribeNow = async () => {
      await client.subscribe(this.channel);
      if (!active) return;
      if (lost) {
        lost = false;
        this.options.onState?.('listening');
      }
      subscribed();
      tell(listener, (l) => l.connected());
    };
    // Every "ready" (the first, and each after a reconnection) subscribes anew, then says so.
    client.on('ready', () => {
      subscribeNow().catch(() => {
        // The connection broke again; the next "ready" tries again.
      });
    });
    // A Redis that is away now is not fatal: ioredis keeps trying, and "ready" follows.
    const reachable = await client.connect().then(
      () => true,
      () => false,
    );
    if (reachable) await firstSubscription;
    const stop = async () => {
      active = false;
      this.closers.delete(stop);
      await client.quit().catch(() => client.disconnect());
    };
    this.closers.add(stop);
    return stop;
  }

  async close(): Promise<void> {
    await Promise.all([...this.closers].map((stop) => stop()));
    await this.publisher?.quit().catch(() => this.publisher?.disconnect());
    this.publisher = undefined;
  }
}
