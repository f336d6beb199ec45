/**
 * How fast a publication reaches every site process (issue 13, decision 0016), on the distributed
 * mode: command service, projector, query service, two site processes and the gateway as processes
 * of their own on PostgreSQL, invalidations by NOTIFY (and by Redis pub/sub when BENCH_REDIS_URL /
 * TEST_REDIS_URL is set or redis://127.0.0.1:6379 answers).
 *
 * (c) publish acknowledged → the new version served by both site processes, p95 of 20
 *     publications. Goal ≤ 1 s.
 * (d) 1,000 concurrent readers (500 per site process) for 30 s while an editor publishes ten
 *     changes: zero errors, and each change visible in both processes within 1 s.
 *     BENCH_QUICK=1: 200 readers for 10 s.
 */
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import { startDistributedSites, type DistributedSites } from '@pagelog/server/test-kit/distributed-sites';
import { createPublishedPage, publishTitle, visibleAfter } from '@pagelog/server/test-kit/site-pages';
import { figuresTable, heading, isMain, percentile, postgresUrl, sleep, table, type Figure } from './common';

const quick = /^(1|true|yes|on)$/i.test(process.env.BENCH_QUICK ?? '');

async function redisUrl(): Promise<string | null> {
  const url = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

/** Publishes a new title and answers how long after the acknowledgement every site process served it (ms). */
async function publishAndWatch(admin: ApiClient, sites: DistributedSites, pageID: string, title: string): Promise<number> {
  await publishTitle(admin, pageID, title);
  const acknowledged = performance.now();
  const each = await Promise.all(sites.siteUrls.map((site) => visibleAfter(`${site}/nieuws`, title, acknowledged, 10_000)));
  return Math.max(...each);
}

async function measure(delivery: string, sites: DistributedSites): Promise<Figure[]> {
  const admin = await ApiClient.loggedIn(sites.gatewayUrl);
  const pageID = await createPublishedPage(admin, { slug: 'nieuws', title: 'Nieuws' });
  for (const site of sites.siteUrls) await visibleAfter(`${site}/nieuws`, 'Nieuws', performance.now(), 10_000);
  const backend = 'postgres' as const;

  // (c) Publication to every process, one at a time on an idle system.
  const samples: number[] = [];
  for (let i = 1; i <= (quick ? 10 : 20); i++) samples.push(await publishAndWatch(admin, sites, pageID, `Nieuws, versie ${i}`));

  // (d) The same under 1,000 readers.
  const readers = quick ? 200 : 1_000;
  const seconds = quick ? 10 : 30;
  const runs = sites.siteUrls.map((site) => autocannon({ url: `${site}/nieuws`, connections: readers / sites.siteUrls.length, duration: seconds, timeout: 10 }));
  const underLoad: number[] = [];
  await sleep(1_000);
  for (let i = 1; i <= 10; i++) {
    underLoad.push(await publishAndWatch(admin, sites, pageID, `Nieuws onder last, versie ${i}`));
    await sleep(Math.max(0, ((seconds - 3) * 1000) / 10 - underLoad[underLoad.length - 1]!));
  }
  const results = await Promise.all(runs);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  const served = results.reduce((sum, r) => sum + r.requests.total, 0);
  const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
  // What any one request waited under this load: a change cannot be seen faster than a page is served.
  const latency = (p: 'p50' | 'p99') => Math.max(...results.map((r) => (r.latency as unknown as Record<string, number>)[p] ?? 0));

  console.log(
    table(
      ['figure', 'value'],
      [
        ['publications measured (idle)', samples.length],
        ['visible in both, p50 / p95 / max (ms)', `${Math.round(percentile(samples, 50))} / ${Math.round(percentile(samples, 95))} / ${Math.round(Math.max(...samples))}`],
        [`readers, seconds`, `${readers}, ${seconds}`],
        ['requests served under load', served],
        ['requests/s under load (both processes)', Math.round(rps)],
        ['errors, timeouts, non-2xx', errors],
        ['one request under load, p50 / p99 (ms)', `${Math.round(latency('p50'))} / ${Math.round(latency('p99'))}`],
        ['visible in both under load, p50 / max (ms)', `${Math.round(percentile(underLoad, 50))} / ${Math.round(Math.max(...underLoad))}`],
      ],
    ),
  );
  return [
    { bench: `site-invalidation (${delivery})`, backend, metric: 'publish → served by both processes, p95', value: percentile(samples, 95), unit: 'ms', goal: { op: '<=', target: 1_000 } },
    { bench: `site-invalidation (${delivery})`, backend, metric: `errors, ${readers} readers for ${seconds} s`, value: errors, unit: '', goal: { op: '<=', target: 0 }, note: `${served} requests` },
    { bench: `site-invalidation (${delivery})`, backend, metric: 'publish → served under load, slowest of 10', value: Math.max(...underLoad), unit: 'ms', goal: { op: '<=', target: 1_000 } },
  ];
}

export async function runSiteInvalidation(): Promise<Figure[]> {
  const url = await postgresUrl();
  if (!url) return [];
  const figures: Figure[] = [];
  const redis = await redisUrl();
  for (const variant of [{ delivery: 'NOTIFY', redisUrl: undefined }, ...(redis ? [{ delivery: 'Redis', redisUrl: redis }] : [])]) {
    heading(`public site: publication → two site processes (distributed, PostgreSQL, ${variant.delivery})`);
    const sites = await startDistributedSites({ postgresUrl: url, redisUrl: variant.redisUrl, sites: 2, logLevel: 'error' });
    try {
      figures.push(...(await measure(variant.delivery, sites)));
    } finally {
      await sites.stop();
    }
  }
  console.log(figuresTable(figures));
  return figures;
}

if (isMain(import.meta.url)) await runSiteInvalidation();
