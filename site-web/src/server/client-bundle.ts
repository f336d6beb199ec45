import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

// Vite names its output `<name>-<hash>.<ext>`: such a file never changes, other files might.
const hashedName = /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

function cacheHeaders(res: ServerResponse, path: string): void {
  res.setHeader('Cache-Control', hashedName.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
}

/** Serves the built client (mount it under the assets prefix); dot files such as .vite/ stay hidden. */
export function clientBundle(clientDir: string): Middleware {
  return serve(clientDir, { index: false, hidden: false, setHeaders: cacheHeaders });
}
