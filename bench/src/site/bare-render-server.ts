/**
 * The baseline of the uncached-render benchmark: a bare Koa app that answers every request with
 * renderToString of the page's React tree (through the site's own renderDocument and buildHead),
 * from data read once at start from the API at BENCH_API_URL for the path BENCH_PATH and then kept
 * in memory. No reads, no hashing, no cache per request: what rendering alone costs.
 */
import Koa from 'koa';
import type { PageState } from '@pagelog/site-web/app/page-state';
import { buildHead } from '@pagelog/site-web/server/build-head';
import { clientAssetResolver } from '@pagelog/site-web/server/client-assets';
import { prepareSession } from '@pagelog/site-web/server/prepare-context';
import { preparePage } from '@pagelog/site-web/server/prepare-page';
import { renderDocument } from '@pagelog/site-web/server/render-document';
import { httpSiteReads } from '@pagelog/site-web/server/site-api';
import { fileURLToPath } from 'node:url';

const reads = httpSiteReads({ apiUrl: process.env.BENCH_API_URL!, timeoutMs: 10_000 });
const path = process.env.BENCH_PATH!;
const [settings, found] = await Promise.all([reads.settings(), reads.pageBySlug(path)]);
if (found.kind !== 'page') throw new Error(`${path} is not a published page`);
const page = await preparePage(found.page, prepareSession({ pageID: found.page.pageVersion.pageID, locale: found.page.locale }, { reads, requestId: 'bench', logger: console }).context);
const siblings = await reads.siblings(page.pageVersion.pageID);
const siteName = process.env.PAGELOG_SITE_NAME ?? 'Pagelog';
const publicUrl = process.env.PAGELOG_PUBLIC_URL!;
const state: PageState = { page, status: 200, siteName, defaultLocale: settings.defaultLocale, locale: page.locale, siblings: siblings ? { pageID: page.pageVersion.pageID, pages: siblings } : null };
const assets = clientAssetResolver(fileURLToPath(new URL('../../../site-web/dist/client', import.meta.url)), console);

const app = new Koa();
app.use(async (ctx) => {
  const head = buildHead({ page, siteName, publicUrl, defaultLocale: settings.defaultLocale, locale: page.locale, siblings: siblings ?? [] });
  ctx.type = 'html';
  ctx.body = renderDocument({ state, head, assets: assets() });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
