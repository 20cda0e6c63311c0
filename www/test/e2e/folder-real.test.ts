import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, screenshot, splitDone, visit } from './browser.ts';

// A folder of real docs files opened at once (issue 45): a row per file, totals, and the page's
// main thread never busy for long. A measurement on a corpus outside the repository, so it runs
// only with FULL=1 and the corpus there: `CORPUS_WEB` (default `../shared/corpus-web` beside the
// repository, as in /work/main), e.g.
//
//   FULL=1 CORPUS_WEB=/work/shared/corpus-web pnpm --filter chunkdown-www exec vitest run \
//     --project e2e test/e2e/folder-real.test.ts
//
// It prints the long tasks (Chromium's `longtask` entries, over 50 ms) seen from the moment the
// page has the files (its `chunkdown:folder-open` mark) until the totals show, and fails on one
// over 200 ms.

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = resolve(process.env.CORPUS_WEB ?? join(repository, '..', 'shared', 'corpus-web'));
const enabled = process.env.FULL === '1' && existsSync(corpus);

let browser: Browser;

beforeAll(async () => {
  if (enabled) browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** The corpus's markdown files, by path (Chromium reads them itself, as from a file picker). */
function corpusFiles(): string[] {
  return readdirSync(corpus)
    .filter((name) => /\.(md|mdx|markdown)$/.test(name))
    .sort()
    .map((name) => join(corpus, name));
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it.runIf(enabled)(
    `opens a folder of real docs with a row per file and totals, no task over 200 ms (${label})`,
    async () => {
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      await context.addInitScript(() => {
        const seen: { start: number; duration: number }[] = [];
        (window as unknown as { longTasks: typeof seen }).longTasks = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            seen.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
          }
        }).observe({ type: 'longtask', buffered: true });
      });
      const { page, errors } = await visit(browser, { context });
      const files = corpusFiles();
      await splitDone(page);
      const started = Date.now();
      await page.locator('#file-input').setInputFiles(files);
      // From the moment the page has the files: the task that hands them over (Playwright's own
      // file objects and its `change` event) is the test's, not the page's.
      const from = await page.evaluate(
        () => performance.getEntriesByName('chunkdown:folder-open')[0]?.startTime ?? 0,
      );
      await page
        .locator('#folder-totals', { hasText: 'Total' })
        .waitFor({ timeout: 600_000, state: 'attached' });
      const seconds = (Date.now() - started) / 1000;
      await expect.poll(() => page.locator('#folder-table tbody tr').count()).toBe(files.length);
      const totals = (await page.locator('#folder-totals').textContent()) ?? '';
      const tasks = await page.evaluate(
        (after) =>
          (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
            .filter((task) => task.start >= after)
            .map((task) => task.duration),
        from,
      );
      console.log(
        `${label}: ${files.length} files in ${seconds.toFixed(1)} s; ${totals}\n` +
          `long tasks (> 50 ms) while chunking: ${tasks.length}, longest ${Math.max(0, ...tasks)} ms: ${tasks.join(', ')}`,
      );
      expect(totals).toMatch(new RegExp(`^Total: ${files.length} files, [\\d,]+ chunks`));
      await screenshot(page, `${label}-folder-real`);
      await page.locator('#folder-table tbody tr').first().scrollIntoViewIfNeeded();
      expect(Math.max(0, ...tasks)).toBeLessThanOrEqual(200);
      expect(errors).toEqual([]);
      await context.close();
    },
    900_000,
  );
}
