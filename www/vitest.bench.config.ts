import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The benchmarks (`pnpm run bench:live`): apart from the tests, since they print timings and
// take minutes. They build and serve the site as the end-to-end tests do.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['bench/**/*.ts'],
      environment: 'node',
      globalSetup: ['test/e2e/setup.ts'],
      fileParallelism: false,
      hookTimeout: 120_000,
    },
  }),
);
