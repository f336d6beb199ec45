/**
 * Issue 17: comparing two versions of a 200-block page through HTTP (GET page/:id/compare), on
 * the embedded product (SQLite) and on PostgreSQL. The draft differs from the live version as an
 * editor's day of work does: 10 blocks moved, 30 texts changed by a few words, 5 blocks added and
 * 5 removed, the title changed. Baseline in the same run: fetching one version of the page
 * (GET page/version/fetch/:id), the floor of a read of the same size. Goal: p95 ≤ 100 ms.
 */
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import { heading, isMain, pageBlocks, percentile, prng, sentence, table } from './common';
import { onEachStore } from './each-store';

const BLOCKS = Number(process.env.BENCH_COMPARE_BLOCKS ?? 200);
const RUNS = Number(process.env.BENCH_COMPARE_RUNS ?? 200);
const GOAL_MS = 100;
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

async function pageWithTwoVersions(url: string): Promise<{ pageID: string; liveVersion: string; api: ApiClient }> {
  const api = await ApiClient.loggedIn(url);
  const random = prng(23);
  const blocks = Array.from({ length: Math.ceil(BLOCKS / 4) }, (_, n) => pageBlocks(random, n))
    .flat()
    .slice(0, BLOCKS)
    .map(({ type, key, props, anchorPoint }) => (type === 'image' ? { type: 'heading', key, props: { text: String(props.alt), level: 3 }, anchorPoint } : { type, key, props, anchorPoint: key.startsWith('h-') ? '' : anchorPoint }));
  const created = await api.post('/page/create', { title: 'Onderzoeksprogramma', slug: 'onderzoeksprogramma', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body.Errors));
  const { pageID, pageVersionID, revision } = created.body.data as { pageID: string; pageVersionID: string; revision: number };
  const published = await api.post(`/page/version/${pageVersionID}/store-and-publish`, { pageID, revision, title: 'Onderzoeksprogramma', blocks, ...seo });
  if (published.status !== 200) throw new Error(JSON.stringify(published.body.Errors));
  const liveVersion = published.body.data.publishedVersionID as string;
  // The day's work: 30 texts changed, 10 moved to the end, 5 removed, 5 added.
  const next = blocks.map((b, i) => (b.type === 'text' && i % 6 === 1 ? { ...b, props: { html: `<p>${sentence(random, 8)}.</p>${String(b.props.html)}` } } : b));
  const moved = next.splice(20, 10);
  next.splice(100, 5);
  next.push(...moved, ...Array.from({ length: 5 }, (_, i) => ({ type: 'text', key: `nieuw-${i}`, props: { html: `<p>${sentence(random, 40)}.</p>` }, anchorPoint: '' })));
  const page = (await api.get(`/page/${pageID}`)).body.data as { draftVersionID: string; revision: number };
  const stored = await api.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title: 'Ons onderzoeksprogramma', blocks: next, ...seo });
  if (stored.status !== 200) throw new Error(JSON.stringify(stored.body.Errors));
  return { pageID, liveVersion, api };
}

async function timed(api: ApiClient, path: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const started = performance.now();
    const reply = await api.get(path);
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
    if (i >= 20) samples.push(performance.now() - started);
  }
  return samples;
}

async function measure(label: string, url: string): Promise<(string | number)[]> {
  const { pageID, liveVersion, api } = await pageWithTwoVersions(url);
  const check = (await api.get(`/page/${pageID}/compare?from=live&to=draft`)).body.data as { diff: { summary: Record<string, number> } };
  const baseline = await timed(api, `/page/version/fetch/${liveVersion}`);
  const compare = await timed(api, `/page/${pageID}/compare?from=live&to=draft`);
  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  const p95 = percentile(compare, 95);
  return [label, `${p(compare, 50)} / ${p(compare, 95)}`, `${p(baseline, 50)} / ${p(baseline, 95)}`, JSON.stringify(check.diff.summary), p95 <= GOAL_MS ? 'PASS' : 'FAIL'];
}

export async function runCompare(): Promise<void> {
  heading(`compare: two versions of a ${BLOCKS}-block page through HTTP, ${RUNS} times (p50 / p95 ms)`);
  const rows = await onEachStore('compare', {}, measure);
  console.log(table(['store', 'compare', 'baseline: one version fetched', 'what changed', `p95 ≤ ${GOAL_MS} ms`], rows));
}

if (isMain(import.meta.url)) await runCompare();
