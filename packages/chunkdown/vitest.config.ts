import { defineConfig } from 'vitest/config';

/**
 * Files that need a module graph of their own: the work counter must see the library compile, and
 * the line-scan counter mocks the modules it watches (`vi.mock` holds only for a fresh graph).
 */
const isolated = ['test/growth.test.ts', 'test/parse/source-text.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    setupFiles: ['test/setup/fast-check.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: isolated,
          // Test files share one module graph per worker instead of importing the library (and
          // micromark, the serializer, the tokenizers) again for each of ~130 files: the library
          // keeps no module-level state (`test/layers.test.ts` checks it), no test stubs globals.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
