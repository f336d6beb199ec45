import { runProcess } from '@pagelog/service-kit/run-service';
import { ConfigError } from '@pagelog/service-kit/config';
import { openNotifier, SITE_CACHE_TOPIC } from '@pagelog/service-kit/open-notifier';
import { createSiteApp } from '@pagelog/site-web/server/create-site-app';
import { httpSiteForms } from '@pagelog/site-web/server/site-forms-http';
import { SITE_FORM_SIGNATURE_HEADER, SiteFormSignatures } from '@pagelog/service-kit/forms/site-form-signature';
import { followInvalidations, siteRenderCache } from './site-cache';

/** Without invalidations a site process keeps a page this long: it cannot know when it changes. */
const UNINFORMED_TTL_MS = 5_000;

/**
 * `npm run start:site -w server`: the public site as a process of its own (distributed mode),
 * reading the API at PAGELOG_API_URL, with the same configuration and HTTP limits as the others.
 * Its render cache follows the projector's invalidations through PostgreSQL NOTIFY or Redis
 * pub/sub (PAGELOG_CACHE_INVALIDATION, DATABASE_URL / REDIS_URL as for the other processes).
 */
await runProcess('site', async (config, logger) => {
  if (!config.apiUrl) throw new ConfigError('PAGELOG_API_URL', 'is required for the site (where the Pagelog API answers, e.g. http://gateway:3000)');
  const informed = config.cacheInvalidation !== 'local';
  if (!informed) {
    logger.warn(
      { ttlMs: UNINFORMED_TTL_MS },
      'no cache invalidations reach this site process (set DATABASE_URL or REDIS_URL as for the projector): pages are kept only briefly',
    );
  }
  const cache = siteRenderCache(config, informed ? {} : { ttlMs: UNINFORMED_TTL_MS });
  const notifier = informed ? openNotifier(config, SITE_CACHE_TOPIC, logger.child({ part: 'site-cache' })) : null;
  const unfollow = notifier ? await followInvalidations(notifier, cache, logger.child({ part: 'site-cache' })) : async () => {};
  // With the secret the processes share, the site vouches for the forms posted to it without JavaScript.
  const signatures = config.secret ? new SiteFormSignatures(config.secret) : null;
  if (!signatures) logger.warn('PAGELOG_SECRET is not set for the site: forms posted without JavaScript are kept as suspected spam for review');
  const forms = httpSiteForms({
    apiUrl: config.apiUrl,
    timeoutMs: 10_000,
    signatureHeader: SITE_FORM_SIGNATURE_HEADER,
    ...(signatures ? { sign: (submission) => signatures.sign(submission, Date.now()) } : {}),
  });
  const app = createSiteApp({ apiUrl: config.apiUrl, cache, publicUrl: config.publicUrl, forms, trustProxy: config.trustProxy, logger: logger.child({ part: 'site' }) });
  return {
    app,
    close: async () => {
      await unfollow();
      await notifier?.close();
    },
  };
});
