import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launch, splitDone, visit } from '../test/e2e/browser.ts';
import { largeDocument } from '../test/e2e/large-document.ts';
import { observeLive, percentile, typeAtTop } from '../test/e2e/live-typing.ts';

// The benchmark of issue 26's goal for the visualizer: on a 1 MB document, the chunk cards show
// an edit at the top within 300 ms of the last keystroke, with no main-thread task over 50 ms.
// It pastes the document, then types a heading and a sentence at the top TRIALS times (each
// trial waits for the page to be ready) and prints keystroke → cards (median, p90, max) and the
// long tasks. `pnpm --filter chunkdown-www run bench:live`; SIZE=300000 for a smaller document,
// DIALECTS=off to turn the docs dialects off first (the 1 MB document has directive containers,
// and a document read with a dialect is parsed whole by every split and update).

const SIZE = Number(process.env.SIZE ?? 1_000_000);
const TRIALS = Number(process.env.TRIALS ?? 7);

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

it(`types at the top of a document of ${SIZE} characters`, async () => {
  const text = largeDocument(SIZE);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observeLive);
  const { page } = await visit(browser, { context });
  if (process.env.DIALECTS === 'off') {
    await page.locator('#dialects select').evaluateAll((selects) => {
      for (const select of selects as HTMLSelectElement[]) {
        select.value = 'off';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await splitDone(page);
  }
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator('#source').click();
  await page.keyboard.press('Control+A');
  const pasted = Date.now();
  await page.keyboard.press('Control+V');
  await page.waitForFunction(
    (size) =>
      (document.getElementById('source') as HTMLTextAreaElement).value.length >= size &&
      document.documentElement.dataset.phase === 'ready',
    SIZE,
    { timeout: 120_000, polling: 100 },
  );
  await splitDone(page);
  const toFirstChunks = Date.now() - pasted;

  const toCards: number[] = [];
  const longTasks: number[] = [];
  for (let trial = 1; trial <= TRIALS; trial++) {
    const edit = await typeAtTop(
      page,
      `Trial ${trial}`,
      `Sentence ${trial} typed at the top of the document.`,
    );
    const status = await page.locator('#status').textContent();
    toCards.push(edit.toCards);
    longTasks.push(...edit.longTasks);
    console.log(
      `  trial ${trial}: keystroke → cards ${Math.round(edit.toCards)} ms; longest task ${Math.round(Math.max(0, ...edit.longTasks))} ms (${edit.longTasks.length} over 50 ms); ${status}`,
    );
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    [
      `${SIZE.toLocaleString('en-US')} characters, dialects ${process.env.DIALECTS === 'off' ? 'off' : 'auto'}, ${TRIALS} trials (paste → chunks ${ms(toFirstChunks)}):`,
      `  keystroke → cards: median ${ms(percentile(toCards, 0.5))}, p90 ${ms(percentile(toCards, 0.9))}, max ${ms(Math.max(...toCards))}`,
      `  main-thread tasks over 50 ms while typing and updating: ${longTasks.length}, longest ${ms(Math.max(0, ...longTasks))}`,
    ].join('\n'),
  );
  await context.close();
}, 1_800_000);
