import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The admin is served by the Pagelog server under /cmsadmin/ (see README.md).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/cmsadmin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
