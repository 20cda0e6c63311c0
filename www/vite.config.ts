import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/** The site uses the library from source, so it needs no library build first. */
const library = fileURLToPath(new URL('../packages/chunkdown/src/index.ts', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built site works from any path (a static host, a subfolder).
  base: './',
  resolve: {
    alias: [{ find: /^chunkdown$/, replacement: library }],
    // The library runs in a Web Worker, where there is no `document`: packages with a `worker`
    // build (micromark's entity decoder) must use it rather than their DOM-based `browser` build.
    conditions: ['worker', ...defaultClientConditions],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The cl100k token table is one large lazy chunk; it loads only for the token unit.
    chunkSizeWarningLimit: 1200,
  },
});
