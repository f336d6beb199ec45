import type { Context, Middleware } from 'koa';
import { listPageOf, renderKey } from './list-page';
import type { CacheEntry, Coding, RenderCache, Rendered } from './render-cache';

/**
 * How long others may keep a page: browsers briefly (a reload asks again with the ETag and gets a
 * 304), a CDN for a minute and, while it revalidates, five more; the site itself keeps it until a
 * change drops it, whatever these say.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=5, s-maxage=60, stale-while-revalidate=300';
/** A 404 for a shorter time: a page may be created at the path. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=5, s-maxage=10, stale-while-revalidate=30';
/** The old path of a moved page redirects only until another page takes it: browsers must ask again. */
export const REDIRECT_CACHE_CONTROL = 'private, no-cache';

export interface PageRouteDependencies {
  cache: RenderCache;
  /** Renders the answer for a render key: a path, with `?page=N` for a page of an overview past the first (renderKey). */
  render: (key: string, requestId: string) => Promise<Rendered>;
}

/** `path` with the query string of the visitor's request; a query the path has already comes first. */
function withQuery(path: string, querystring: string): string {
  if (querystring === '') return path;
  const hash = path.indexOf('#');
  const [target, fragment] = hash === -1 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${target}${target.includes('?') ? '&' : '?'}${querystring}${fragment}`;
}

const suffix: Record<Coding, string> = { br: '-br', gzip: '-gz' };

/**
 * The coding to send: brotli when the visitor accepts it, else gzip, else none. Ours first, not
 * the header's order: browsers list gzip before br, and br is the smaller.
 */
function codingFor(ctx: Context): Coding | null {
  if (ctx.get('Accept-Encoding') === '') return null;
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  return ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/**
 * Whether If-None-Match names this entry. Weak comparison (RFC 9110: If-None-Match always compares
 * weakly), and any coding of it counts: each coding has a tag of its own, all for the same content.
 */
function notModified(ifNoneMatch: string, hash: string): boolean {
  if (ifNoneMatch === '') return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    if (tag === '*') return true;
    const opaque = tag.replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === hash || opaque === `${hash}${suffix.br}` || opaque === `${hash}${suffix.gzip}`;
  });
}

/**
 * The catch-all page route: the kept answer for the request path, or one rendered now and kept
 * (see RenderCache). Every visitor gets the same bytes: no cookie, no session. Pages carry a strong
 * ETag (304 on a match), Cache-Control for browsers and CDNs, and the brotli or gzip variant the
 * visitor accepts, made once per entry; moved pages answer 301 to where they are now.
 */
export function pageRoute({ cache, render }: PageRouteDependencies): Middleware {
  return async (ctx) => {
    // The path, and the page of an overview's list when one past the first is asked for.
    const key = renderKey(ctx.path, listPageOf(ctx.querystring));
    const entry: CacheEntry = cache.get(key) ?? (await cache.getOrRender(key, () => render(key, String(ctx.state.requestId))));

    if (entry.status === 301) {
      ctx.status = 301;
      ctx.redirect(withQuery(entry.location!, ctx.querystring));
      ctx.set('Cache-Control', REDIRECT_CACHE_CONTROL);
      return;
    }

    ctx.status = entry.status;
    ctx.type = 'html';
    ctx.set('Vary', 'Accept-Encoding');
    if (entry.contentLanguage) ctx.set('Content-Language', entry.contentLanguage);
    const coding = codingFor(ctx);
    if (entry.status === 200) {
      ctx.set('Cache-Control', PAGE_CACHE_CONTROL);
      ctx.set('ETag', `"${entry.hash}${coding ? suffix[coding] : ''}"`);
      if (notModified(ctx.get('If-None-Match'), entry.hash)) {
        ctx.status = 304;
        return;
      }
    } else {
      ctx.set('Cache-Control', NOT_FOUND_CACHE_CONTROL);
    }
    if (coding) {
      const bytes = await cache.variant(key, entry, coding);
      ctx.set('Content-Encoding', coding);
      ctx.body = bytes;
      return;
    }
    ctx.body = entry.body;
  };
}
