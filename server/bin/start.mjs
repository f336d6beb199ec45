#!/usr/bin/env node
// `npm start`: builds the admin and the public site's browser bundle when their sources are
// newer than their build (or there is none), then runs the whole product in one process.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const builds = [
  { workspace: 'admin-web', output: 'admin-web/dist/index.html', sources: ['admin-web', 'contracts/src'] },
  { workspace: 'site-web', output: 'site-web/dist/client/.vite/manifest.json', sources: ['site-web/src', 'site-web/public', 'site-web/vite.config.ts', 'contracts/src'] },
];

for (const b of builds) {
  const out = join(root, b.output);
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  const changed = Math.max(...b.sources.map((s) => {
    const p = join(root, s);
    return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p);
  }));
  if (built >= changed) continue;
  console.log(`Building ${b.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', b.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// tsx applies only a tsconfig that includes the module; the root one is the tsc -b solution.
// React renders with its production build unless told otherwise: the development build checks
// every element and renders pages two to three times slower.
const env = { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? join(root, 'tsconfig.base.json'), NODE_ENV: process.env.NODE_ENV ?? 'production' };
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
