import type { Logger } from 'pino';
import { decodeInvalidation } from '@pagelog/contracts/site/cache-tags';
import type { Notifier } from '@pagelog/storage/notifications/notifier';
import type { Config } from '@pagelog/service-kit/config';
import { RenderCache } from '@pagelog/site-web/server/render-cache';
import type { SiteDocCache } from './site-doc-cache';

/** A site process's render cache, as large as PAGELOG_SITE_CACHE_MB says. */
export function siteRenderCache(config: Pick<Config, 'siteCacheMb'>, options: { ttlMs?: number } = {}): RenderCache {
  return new RenderCache({ maxBytes: config.siteCacheMb * 1024 * 1024, ...options });
}

/**
 * Keeps a site process's render cache fresh (decision 0016): each invalidation message drops the
 * entries with its tags; each (re)connection of the subscription drops everything, as messages
 * may have been missed while it was away. The embedded site's document cache (`docs`) is dropped
 * whole by either. Returns the unsubscribe function.
 */
export function followInvalidations(notifier: Notifier, cache: RenderCache, logger: Logger, docs?: SiteDocCache): Promise<() => Promise<void>> {
  return notifier.subscribe({
    message(payload) {
      const invalidation = decodeInvalidation(payload);
      if (!invalidation) {
        logger.warn({ payload: payload.slice(0, 200) }, 'an unreadable cache invalidation was ignored');
        return;
      }
      // The documents first: a render that the dropped pages set off must not read the old ones.
      docs?.clear();
      cache.invalidate(invalidation.tags);
    },
    connected() {
      docs?.clear();
      cache.clear();
    },
  });
}
