import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The organiser console: served by the server under /console (modules/console/console.web.ts),
// chunks under /console/js and /console/css. Nothing here is imported by apps/web.
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  // zod without its eval fast path, which the page's Content-Security-Policy forbids (as apps/web).
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        assetFileNames: (info) => (info.names?.[0]?.endsWith('.css') ? 'css/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  server: { port: 5174, proxy: { '/console/api': 'http://localhost:8080' } },
});
