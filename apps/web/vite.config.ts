import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const SHARED = /[\\/]src[\\/](ui|lib)[\\/]|[\\/]node_modules[\\/]@tanstack[\\/]/;
/** What only the screens that need it load: zod (forms) and the rich-text editor (Tiptap). */
const HEAVY = /[\\/]node_modules[\\/](zod|@tiptap|prosemirror-[\w-]+)[\\/]|rich-editor/;
const heavy = new Map<string, boolean>();
/** Whether a module statically reaches a heavy dependency (memoised; a cycle counts as not heavy). */
function reachesHeavy(id: string, ctx: ChunkingContext): boolean {
  const known = heavy.get(id);
  if (known !== undefined) return known;
  heavy.set(id, false);
  const found = HEAVY.test(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => reachesHeavy(dep, ctx));
  heavy.set(id, found);
  return found;
}
/** The shared widgets, helpers and query hooks the screens load, as one "kit" chunk. */
/** What every page loads after its first screen, the login page too: its own small chunk, not the kit. */
const EVERY_PAGE = /[\\/]src[\\/]lib[\\/]vitals\.ts$/;
const inKit = (id: string, ctx: ChunkingContext) => SHARED.test(id) && !EVERY_PAGE.test(id) && !reachesHeavy(id, ctx);

/**
 * The server's build of the same app (`vite build --ssr src/entry-server.tsx`, src/entry-server.tsx):
 * for Node, into dist-ssr/entry-server.js, its dependencies left to node_modules, no public files.
 */
const serverBuild = {
  plugins: [react()],
  publicDir: false as const,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: '[name].js', chunkFileNames: 'js/[name]-[hash].js' } },
  },
};

// Chunks live under /js and /css (spec 1 §7); the server serves dist/ and injects page metadata.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), precompress()],
        // Every `zod` import (the contract's schemas) goes through a module that turns off zod's eval
        // fast path, which the page's Content-Security-Policy forbids.
        resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }] },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          // Which chunk imports which, with its stylesheets: the server inlines them in that order into
          // a page it renders (apps/server/src/modules/web/web.ssr-page.ts).
          manifest: true,
          rollupOptions: {
            output: {
              entryFileNames: 'js/[name]-[hash].js',
              chunkFileNames: 'js/[name]-[hash].js',
              assetFileNames: (info) =>
                info.names?.[0]?.endsWith('.css') ? 'css/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]',
              // Fewer, larger chunks (docs/decisions.md "Performance"): what the entry needs in one chunk
              // beside it, and the shared widgets and helpers the screens load in one "kit" chunk, instead
              // of ~50 files of a few hundred bytes, each a request (six at a time on HTTP/1.1 over a phone's
              // latency) and a <link> the preload helper adds.
              codeSplitting: {
                groups: [
                  { name: 'boot', tags: ['$initial'], priority: 30 },
                  {
                    name: (id: string, ctx: ChunkingContext) => (inKit(id, ctx) ? 'kit' : null),
                    includeDependenciesRecursively: false,
                    priority: 20,
                  },
                ],
              },
            },
          },
        },
        server: { port: 5173 },
      },
);
