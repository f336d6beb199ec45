import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy of the tests' own, on loopback, between a Pagelog process and PostgreSQL or Redis,
 * that can do to the connections what a network does on a bad day: reset every one of them,
 * swallow their traffic (a partition: nothing arrives, nothing is refused), or go away and come
 * back on the same port (a restart).
 */
export class FaultProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private swallowing = false;
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on `port` (0: any free one, kept for later restarts). */
  async start(port = this.port): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Stops listening and drops every connection (a proxy or a database going away). */
  async stop(): Promise<void> {
    this.resetAll();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resets every open connection, as a restarted database or a flapping link would. */
  resetAll(): void {
    for (const pair of this.pairs) {
      pair.client.resetAndDestroy();
      pair.upstream.resetAndDestroy();
    }
    this.pairs.clear();
  }

  /**
   * A partition: from now on bytes go nowhere in either direction and new connections hang
   * unanswered, until `heal()`. Nothing is refused or reset, so only timeouts notice.
   */
  partition(): void {
    this.swallowing = true;
  }

  heal(): void {
    this.swallowing = false;
  }

  /** How many connections pass through it now. */
  get connections(): number {
    return this.pairs.size;
  }

  /** A URL of the same kind as `url` with its host and port replaced by the proxy's. */
  via(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private accept(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!this.swallowing) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  }
}
