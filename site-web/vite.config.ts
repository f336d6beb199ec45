import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The browser half of the public site. The server finds the hashed entry through the manifest
// (src/server/client-assets.ts) and serves this folder under /assets/site/.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/assets/site/',
  // Static files of the site (the example site's illustration) are copied as they are.
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: '',
    manifest: true,
    sourcemap: true,
    rolldownOptions: { input: 'src/client/main.tsx' },
  },
});
