import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 13: no public page may load more JavaScript than this, gzipped. */
const PAGE_JS_BUDGET_GZIP_BYTES = 50 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * The JavaScript files a page can load at most: the entry, what it imports, and every island it
 * may load (a page with every kind of island loads them all), each once.
 */
function reachableScripts(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entryKey);
  return [...files].filter((file) => file.endsWith('.js'));
}

describe('the public site\'s JavaScript budget (the built client bundle)', () => {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');

  it(`loads at most ${PAGE_JS_BUDGET_GZIP_BYTES / 1024} KB of gzipped JavaScript on a page that has every island`, function () {
    if (!existsSync(manifestPath)) throw new Error(`No client build at ${manifestPath}: run \`npm run build -w site-web\` first`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
    expect(entry, 'the manifest names an entry').to.be.a('string');

    const scripts = reachableScripts(manifest, entry!);
    const sizes = scripts.map((file) => ({ file, gzip: gzipSync(readFileSync(join(clientDir, file))).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

    expect(scripts.length, 'the entry and its islands').to.be.greaterThan(1);
    expect(total, sizes.map(({ file, gzip }) => `${file}: ${gzip} B`).join(', ')).to.be.at.most(PAGE_JS_BUDGET_GZIP_BYTES);
  });

  it('counts an island once however many pages import it', () => {
    const manifest: Record<string, ManifestChunk> = {
      main: { file: 'main.js', isEntry: true, imports: ['shared'], dynamicImports: ['a', 'b'] },
      shared: { file: 'shared.js' },
      a: { file: 'a.js', imports: ['shared'] },
      b: { file: 'b.js', imports: ['shared', 'a'], dynamicImports: ['style'] },
      style: { file: 'style.css' },
    };
    expect(reachableScripts(manifest, 'main')).to.deep.equal(['main.js', 'shared.js', 'a.js', 'b.js']);
  });
});
