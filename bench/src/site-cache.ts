/**
 * The public site's speed (issue 13, decision 0016), each against a baseline measured in the same
 * run with the same load generator (autocannon, in this process; every server in a process of its
 * own, so the generator and the server never share a thread):
 *
 * (a) a cached page: the embedded product (`server/src/main.ts`, SQLite) serving a published page
 *     from its render cache, against node:http sending the very bytes and headers from memory.
 *     Goal ≥ 0.5×.
 * (b) an uncached render (PAGELOG_SITE_CACHE_MB=0: every view reads and renders, as the first view
 *     after a change does), against a bare Koa app answering renderToString of the same React tree
 *     from data kept in memory. Goal ≥ 0.5×. The product reads through its document cache, as it
 *     ships (every view then finds the documents it reads kept: the first view of a page after a
 *     change elsewhere, a menu say); (b0) is the same with PAGELOG_SITE_DOC_CACHE=false, every
 *     document read from SQLite (what the first view after a change of the page itself reads).
 *
 * BENCH_SITE_SECONDS (default 5) is the length of each measured round; two rounds per server, in turns.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '@pagelog/server/test-kit/processes';
import { figuresTable, heading, isMain, mean, pageBlocks, prng, table, tempDir, type Figure } from './common';

const seconds = Number(process.env.BENCH_SITE_SECONDS ?? 5);
const connections = 50;

async function load(url: string, duration: number): Promise<{ rps: number; errors: number }> {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  return { rps: result.requests.average, errors: result.errors + result.timeouts + result.non2xx };
}

/** Runs the two servers in turns (a warm-up each, then two rounds each); the mean of each one's rounds. */
async function compare(subject: string, baseline: string): Promise<{ subject: number; baseline: number; errors: number }> {
  await load(subject, 1);
  await load(baseline, 1);
  const rounds = { subject: [] as number[], baseline: [] as number[] };
  let errors = 0;
  for (let round = 0; round < 2; round++) {
    for (const [name, url] of (round % 2 === 0 ? [['subject', subject], ['baseline', baseline]] : [['baseline', baseline], ['subject', subject]]) as ['subject' | 'baseline', string][]) {
      const { rps, errors: e } = await load(url, seconds);
      rounds[name].push(rps);
      if (name === 'subject') errors += e;
    }
  }
  return { subject: mean(rounds.subject), baseline: mean(rounds.baseline), errors };
}

/** The embedded product as `npm start` runs it, in a process of its own (no example site unless `extra` says so); answers its URL. */
export async function startPagelog(dataDir: string, extra: Record<string, string>, processes: RunningProcess[], timeoutMs = 120_000): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  processes.push(
    startProcess('pagelog', 'server/src/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      PAGELOG_DATA_DIR: dataDir,
      PAGELOG_PUBLIC_URL: 'https://www.voorbeeld.nl',
      PAGELOG_SEED: 'false',
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: React's production build.
      NODE_ENV: 'production',
      PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email,
      PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password,
      ...extra,
    }),
  );
  await waitForHttp(`${url}/api/cms/nothing`, processes, timeoutMs);
  return url;
}

/** A long article as editors write them (8 headings, 16 paragraphs, about 20 KB of HTML), with an English translation. */
async function publishArticle(url: string): Promise<string> {
  const api = await ApiClient.loggedIn(url);
  const random = prng(13);
  const blocks = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => pageBlocks(random, n)).filter((b) => b.type !== 'image').map((b, i) => ({ ...b, anchorPoint: i === 0 ? 'intro' : '' }));
  const seo = { seoTitle: 'Onderzoek naar energie', seoDescription: 'Wat wij onderzoeken en waarom', seoKeywords: ['energie', 'onderzoek'], seoImage: [] };
  const ok = async (reply: Promise<{ status: number; body: { data: Record<string, unknown>; Errors: unknown } }>) => {
    const r = await reply;
    if (r.status !== 200) throw new Error(JSON.stringify(r.body.Errors));
    return r.body.data;
  };
  const nl = await ok(api.post('/page/create', { title: 'Energie', slug: 'expertise-energie', type: 'base', locale: 'nl-nl' }));
  await ok(api.post(`/page/version/${nl.pageVersionID}/store-and-publish`, { pageID: nl.pageID, revision: nl.revision, title: 'Energie', blocks, ...seo }));
  const en = await ok(api.post('/page/create-translation', { pageID: nl.pageID, newLocale: 'en-gb', title: 'Energy', slug: 'expertise-energy' }));
  const enPage = await ok(api.get(`/page/${en.pageID}`));
  await ok(api.post(`/page/version/${enPage.draftVersionID}/store-and-publish`, { pageID: en.pageID, revision: enPage.revision, title: 'Energy', blocks, ...seo }));
  return '/expertise-energie';
}

export async function runSiteCache(): Promise<Figure[]> {
  heading('public site: cached page and uncached render (embedded, SQLite)');
  const processes: RunningProcess[] = [];
  const dir = tempDir('site-cache');
  try {
    // (a) A cached page against node:http sending its bytes.
    const cachedUrl = await startPagelog(join(dir.path, 'cached'), {}, processes);
    const path = await publishArticle(cachedUrl);
    let page = await fetch(`${cachedUrl}${path}`);
    for (let i = 0; i < 50 && !(await page.clone().text()).includes('Energie'); i++) page = await fetch(`${cachedUrl}${path}`);
    const body = Buffer.from(await page.arrayBuffer());
    const headers: Record<string, string> = {};
    page.headers.forEach((value, name) => {
      if (!['content-length', 'date', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
    });
    writeFileSync(join(dir.path, 'raw.html'), body);
    const rawPort = await freePort();
    processes.push(startProcess('raw', 'bench/src/site/raw-server.ts', { PORT: String(rawPort), BENCH_RAW_FILE: join(dir.path, 'raw.html'), BENCH_RAW_HEADERS: JSON.stringify(headers) }));
    await waitForHttp(`http://127.0.0.1:${rawPort}/`, processes);
    const cached = await compare(`${cachedUrl}${path}`, `http://127.0.0.1:${rawPort}${path}`);

    // (b) Every view rendered, against a bare Koa app rendering the same tree from memory.
    const uncachedUrl = await startPagelog(join(dir.path, 'uncached'), { PAGELOG_SITE_CACHE_MB: '0' }, processes);
    await publishArticle(uncachedUrl);
    const barePort = await freePort();
    processes.push(
      startProcess('bare', 'bench/src/site/bare-render-server.ts', {
        PORT: String(barePort),
        BENCH_API_URL: uncachedUrl,
        BENCH_PATH: path,
        PAGELOG_PUBLIC_URL: 'https://www.voorbeeld.nl',
        NODE_ENV: 'production',
      }),
    );
    await waitForHttp(`http://127.0.0.1:${barePort}/`, processes);
    const uncached = await compare(`${uncachedUrl}${path}`, `http://127.0.0.1:${barePort}${path}`);
    // (b0) The same, every document read from the store.
    const storeUrl = await startPagelog(join(dir.path, 'store'), { PAGELOG_SITE_CACHE_MB: '0', PAGELOG_SITE_DOC_CACHE: 'false' }, processes);
    await publishArticle(storeUrl);
    const fromStore = await compare(`${storeUrl}${path}`, `http://127.0.0.1:${barePort}${path}`);

    console.log(
      table(
        ['server', 'requests/s', 'errors'],
        [
          ['Pagelog, cached page', Math.round(cached.subject), cached.errors],
          ['node:http, the same bytes from memory', Math.round(cached.baseline), '-'],
          ['Pagelog, every view rendered', Math.round(uncached.subject), uncached.errors],
          ['bare Koa, renderToString from memory', Math.round(uncached.baseline), '-'],
          ['Pagelog, every view rendered, no document cache', Math.round(fromStore.subject), fromStore.errors],
          ['bare Koa (again, in turns with it)', Math.round(fromStore.baseline), '-'],
        ],
      ),
    );
    console.log(`page: ${body.length} bytes (${connections} connections, ${seconds} s rounds)`);
    /** Pagelog's rate over its baseline's, with both rates beside it. */
    const ratio = (metric: string, { subject, baseline }: { subject: number; baseline: number }, goal?: Figure['goal']): Figure => ({
      bench: 'site-cache',
      backend: 'sqlite',
      metric,
      value: subject / baseline,
      unit: '×',
      ...(goal ? { goal } : {}),
      note: `${Math.round(subject)} vs ${Math.round(baseline)} req/s`,
    });
    const figures: Figure[] = [
      ratio('cached page vs node:http', cached, { op: '>=', target: 0.5 }),
      ratio('uncached render vs bare Koa renderToString', uncached, { op: '>=', target: 0.5 }),
      ratio('uncached render, no document cache, vs bare Koa', fromStore),
      { bench: 'site-cache', backend: 'sqlite', metric: 'errors under load', value: cached.errors + uncached.errors + fromStore.errors, unit: '', goal: { op: '<=', target: 0 } },
    ];
    console.log(figuresTable(figures));
    return figures;
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    dir.remove();
  }
}

if (isMain(import.meta.url)) await runSiteCache();
