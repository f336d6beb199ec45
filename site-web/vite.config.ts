import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The browser half of the public site. The server finds the hashed entry through the manifest
// (src/server/client-assets.ts) and serves this folder under /assets/site/.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/assets/site/',
  // Static files of the site (the example site's illustration) are copied as they are.
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic' } },
  // A .br and a .gz beside each compressible file, the public ones included; the server sends
  // the one the browser accepts (see src/server/static-files.ts). Files under 512 bytes gain
  // too little; the manifest is read by the server only.
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512, exclude: [/\.vite\//], logLevel: 'silent' })],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: '',
    manifest: true,
    sourcemap: true,
    rolldownOptions: { input: 'src/client/main.tsx' },
  },
});
