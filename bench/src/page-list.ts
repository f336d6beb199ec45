/**
 * Benchmark 4: the page overview on a large site. Writes 10,000 pages straight into the event
 * log (each created, stored with four blocks, a third of them published, some with an open
 * publication request; two locales, three page types), lets the projector catch up, then times
 * `POST /api/cms/page/list` through HTTP as the admin calls it: the first page in the default
 * order, a page deep in a title sort, filtered by locale and type, and searched for a word.
 */
import type { NewEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog, type RunningPagelog } from '@pagelog/server/embedded';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import {
  elapsedMs, figuresTable, heading, isMain, metadata, newId, onEachStore, pageBlocks, percentile,
  prng, sentence, table, type Backend, type Figure,
} from './common';

export const LIST_GOALS_MS: Record<Backend, number> = { sqlite: 50, postgres: 100 };

export interface PageListOptions {
  pages?: number;
  /** Calls per variant. */
  calls?: number;
}

async function writePages(running: RunningPagelog, actorId: string, pages: number): Promise<void> {
  const random = prng(11);
  const types = ['article', 'landing-page', 'base'];
  for (let p = 0; p < pages; p++) {
    const pageId = newId();
    const versionId = newId();
    const locale = p % 2 === 0 ? 'nl-nl' : 'en-gb';
    const title = sentence(random, 3);
    const meta = metadata(actorId);
    const events: NewEvent[] = [
      {
        id: newId(),
        type: 'PageCreated',
        data: { pageId, translationGroupId: pageId, type: types[p % 3], locale, title, slug: `pagina-${p}`, content: '', typeData: {}, versionId, copiedFrom: null },
        metadata: { ...meta, schemaVersion: 2 },
      },
      {
        id: newId(),
        type: 'PageVersionStored',
        data: { pageId, versionId, title, blocks: pageBlocks(random, p), seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] },
        metadata: meta,
      },
    ];
    if (p % 3 === 0) events.push({ id: newId(), type: 'PagePublished', data: { pageId, versionId, slug: `pagina-${p}`, locale }, metadata: meta });
    else if (p % 7 === 1) {
      events.push({ id: newId(), type: 'PublicationRequested', data: { pageId, versionId, requestId: newId(), comment: 'graag', requestedBy: actorId }, metadata: meta });
    }
    await running.stores.eventStore.append(pageStream(pageId), events, 0);
  }
  const head = await running.stores.eventStore.headPosition();
  // Every projection, not only pages: one still catching up would share the event loop with the calls.
  const names = running.projector.runners.map((r) => r.projection.name);
  if (!(await running.stores.readModels.waitForCheckpoints(names, head, 600_000))) throw new Error('the projections did not catch up');
}

interface Variant {
  name: string;
  body: Record<string, unknown>;
  /** A search reads every page's title and slug (no full-text index until the search work). */
  search?: boolean;
}

async function measureList(backend: Backend, env: Record<string, string>, options: PageListOptions): Promise<Figure[]> {
  const pages = options.pages ?? 10_000;
  const calls = options.calls ?? 200;
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PAGELOG_SEED: 'false',
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password, ...env,
  });
  const running = await startPagelog(config, createLogger('silent'));
  try {
    const me = (await (await ApiClient.loggedIn(running.url)).get<{ ID: string }>('/user')).body.data.ID;
    const loadStart = process.hrtime.bigint();
    await writePages(running, me, pages);
    // A fresh client, after one throwaway call: while the writes kept the event loop busy, the
    // server timed out the idle keep-alive socket that fetch would otherwise reuse first.
    await fetch(`${running.url}/api/cms/settings/get`).then((r) => r.arrayBuffer()).catch(() => undefined);
    const admin = await ApiClient.loggedIn(running.url);
    console.log(`product: ${running.stores.describe}; ${pages} pages written and projected in ${(elapsedMs(loadStart) / 1000).toFixed(1)} s; ${calls} calls per variant`);
    const variants: Variant[] = [
      { name: 'first page, default order (last change)', body: { pageIndex: 0, pageSize: 25 } },
      { name: 'page 100 of a title sort', body: { pageIndex: 100, pageSize: 25, columnToSort: 'title', sortOrder: 'asc' } },
      { name: 'locale + type filter, by status', body: { pageIndex: 0, pageSize: 25, locale: 'en-gb', type: 'article', columnToSort: 'status', sortOrder: 'desc' } },
      { name: 'search "redactie", by title', body: { pageIndex: 0, pageSize: 25, searchTerm: 'redactie', columnToSort: 'title' }, search: true },
    ];
    const rows: (string | number)[][] = [];
    const browse: number[] = [];
    const searches: number[] = [];
    for (const variant of variants) {
      for (let i = 0; i < 10; i++) await admin.post('/page/list', variant.body);
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < calls; i++) {
        const start = process.hrtime.bigint();
        const reply = await admin.post<{ totalItems: number }>('/page/list', variant.body);
        samples.push(elapsedMs(start));
        if (reply.status !== 200) throw new Error(`list ${variant.name}: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
        total = reply.body.data.totalItems;
      }
      (variant.search ? searches : browse).push(...samples);
      rows.push([variant.name, total, percentile(samples, 50).toFixed(2), percentile(samples, 95).toFixed(2), Math.max(...samples).toFixed(2)]);
    }
    console.log(table(['variant', 'totalItems', 'p50 ms', 'p95 ms', 'max ms'], rows));
    const goal = LIST_GOALS_MS[backend];
    for (const [label, samples] of [['browsing', browse], ['searching', searches]] as const) {
      const p95 = percentile(samples, 95);
      console.log(`goal: ${label} p95 <= ${goal} ms → ${p95 <= goal ? 'PASS' : 'MISS'}`);
    }
    return [
      { bench: 'page-list', backend, metric: `browse p50 (${pages} pages)`, value: percentile(browse, 50), unit: 'ms' },
      { bench: 'page-list', backend, metric: `browse p95 (${pages} pages)`, value: percentile(browse, 95), unit: 'ms', goal: { op: '<=', target: goal } },
      { bench: 'page-list', backend, metric: `search p95 (${pages} pages)`, value: percentile(searches, 95), unit: 'ms', goal: { op: '<=', target: goal } },
    ];
  } finally {
    await running.close();
  }
}

export function runPageList(options: PageListOptions = {}): Promise<Figure[]> {
  return onEachStore('page list', 'page-list', (backend, env) => measureList(backend, env, options));
}

if (isMain(import.meta.url)) {
  const figures = await runPageList();
  heading('page list · summary');
  console.log(figuresTable(figures));
}
