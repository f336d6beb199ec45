import { runProcess } from '@pagelog/service-kit/run-service';
import { ConfigError } from '@pagelog/service-kit/config';
import { createSiteApp } from '@pagelog/site-web/server/create-site-app';

/**
 * `npm run start:site -w server`: the public site as a process of its own (distributed mode),
 * reading the API at PAGELOG_API_URL, with the same configuration and HTTP limits as the others.
 */
await runProcess('site', async (config, logger) => {
  if (!config.apiUrl) throw new ConfigError('PAGELOG_API_URL', 'is required for the site (where the Pagelog API answers, e.g. http://gateway:3000)');
  const app = createSiteApp({ apiUrl: config.apiUrl, siteName: config.siteName, publicUrl: config.publicUrl, logger: logger.child({ part: 'site' }) });
  return { app, close: async () => {} };
});
