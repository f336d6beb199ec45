/**
 * Issue 17: publishing a release of many pages through HTTP (POST release/:id/publish: one
 * all-or-nothing append over every page's stream and the release's), on the embedded product
 * (SQLite) and on PostgreSQL. Baseline in the same run: the same number of pages published one
 * by one (POST page/:id/publish each), the way they went live before releases. Also measured:
 * how long a small command of someone else (storing another page's draft) waits when it is sent
 * while a release is being published (the release's append holds the log's writer lock).
 * No goal is set by the issue; the figures show what one step costs.
 */
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import { heading, isMain, percentile, table } from './common';
import { onEachStore } from './each-store';

const PAGES = Number(process.env.BENCH_RELEASE_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RELEASE_RUNS ?? 5);
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

function ok<T>(reply: { status: number; body: { data: unknown; Errors?: unknown } }): T {
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body.Errors));
  return reply.body.data as T;
}

let slugs = 0;

/** `count` new pages, each with a stored draft of a heading and two paragraphs, not yet live. */
async function draftPages(api: ApiClient, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = ++slugs;
    const created = ok<{ pageID: string; pageVersionID: string; revision: number }>(await api.post('/page/create', { title: `Pagina ${n}`, slug: `pagina-${n}`, type: 'base', locale: 'nl-nl', content: '', typeData: {} }));
    const blocks = [
      { type: 'heading', key: 'kop', props: { text: `Pagina ${n}`, level: 1 }, anchorPoint: '' },
      { type: 'text', key: 'een', props: { html: '<p>Een alinea over het onderzoek en wat het opleverde.</p>' }, anchorPoint: '' },
      { type: 'text', key: 'twee', props: { html: '<p>Een tweede alinea, over de aanpak.</p>' }, anchorPoint: '' },
    ];
    ok(await api.post(`/page/version/${created.pageVersionID}/store`, { pageID: created.pageID, revision: created.revision, title: `Pagina ${n}`, blocks, ...seo }));
    ids.push(created.pageID);
  }
  return ids;
}

async function measure(label: string, url: string): Promise<(string | number)[]> {
  const api = await ApiClient.loggedIn(url);
  const other = await ApiClient.loggedIn(url);
  const releaseMs: number[] = [];
  const oneByOneMs: number[] = [];
  const waitedMs: number[] = [];
  const [bystander] = await draftPages(api, 1);
  for (let run = 0; run < RUNS; run++) {
    // A release of PAGES pages, published in one step.
    const pages = await draftPages(api, PAGES);
    const releaseID = ok<{ releaseID: string }>(await api.post('/release/create', { name: `Release ${run}` })).releaseID;
    for (const pageID of pages) ok(await api.post(`/release/${releaseID}/add-page`, { pageID }));
    const started = performance.now();
    const publishing = api.post(`/release/${releaseID}/publish`, {});
    // Someone else's small command, sent just after the publication.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const page = ok<{ draftVersionID: string; revision: number }>(await other.get(`/page/${bystander}`));
    const sent = performance.now();
    ok(await other.post(`/page/version/${page.draftVersionID}/store`, { pageID: bystander, revision: page.revision, title: `Omstander ${run}`, blocks: [], ...seo }));
    waitedMs.push(performance.now() - sent);
    ok(await publishing);
    releaseMs.push(performance.now() - started);

    // Baseline: as many pages published one by one.
    const single = await draftPages(api, PAGES);
    const began = performance.now();
    for (const pageID of single) ok(await api.post(`/page/${pageID}/publish`, {}));
    oneByOneMs.push(performance.now() - began);
  }
  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(0);
  return [label, `${p(releaseMs, 50)} / ${p(releaseMs, 95)}`, `${p(oneByOneMs, 50)} / ${p(oneByOneMs, 95)}`, (percentile(oneByOneMs, 50) / percentile(releaseMs, 50)).toFixed(1), `${p(waitedMs, 50)} / ${p(waitedMs, 95)}`];
}

export async function runReleases(): Promise<void> {
  heading(`releases: publishing ${PAGES} pages at once through HTTP, ${RUNS} runs (p50 / p95 ms)`);
  const rows = await onEachStore('releases', {}, measure);
  console.log(table(['store', `one release of ${PAGES} pages`, `baseline: ${PAGES} pages one by one`, 'one by one ÷ release (p50)', "another's small command sent meanwhile"], rows));
}

if (isMain(import.meta.url)) await runReleases();
