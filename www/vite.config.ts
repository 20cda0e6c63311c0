import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The site uses the library as any app does: the workspace package, through its exports (the
// `browser` build, which also runs in the Web Worker). Build the library first.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built site works from any path (a static host, a subfolder).
  base: './',
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The cl100k token table is one large lazy chunk; it loads only for the token unit.
    chunkSizeWarningLimit: 1200,
    // VITE_NO_MINIFY=1 keeps names readable in a profile.
    minify: process.env.VITE_NO_MINIFY !== '1',
  },
});
