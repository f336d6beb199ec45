/**
 * Lighthouse (mobile, its default) on the seeded example site: the home page and an article, in
 * all four categories (issue 13: goal ≥ 95 in each). The product runs as `npm start` runs it (the
 * production build, SQLite, the example site seeded on an empty data folder); Lighthouse runs
 * through `npx` (Lighthouse 12, fetched from the npm registry on first use, so it is no
 * dependency of the product) with the system's Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * Run `npm run build` first: without the client bundle the pages have no script or styles.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningProcess } from '@pagelog/server/test-kit/processes';
import { figuresTable, heading, isMain, table, tempDir, type Figure } from './common';
import { startPagelog } from './site-cache';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const GOAL = 95;
const categoryIds = ['performance', 'accessibility', 'best-practices', 'seo'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update';

/** The seeded pages measured: the home page and an article (a publication of the example site). */
const pages = [
  { name: 'home (nl)', path: '/' },
  { name: 'article (nl)', path: '/publicaties/warmtenet-bewoners' },
];

interface LighthouseReport {
  categories: Record<string, { id: string; title: string; score: number | null }>;
  audits: Record<string, { id: string; title: string; score: number | null; displayValue?: string }>;
}

function lighthouse(url: string, output: string): Promise<LighthouseReport> {
  const args = ['--yes', LIGHTHOUSE, url, '--quiet', `--chrome-flags=${chromeFlags}`, '--output=json', `--output-path=${output}`];
  return new Promise((resolve, reject) => {
    execFile('npx', args, { env: { ...process.env, CHROME_PATH: chrome }, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse failed: ${error.message}\n${stderr.slice(-2000)}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport);
    });
  });
}

export async function runLighthouse(): Promise<Figure[]> {
  heading('public site: Lighthouse, mobile, seeded example site');
  if (!existsSync(chrome)) throw new Error(`no Chromium at ${chrome} (set CHROME_PATH)`);
  const processes: RunningProcess[] = [];
  const dir = tempDir('lighthouse');
  const figures: Figure[] = [];
  try {
    // The example site seeded, and the default public URL (this address), as a newcomer runs it.
    const url = await startPagelog(join(dir.path, 'data'), { PAGELOG_SEED: 'true', PAGELOG_PUBLIC_URL: '' }, processes);
    const rows: (string | number)[][] = [];
    for (const page of pages) {
      const report = await lighthouse(`${url}${page.path}`, join(dir.path, `${page.name.replace(/\W+/g, '-')}.json`));
      const categories = Object.values(report.categories);
      for (const category of categories) {
        const score = Math.round((category.score ?? 0) * 100);
        figures.push({ bench: 'lighthouse', backend: 'sqlite', metric: `${page.name} ${category.id}`, value: score, unit: '', goal: { op: '>=', target: GOAL } });
      }
      // What kept a score below 100, so a reader knows where the points went.
      const lost = Object.values(report.audits)
        // Lighthouse counts an audit as passed from 0.9.
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      rows.push([page.name, page.path, ...categoryIds.map(score), lost.slice(0, 4).join(', ') || '-']);
    }
    console.log(table(['page', 'path', 'performance', 'accessibility', 'best practices', 'SEO', 'failed audits'], rows));
  } finally {
    for (const p of processes) await p.stop();
    dir.remove();
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runLighthouse();
  heading('Lighthouse · summary');
  console.log(figuresTable(figures));
}
