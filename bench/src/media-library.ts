/**
 * Benchmark: the media library's reads on a library of 10,000 items. Writes the library straight
 * into the event log (100 folders, ten at the top with nine below each, 100 items in each:
 * images, some without alternative text, documents, SVGs and GIFs), lets the projector catch up,
 * then times `POST /api/cms/medialib/get-dir` and `search-files` through HTTP as the admin calls
 * them: the root, a folder with folders and items, a folder of items; a search of the whole
 * library and of one branch for a word, for a rare name, and the images without alt text.
 */
import type { NewEvent } from '@pagelog/contracts/events/event';
import { mediaStream } from '@pagelog/contracts/events/media-events';
import { ROOT_FOLDER_ID } from '@pagelog/contracts/media/media';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog, type RunningPagelog } from '@pagelog/server/embedded';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import {
  elapsedMs, figuresTable, heading, isMain, metadata, newId, onEachStore, percentile,
  prng, sentence, table, type Backend, type Figure,
} from './common';

export const MEDIA_READ_GOALS_MS: Record<Backend, number> = { sqlite: 50, postgres: 100 };

export interface MediaLibraryOptions {
  /** Top-level folders; each holds `subfolders` folders, and every folder `perFolder` items. */
  topFolders?: number;
  subfolders?: number;
  perFolder?: number;
  /** Calls per variant. */
  calls?: number;
}

const kinds = [
  { kind: 'image', contentType: 'image/jpeg', ext: 'jpg', share: 0.7 },
  { kind: 'document', contentType: 'application/pdf', ext: 'pdf', share: 0.2 },
  { kind: 'svg', contentType: 'image/svg+xml', ext: 'svg', share: 0.05 },
  { kind: 'gif', contentType: 'image/gif', ext: 'gif', share: 0.05 },
] as const;

function kindOf(random: () => number) {
  let x = random();
  for (const k of kinds) {
    if (x < k.share) return k;
    x -= k.share;
  }
  return kinds[0];
}

const hex = (random: () => number) => Array.from({ length: 64 }, () => Math.floor(random() * 16).toString(16)).join('');

async function writeLibrary(running: RunningPagelog, actorId: string, options: Required<Omit<MediaLibraryOptions, 'calls'>>): Promise<{ items: number; folders: number }> {
  const random = prng(12);
  const append = (id: string, event: Omit<NewEvent, 'id' | 'metadata'>) =>
    running.stores.eventStore.append(mediaStream(id), [{ ...event, id: newId(), metadata: metadata(actorId) }], 0);
  let items = 0;
  let folders = 0;
  async function fill(folderId: string, label: string) {
    for (let i = 0; i < options.perFolder; i++) {
      const k = kindOf(random);
      const mediaId = newId();
      const image = k.kind !== 'document';
      await append(mediaId, {
        type: 'MediaFileUploaded',
        data: {
          mediaId,
          parentId: folderId,
          fileName: `${sentence(random, 2)} ${label}-${i}.${k.ext}`,
          hash: hex(random),
          size: 50_000 + Math.floor(random() * 2_000_000),
          contentType: k.contentType,
          kind: k.kind,
          width: image ? 2560 : null,
          height: image ? 1440 : null,
          defaultAltText: image && random() < 0.7 ? sentence(random, 4) : '',
          shared: random() < 0.2,
        },
      });
      items += 1;
    }
  }
  async function folder(parentId: string, name: string): Promise<string> {
    const mediaId = newId();
    await append(mediaId, { type: 'MediaFolderCreated', data: { mediaId, parentId, name } });
    folders += 1;
    return mediaId;
  }
  for (let t = 0; t < options.topFolders; t++) {
    const top = await folder(ROOT_FOLDER_ID, `Map ${t}`);
    await fill(top, `${t}`);
    for (let s = 0; s < options.subfolders; s++) await fill(await folder(top, `Sub ${s}`), `${t}.${s}`);
  }
  const head = await running.stores.eventStore.headPosition();
  // Every projection and reactor (renditions reacts to uploads), not only media: one still
  // catching up would share the event loop with the calls.
  const names = [...running.projector.runners, ...running.projector.reactorRunners].map((r) => r.name);
  if (!(await running.stores.readModels.waitForCheckpoints(names, head, 600_000))) throw new Error('the projections did not catch up');
  return { items, folders };
}

interface Variant {
  name: string;
  path: '/medialib/get-dir' | '/medialib/search-files';
  body: Record<string, unknown>;
}

type Listing = { directories: unknown[]; documents: unknown[]; images: unknown[] };

async function measure(backend: Backend, env: Record<string, string>, options: MediaLibraryOptions): Promise<Figure[]> {
  const shape = { topFolders: options.topFolders ?? 10, subfolders: options.subfolders ?? 9, perFolder: options.perFolder ?? 100 };
  const calls = options.calls ?? 200;
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PAGELOG_SEED: 'false',
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password, ...env,
  });
  const running = await startPagelog(config, createLogger('silent'));
  try {
    const me = (await (await ApiClient.loggedIn(running.url)).get<{ ID: string }>('/user')).body.data.ID;
    const loadStart = process.hrtime.bigint();
    const written = await writeLibrary(running, me, shape);
    // A fresh client after one throwaway call: the writes kept the event loop busy long enough
    // for the server to time out the idle keep-alive socket fetch would otherwise reuse first.
    await fetch(`${running.url}/api/cms/settings/get`).then((r) => r.arrayBuffer()).catch(() => undefined);
    const admin = await ApiClient.loggedIn(running.url);
    console.log(`product: ${running.stores.describe}; ${written.items} items in ${written.folders} folders written and projected in ${(elapsedMs(loadStart) / 1000).toFixed(1)} s; ${calls} calls per variant`);
    const variants: Variant[] = [
      { name: 'get-dir /', path: '/medialib/get-dir', body: { path: '/' } },
      { name: 'get-dir /Map 3 (9 folders, 100 items)', path: '/medialib/get-dir', body: { path: '/Map 3' } },
      { name: 'get-dir /Map 7/Sub 4 (100 items)', path: '/medialib/get-dir', body: { path: '/map 7/sub 4' } },
      { name: 'search "project" everywhere', path: '/medialib/search-files', body: { searchTerm: 'project', directory: '/' } },
      { name: 'search "project" in /Map 5 (10 folders)', path: '/medialib/search-files', body: { searchTerm: 'project', directory: '/Map 5' } },
      { name: 'search "4.2-17" everywhere (rare)', path: '/medialib/search-files', body: { searchTerm: '4.2-17', directory: '/' } },
      { name: 'images without alt text in /Map 2', path: '/medialib/search-files', body: { searchTerm: '', directory: '/Map 2', withoutAltText: true } },
    ];
    const rows: (string | number)[][] = [];
    const samplesOf: Record<'get-dir' | 'search-files', number[]> = { 'get-dir': [], 'search-files': [] };
    for (const variant of variants) {
      for (let i = 0; i < 10; i++) await admin.post(variant.path, variant.body);
      const samples: number[] = [];
      let found = 0;
      for (let i = 0; i < calls; i++) {
        const start = process.hrtime.bigint();
        const reply = await admin.post<Listing>(variant.path, variant.body);
        samples.push(elapsedMs(start));
        if (reply.status !== 200) throw new Error(`${variant.name}: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
        found = reply.body.data.directories.length + reply.body.data.documents.length + reply.body.data.images.length;
      }
      samplesOf[variant.path === '/medialib/get-dir' ? 'get-dir' : 'search-files'].push(...samples);
      rows.push([variant.name, found, percentile(samples, 50).toFixed(2), percentile(samples, 95).toFixed(2), Math.max(...samples).toFixed(2)]);
    }
    console.log(table(['variant', 'entries', 'p50 ms', 'p95 ms', 'max ms'], rows));
    const goal = MEDIA_READ_GOALS_MS[backend];
    const figures: Figure[] = [];
    for (const [call, samples] of Object.entries(samplesOf)) {
      const p95 = percentile(samples, 95);
      console.log(`goal: ${call} p95 <= ${goal} ms → ${p95 <= goal ? 'PASS' : 'MISS'}`);
      figures.push({ bench: 'media-library', backend, metric: `${call} p95 (${written.items} items)`, value: p95, unit: 'ms', goal: { op: '<=', target: goal } });
    }
    return figures;
  } finally {
    await running.close();
  }
}

export function runMediaLibrary(options: MediaLibraryOptions = {}): Promise<Figure[]> {
  return onEachStore('media library reads', 'media-library', (backend, env) => measure(backend, env, options));
}

if (isMain(import.meta.url)) {
  const figures = await runMediaLibrary();
  heading('media library reads · summary');
  console.log(figuresTable(figures));
}
