/**
 * The admin's first load in gzip bytes (issue 14: ≤ 300 kB): what a browser fetches to show the
 * login screen, and a signed-in user's first screens, read from the built admin-web/dist and its
 * Vite manifest. It builds nothing: run `npm run build -w admin-web` first.
 *
 * A screen's load is index.html, the entry chunk with every chunk it imports statically, and the
 * screen's own chunk (lazy-screen.tsx) with its static imports, plus the stylesheets of all of
 * them. Chunks a screen only imports dynamically (TipTap once a rich text block shows, Cropper.js
 * once a crop dialog opens) are not part of it. Each file counts as the server sends it to a
 * browser that accepts gzip: the `.gz` the build wrote beside it, or the file itself when the
 * build left it uncompressed (under 512 bytes). Brotli, which browsers prefer, is shown beside it.
 *
 * `ADMIN_DIST` points at another build (default admin-web/dist). 1 kB = 1,000 bytes, as Vite prints.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figuresTable, heading, isMain, table, type Figure } from './common';

const GOAL_BYTES = 300_000;
const dist = process.env.ADMIN_DIST ?? fileURLToPath(new URL('../../admin-web/dist', import.meta.url));

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Bytes on the wire for a file of the build, with the encoding the server would pick. */
function sentBytes(file: string, encoding: 'gz' | 'br'): number {
  const path = join(dist, file);
  return existsSync(`${path}.${encoding}`) ? statSync(`${path}.${encoding}`).size : statSync(path).size;
}

/** The files a manifest chunk needs before it runs: itself, its static imports (transitively), their CSS. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

interface Load {
  name: string;
  files: string[];
  gzip: number;
  brotli: number;
}

function load(name: string, files: Set<string>): Load {
  const all = ['index.html', ...files];
  const sum = (encoding: 'gz' | 'br') => all.reduce((total, file) => total + sentBytes(file, encoding), 0);
  return { name, files: all, gzip: sum('gz'), brotli: sum('br') };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The first load of each screen of the admin, the entry's own first. */
export function adminLoads(): { entry: Load; screens: Load[] } {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: run \`npm run build -w admin-web\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey) throw new Error('the manifest has no entry');
  const entryFiles = closure(manifest, [entryKey]);
  const screens = (manifest[entryKey]!.dynamicImports ?? []).map((key) =>
    load(basename(key).replace(/\.tsx?$/, ''), new Set([...entryFiles, ...closure(manifest, [key])])),
  );
  return { entry: load('shell (entry)', entryFiles), screens };
}

export function runAdminSize(): Figure[] {
  heading('admin: first load per screen, gzip (as built in admin-web/dist)');
  const { entry, screens } = adminLoads();
  const rows = [entry, ...screens.sort((a, b) => a.gzip - b.gzip)].map((l) => [l.name, l.files.length, kB(l.gzip), kB(l.brotli)]);
  console.log(table(['first load of', 'files', 'gzip', 'brotli'], rows));
  const judged = ['login', 'dashboard', 'page-overview'];
  return judged.map((name) => {
    const screen = screens.find((candidate) => candidate.name === name);
    if (!screen) throw new Error(`no screen ${name} in the build`);
    return {
      bench: 'admin-size',
      backend: 'sqlite',
      metric: `first load: ${name} (gzip)`,
      value: Math.round(screen.gzip / 100) / 10,
      unit: 'kB',
      goal: { op: '<=', target: GOAL_BYTES / 1000 },
      note: `${screen.files.length} files, brotli ${kB(screen.brotli)}`,
    } satisfies Figure;
  });
}

if (isMain(import.meta.url)) {
  const figures = runAdminSize();
  heading('admin size · summary');
  console.log(figuresTable(figures));
}
