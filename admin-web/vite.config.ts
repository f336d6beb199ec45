import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The admin is served by the Pagelog server under /cmsadmin/ (see README.md). The server sends
// the .br or .gz file written beside each asset to a browser that accepts it (koa-send), so the
// bundle is compressed once, at the highest levels, instead of on every request.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/cmsadmin/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512, logLevel: 'silent' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and styles each entry and screen needs, for the
    // first-load size check (bench/src/admin-size.ts). The server never serves it.
    manifest: true,
  },
});
