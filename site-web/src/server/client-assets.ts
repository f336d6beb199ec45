import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteLogger } from './site-logger';

/** The URL prefix the client bundle is served under. */
export const CLIENT_ASSETS_PREFIX = '/assets/site';
/** The bundle's entry, as vite.config.ts names it and Vite keys it in the manifest. */
export const CLIENT_ENTRY = 'src/client/main.tsx';

/** The tags a page needs to load the client bundle, as URLs. */
export interface ClientAssets {
  scripts: string[];
  stylesheets: string[];
  modulePreloads: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export const noClientAssets: ClientAssets = { scripts: [], stylesheets: [], modulePreloads: [] };

/** Reads Vite's manifest: the hashed entry file, its CSS and the chunks it imports. */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>): ClientAssets | null {
  const entry = manifest[CLIENT_ENTRY] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (entry === undefined || typeof entry.file !== 'string') return null;
  const url = (file: string) => `${CLIENT_ASSETS_PREFIX}/${file}`;
  const stylesheets = new Set<string>(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (keys: string[] = []) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk === undefined || preloads.has(chunk.file)) continue;
      preloads.add(chunk.file);
      for (const css of chunk.css ?? []) stylesheets.add(css);
      visit(chunk.imports);
    }
  };
  visit(entry.imports);
  return { scripts: [url(entry.file)], stylesheets: [...stylesheets].map(url), modulePreloads: [...preloads].map(url) };
}

/**
 * Finds the client bundle through `<clientDir>/.vite/manifest.json`. A found manifest is kept; a
 * missing one is looked for again on the next page (a build may be running) but warned about once.
 */
export function clientAssetResolver(clientDir: string, logger: SiteLogger): () => ClientAssets {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  let found: ClientAssets | undefined;
  let warned = false;
  return () => {
    if (found !== undefined) return found;
    let assets: ClientAssets | null = null;
    let reason = '';
    try {
      assets = assetsFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>);
      if (assets === null) reason = `it has no entry ${CLIENT_ENTRY}`;
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    if (assets !== null) return (found = assets);
    if (!warned) {
      warned = true;
      logger.warn(
        { manifestPath, reason },
        'no client bundle manifest: pages are rendered without the client script (run `npm run build -w site-web`)',
      );
    }
    return noClientAssets;
  };
}
