import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_ADMIN } from './api-client';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './processes';
import { dropSchema, freshSchemaName } from './start-test-pagelog';

export interface DistributedSites {
  /** The gateway: the API (commands and queries) and the site behind it. */
  gatewayUrl: string;
  /** Each site process on its own port. */
  siteUrls: string[];
  stop(): Promise<void>;
}

/**
 * The distributed mode as decision 0016 runs it: a command service, a projector (with the
 * site-cache reactor), a query service, `sites` site processes reading the query service over
 * HTTP (`siteApi`: straight, or through the gateway, as a site that posts forms needs), and the
 * gateway, on a fresh PostgreSQL schema. Invalidations travel by PostgreSQL NOTIFY
 * or, with `redisUrl`, by Redis pub/sub.
 */
export async function startDistributedSites(options: { postgresUrl: string; redisUrl?: string; sites?: number; logLevel?: string; siteApi?: 'query' | 'gateway' }): Promise<DistributedSites> {
  const schema = freshSchemaName();
  const dataDir = mkdtempSync(join(tmpdir(), 'pagelog-sites-'));
  const processes: RunningProcess[] = [];
  const [command, query, gateway] = [await freePort(), await freePort(), await freePort()];
  const sitePorts: number[] = [];
  for (let i = 0; i < (options.sites ?? 2); i++) sitePorts.push(await freePort());
  const common: Record<string, string> = {
    PAGELOG_STORE: 'postgres',
    DATABASE_URL: options.postgresUrl,
    PAGELOG_PG_SCHEMA: schema,
    LOG_LEVEL: options.logLevel ?? 'warn',
    HOST: '127.0.0.1',
    PAGELOG_SEED: 'false',
    PAGELOG_SECRET: randomBytes(32).toString('hex'),
    PAGELOG_DATA_DIR: dataDir,
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email,
    PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password,
    // One public address for all (canonical links): each site process renders the same bytes.
    PAGELOG_PUBLIC_URL: `http://127.0.0.1:${gateway}`,
    PAGELOG_CACHE_INVALIDATION: options.redisUrl ? 'redis' : 'postgres',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  };
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await dropSchema(options.postgresUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    processes.push(startProcess('command-service', 'command-service/src/main.ts', { ...common, PORT: String(command) }));
    await waitForHttp(`http://127.0.0.1:${command}/api/cms/nothing`, processes);
    processes.push(startProcess('projector', 'projector/src/main.ts', common));
    processes.push(startProcess('query-service', 'query-service/src/main.ts', { ...common, PORT: String(query) }));
    sitePorts.forEach((port, i) =>
      processes.push(startProcess(`site-${i + 1}`, 'server/src/main-site.ts', { ...common, PORT: String(port), PAGELOG_API_URL: `http://127.0.0.1:${options.siteApi === 'gateway' ? gateway : query}` })),
    );
    processes.push(
      startProcess('gateway', 'server/src/main-gateway.ts', {
        ...common,
        PORT: String(gateway),
        COMMAND_SERVICE_URL: `http://127.0.0.1:${command}`,
        QUERY_SERVICE_URL: `http://127.0.0.1:${query}`,
        SITE_URL: `http://127.0.0.1:${sitePorts[0]}`,
      }),
    );
    await waitForHttp(`http://127.0.0.1:${query}/api/cms/nothing`, processes);
    for (const port of sitePorts) await waitForHttp(`http://127.0.0.1:${port}/assets/site/none`, processes);
    await waitForHttp(`http://127.0.0.1:${gateway}/api/cms/nothing`, processes);
  } catch (error) {
    await stop();
    throw error;
  }
  return { gatewayUrl: `http://127.0.0.1:${gateway}`, siteUrls: sitePorts.map((port) => `http://127.0.0.1:${port}`), stop };
}
