/**
 * `npm run bench`: every benchmark in order (append, rebuild, lag, page list, time travel, media upload, media library, renditions, site cache, site invalidation), then one summary table.
 * PostgreSQL parts run when BENCH_POSTGRES_URL / TEST_POSTGRES_URL is set or the local default
 * answers (BENCH_POSTGRES=off skips them).
 */
import { cpus } from 'node:os';
import { runAppend } from './append';
import { runRebuild } from './rebuild';
import { runLag } from './lag';
import { runPageList } from './page-list';
import { runTimeTravel } from './time-travel';
import { runMediaUpload } from './media-upload';
import { runMediaLibrary } from './media-library';
import { runRenditions } from './renditions';
import { runSiteCache } from './site-cache';
import { runSiteInvalidation } from './site-invalidation';
import { figuresTable, heading, meets, postgresUrl, redact, type Figure } from './common';

const started = Date.now();
const url = await postgresUrl();
console.log(`Pagelog benchmarks — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'})`);
console.log(`PostgreSQL: ${url ? redact(url) : 'skipped'}`);

const figures: Figure[] = [];
figures.push(...(await runAppend()));
figures.push(...(await runRebuild()));
figures.push(...(await runLag()));
figures.push(...(await runPageList()));
figures.push(...(await runTimeTravel()));
figures.push(...(await runMediaUpload()));
figures.push(...(await runMediaLibrary()));
figures.push(...(await runRenditions()));
figures.push(...(await runSiteCache()));
figures.push(...(await runSiteInvalidation()));

heading('summary');
console.log(figuresTable(figures));
const judged = figures.filter((f) => f.goal);
const missed = judged.filter((f) => !meets(f.value, f.goal!));
console.log(`\n${judged.length - missed.length}/${judged.length} goals met; total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (missed.length > 0) console.log(`missed: ${missed.map((f) => `${f.bench}/${f.backend}/${f.metric}`).join(', ')}`);
