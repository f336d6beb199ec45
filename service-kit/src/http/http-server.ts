import { createServer, type RequestListener, type Server } from 'node:http';

/** What one process's HTTP server accepts (PAGELOG_HTTP_* in the configuration). */
export interface HttpLimits {
  /** Time for a client to send a request's headers; a slow trickle of headers is cut off (408). */
  headersTimeoutMs: number;
  /** Time for a client to send a whole request, a 100 MB upload included. */
  requestTimeoutMs: number;
  /** How long a keep-alive connection may wait idle for its next request. */
  keepAliveTimeoutMs: number;
  /** Connections the process holds at once; one more is closed as soon as it is accepted. */
  maxConnections: number;
}

export const defaultHttpLimits: HttpLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
};

/**
 * The HTTP server every Pagelog process listens with: Node's own, with its timeouts and a
 * connection cap set, and checked every second (Node checks every 30 s by default, which would let
 * a slow client hold a connection well past its timeout).
 */
export function createHttpServer(listener: RequestListener, limits: HttpLimits = defaultHttpLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    listener,
  );
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  return server;
}

/** Listens on `port` and `host`; resolves with the server once it does. */
export function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
