import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// Chunks live under /js and /css (spec 1 §7); the server serves dist/ and injects page metadata.
export default defineConfig({
  plugins: [react(), precompress()],
  // Every `zod` import (the contract's schemas) goes through a module that turns off zod's eval
  // fast path, which the page's Content-Security-Policy forbids.
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
  server: { port: 5173 },
});
