/**
 * A large page in the admin's editor (issue 14, "Large pages"): 200 blocks of mixed types, opened,
 * typed in and saved in Chromium, as an editor would.
 *
 * The product runs as `npm start` runs it (production build, SQLite, in a process of its own); the
 * page is created through the API; Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH)
 * signs in on the login screen, then:
 *
 * - open: a fresh load of the editor's address until the 200th block's card is on screen with its
 *   Edit button enabled (measured in the page, from the navigation's start), three times; the
 *   longest task the main thread ran meanwhile (Long Tasks API) says whether opening stalls;
 * - typing: 50 characters, real key presses about 80 ms apart, into a heading's Text field and into
 *   a rich text block (TipTap) in the middle of the page. The latency of a key press is from its
 *   keydown's timestamp to the frame after its input event was handled (a mark and a measure in
 *   the page; rAF, then a task). The Event Timing API (PerformanceObserver of 'event', duration
 *   threshold 16 ms) gives the browser's own view: how many presses took 16 ms or more, and the
 *   longest. Goal: p95 ≤ 50 ms;
 * - save: Ctrl+S until the editor says "Page saved." and no longer marks unsaved changes.
 *
 * Run `npm run build -w admin-web` first. BENCH_EDITOR_BLOCKS changes the number of blocks (200);
 * BENCH_EDITOR_PROFILE=<folder> writes a CPU profile of each typing run there (build the admin with
 * `npx vite build --minify false` in admin-web/ to read function names in it).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Block } from '@pagelog/contracts/blocks/block';
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import { submitAdminLogin } from '@pagelog/server/test-kit/browser';
import type { RunningProcess } from '@pagelog/server/test-kit/processes';
import { figuresTable, heading, isMain, median, percentile, prng, sentence, table, tempDir, type Figure } from './common';
import { startPagelog } from './site-cache';

const BLOCKS = Number(process.env.BENCH_EDITOR_BLOCKS ?? 200);
const TYPED = 'Een zin die iemand typt in een blok van de pagina.';
const KEY_GAP_MS = 80;
const LATENCY_GOAL_MS = 50;
const OPENS = 3;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A folder for CPU profiles of the typing (Chrome DevTools' .cpuprofile), when set. */
const profileDir = process.env.BENCH_EDITOR_PROFILE;

/** The block types of a long landing page, in turn: text, headings, key figures, FAQ, images, quotes. */
function largePageBlocks(count: number): Block[] {
  const random = prng(14);
  const kinds = ['heading', 'text', 'keyFigures', 'text', 'faq', 'image', 'quote', 'text'] as const;
  return Array.from({ length: count }, (_, i): Block => {
    const key = `b-${i + 1}`;
    const base = { key, anchorPoint: '', __images: [], __files: [] };
    switch (kinds[i % kinds.length]!) {
      case 'heading':
        return { ...base, type: 'heading', props: { text: sentence(random, 5), level: 2 } };
      case 'text':
        return { ...base, type: 'text', props: { html: `<p>${sentence(random, 40)}.</p><p>${sentence(random, 30)}, <strong>${sentence(random, 3)}</strong>.</p>` } };
      case 'keyFigures':
        return {
          ...base,
          type: 'keyFigures',
          props: { title: sentence(random, 3), figures: [1, 2, 3, 4].map((n) => ({ number: String(n * 120), unit: n % 2 ? '%' : '', label: sentence(random, 3) })) },
        };
      case 'faq':
        return {
          ...base,
          type: 'faq',
          props: { title: sentence(random, 4), items: [1, 2, 3, 4, 5].map(() => ({ question: `${sentence(random, 7)}?`, answer: `${sentence(random, 30)}.` })) },
        };
      case 'image':
        // An image outside the media library, by its address (a path on this site: the bench
        // talks to nothing beyond the machine).
        return { ...base, type: 'image', props: { externalUrl: `/media/bench/photo-${i + 1}.jpg`, alt: sentence(random, 4), caption: sentence(random, 6) } };
      case 'quote':
        return { ...base, type: 'quote', props: { text: `${sentence(random, 20)}.`, person: sentence(random, 2), role: sentence(random, 3) } };
    }
  });
}

/** The page with its blocks, stored as its draft through the API; its id. */
async function createLargePage(url: string): Promise<string> {
  const api = await ApiClient.loggedIn(url);
  const ok = async (reply: Promise<{ status: number; body: { data: Record<string, unknown>; Errors: unknown } }>) => {
    const r = await reply;
    if (r.status !== 200) throw new Error(JSON.stringify(r.body.Errors));
    return r.body.data;
  };
  const created = await ok(api.post('/page/create', { title: 'Grote pagina', slug: 'grote-pagina', type: 'landing-page', locale: 'nl-nl' }));
  await ok(
    api.post(`/page/version/${created.pageVersionID}/store`, {
      pageID: created.pageID,
      revision: created.revision,
      title: 'Grote pagina',
      blocks: largePageBlocks(BLOCKS),
      seoTitle: 'Grote pagina',
      seoDescription: 'Een pagina met veel blokken',
      seoKeywords: [],
      seoImage: [],
    }),
  );
  return String(created.pageID);
}

/**
 * Installed in every document before its scripts: the long tasks, the Event Timing entries of key
 * presses, and per key press a measure from its keydown to the frame after its input was handled.
 */
function instrument(): void {
  const w = window as unknown as Record<string, unknown>;
  const longTasks: number[] = [];
  const events: { name: string; duration: number; interactionId: number }[] = [];
  w.__bench = { longTasks, events, saveStart: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId: number })[]) {
      if (entry.name.startsWith('key')) {
        events.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);

  let pressStart: number | null = null;
  let press = 0;
  const afterNextFrame = (done: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(null);
    });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey)) (w.__bench as { saveStart: number }).saveStart = event.timeStamp;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey) return;
      pressStart = event.timeStamp;
      press += 1;
      performance.mark(`key-${press}-down`, { startTime: event.timeStamp });
    },
    true,
  );
  document.addEventListener(
    'input',
    () => {
      if (pressStart === null) return;
      const start = pressStart;
      const n = press;
      pressStart = null;
      afterNextFrame(() => performance.measure('key-press', { start, end: performance.now(), detail: n }));
    },
    true,
  );
}

interface BenchWindow {
  __bench: { longTasks: number[]; events: { name: string; duration: number; interactionId: number }[]; saveStart: number };
}

/** A card of the editor's block list by its heading ("100. Heading"). */
const card = (page: Page, title: string) => page.locator('li.block-card', { has: page.getByRole('heading', { name: title, exact: true }) });

async function open(page: Page, url: string, profileAs?: string): Promise<{ ms: number; longestTask: number; blockingMs: number }> {
  const stopProfile = profileAs ? await startProfile(page, profileAs) : null;
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (count) => {
      const cards = document.querySelectorAll('li.block-card');
      const edit = cards.length >= count ? cards[count - 1]?.querySelector<HTMLButtonElement>('button[aria-expanded]') : null;
      return edit && !edit.disabled && edit.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    BLOCKS,
    { polling: 'raf', timeout: 120_000 },
  );
  const ms = (await handle.jsonValue()) as number;
  // Tasks still running right after the last card showed count too: wait for a quiet second.
  await page.waitForTimeout(1000);
  await stopProfile?.();
  const tasks = await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks);
  return { ms, longestTask: Math.max(0, ...tasks), blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
}

/** With BENCH_EDITOR_PROFILE, a CPU profile of the page from now until the returned function is called. */
async function startProfile(page: Page, name: string): Promise<(() => Promise<void>) | null> {
  if (!profileDir) return null;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    const file = join(profileDir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`(CPU profile written to ${file})`);
    await session.detach();
  };
}

interface Typing {
  latencies: number[];
  /** Per key press, the longest Event Timing entry of 16 ms or more (presses under it have none). */
  slowEvents: number[];
}

async function typeInto(page: Page, focus: () => Promise<void>, profileAs: string): Promise<Typing> {
  await focus();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    performance.clearMeasures('key-press');
    (window as unknown as BenchWindow).__bench.events.length = 0;
  });
  const stopProfile = await startProfile(page, `typing-${profileAs}`);
  for (const char of TYPED) {
    await page.keyboard.press(char === ' ' ? 'Space' : char);
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await page.waitForTimeout(500);
  await stopProfile?.();
  return page.evaluate(() => {
    const latencies = performance.getEntriesByName('key-press').map((entry) => entry.duration);
    const byInteraction = new Map<number, number>();
    // A key press is one interaction (its keydown and keyup share the id).
    for (const event of (window as unknown as BenchWindow).__bench.events) {
      if (event.interactionId > 0) byInteraction.set(event.interactionId, Math.max(byInteraction.get(event.interactionId) ?? 0, event.duration));
    }
    return { latencies, slowEvents: [...byInteraction.values()] };
  });
}

async function save(page: Page): Promise<number> {
  await page.keyboard.press('Control+s');
  const saved = () => {
    const status = document.querySelector('.editor__status')?.textContent ?? '';
    const start = (window as unknown as BenchWindow).__bench.saveStart;
    return start > 0 && status.includes('Page saved.') && !document.querySelector('.badge--unsaved') ? performance.now() - start : false;
  };
  const handle = await page.waitForFunction(saved, undefined, { polling: 'raf', timeout: 60_000 }).catch(async (error: unknown) => {
    // What the editor said instead, for whoever reads the failure.
    const said = await page.locator('.editor__status, .error-list, .notice, .badge--unsaved').allInnerTexts();
    throw new Error(`the save did not finish: ${said.join(' | ')}`, { cause: error });
  });
  return (await handle.jsonValue()) as number;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function runEditorLatency(): Promise<Figure[]> {
  heading(`admin: a page of ${BLOCKS} blocks in the editor (Chromium, embedded, SQLite)`);
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  const processes: RunningProcess[] = [];
  const dir = tempDir('editor-latency');
  let browser: Browser | undefined;
  const figures: Figure[] = [];
  try {
    const url = await startPagelog(join(dir.path, 'data'), {}, processes);
    const pageId = await createLargePage(url);
    const editorUrl = `${url}/cmsadmin/pages/${encodeURIComponent(pageId)}`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names by wrapping them in __name(), which the functions handed to the
    // page carry along: give the page one that does nothing.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${url}/cmsadmin/login`);
    // The floor: the same typing, measured the same way, in the login form's one small field.
    const baseline = await typeInto(page, () => page.getByLabel('Email').click(), 'baseline');
    await page.getByLabel('Email').fill('');
    await submitAdminLogin(page);
    await page.waitForURL((address) => !address.pathname.endsWith('/login'));

    // Opening: the first time fetches the editor's chunk; the later ones find it in the cache.
    const opens = [];
    for (let i = 0; i < OPENS; i++) opens.push(await open(page, editorUrl, i === 0 ? 'open' : undefined));

    // Typing in the middle of the page: a heading's plain field, then a rich text block.
    const middle = Math.floor(BLOCKS / 2) + 1;
    const headingAt = Array.from({ length: 8 }, (_, i) => middle + i).find((n) => (n - 1) % 8 === 0)!;
    const textAt = headingAt + 1;
    const headingCard = card(page, `${headingAt}. Heading`);
    await headingCard.getByRole('button', { name: 'Edit' }).click();
    const plain = await typeInto(page, () => headingCard.getByLabel('Text', { exact: true }).click(), 'heading');
    const textCard = card(page, `${textAt}. Rich text`);
    await textCard.getByRole('button', { name: 'Edit' }).click();
    const editable = textCard.locator('[contenteditable="true"]').first();
    await editable.waitFor();
    const rich = await typeInto(page, () => editable.click(), 'rich-text');
    const saveMs = await save(page);
    if (problems.length > 0) throw new Error(`script errors in the admin: ${problems.join('; ')}`);

    const rows: (string | number)[][] = [];
    rows.push([
      `open: to the ${BLOCKS}th block's card (${OPENS} loads)`,
      `first ${ms(opens[0]!.ms)}, median ${ms(median(opens.map((o) => o.ms)))}`,
      `longest task ${ms(Math.max(...opens.map((o) => o.longestTask)))}, blocking ${ms(median(opens.map((o) => o.blockingMs)))} (median)`,
    ]);
    for (const [name, typing] of [
      ['baseline: typing in the login form (Email)', baseline],
      [`typing in block ${headingAt} (heading, plain field)`, plain],
      [`typing in block ${textAt} (rich text, TipTap)`, rich],
    ] as const) {
      const l = typing.latencies;
      rows.push([
        `${name}: ${l.length} key presses`,
        `p50 ${ms(percentile(l, 50))}, p95 ${ms(percentile(l, 95))}, max ${ms(Math.max(...l))}`,
        `Event Timing: ${typing.slowEvents.length} ≥ 16 ms${typing.slowEvents.length ? `, longest ${ms(Math.max(...typing.slowEvents))}` : ''}`,
      ]);
      if (l.length < TYPED.length) throw new Error(`${name}: only ${l.length} of ${TYPED.length} key presses were measured`);
      const goal = typing === baseline ? undefined : { op: '<=' as const, target: LATENCY_GOAL_MS };
      figures.push({ bench: 'editor-latency', backend: 'sqlite', metric: `${name}: p95`, value: percentile(l, 95), unit: 'ms', goal });
    }
    rows.push(['save: Ctrl+S until "Page saved."', ms(saveMs), '']);
    console.log(table(['step', 'time', 'also'], rows));
    figures.unshift({ bench: 'editor-latency', backend: 'sqlite', metric: `open ${BLOCKS} blocks (median of ${OPENS})`, value: median(opens.map((o) => o.ms)), unit: 'ms' });
    figures.push({ bench: 'editor-latency', backend: 'sqlite', metric: 'save (Ctrl+S)', value: saveMs, unit: 'ms' });
  } finally {
    await browser?.close();
    for (const p of processes) await p.stop();
    dir.remove();
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runEditorLatency();
  heading('editor latency · summary');
  console.log(figuresTable(figures));
}
