import { runProcess } from '@pagelog/service-kit/run-service';
import { ConfigError } from '@pagelog/service-kit/config';
import { servedOverHttps } from '@pagelog/contracts/transport-security';
import { createGateway } from './gateway';

/** `npm run start:gateway -w server`: the front door of the distributed mode. */
await runProcess('gateway', async (config, logger) => {
  const need = (value: string | null, name: string) => {
    if (!value) throw new ConfigError(name, 'is required for the gateway');
    return value;
  };
  const siteUrl = process.env.SITE_URL ?? null;
  const app = createGateway(
    {
      commandServiceUrl: need(config.commandServiceUrl, 'COMMAND_SERVICE_URL'),
      queryServiceUrl: need(config.queryServiceUrl, 'QUERY_SERVICE_URL'),
      siteUrl: need(siteUrl, 'SITE_URL'),
    },
    logger,
    { hsts: servedOverHttps(config.publicUrl), timeoutMs: config.gatewayTimeoutMs },
  );
  return { app, close: async () => {} };
});
