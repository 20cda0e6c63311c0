import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launch, splitDone, visit } from '../test/e2e/browser.ts';
import { largeDocument } from '../test/e2e/large-document.ts';
import { type EditPlace, observeLive, percentile, typeAt } from '../test/e2e/live-typing.ts';

// The benchmark of the visualizer's goal (issue 41): on a 1 MB real document, at the page's
// default settings, the chunk cards show an edit anywhere (top, middle, end) within 300 ms of the
// last keystroke, with no main-thread task over 50 ms while typing. It pastes the document, then
// types a heading and a sentence TRIALS times at each place (each trial waits for the page to be
// ready) and prints keystroke → cards (median, p90, max) and the long tasks, all measured inside
// the page: the keydown's timestamp to the frame after the mutation that shows the sentence in a
// card, and Chromium's `longtask` entries.
//
// Run it through `pnpm --filter chunkdown-www run bench:live [--file PATH] [--syntax none]
// [--trials N] [--where top,middle,end] [--size N] [--profile DIR] [--trace DIR]` (bench/live.mjs turns the flags into the
// LIVE_* variables read here). Without --file it types in a synthetic document made of the
// markdown under node_modules (a smoke test); --syntax none turns the docs dialects off first.

const FILE = process.env.LIVE_FILE || null;
const SIZE = Number(process.env.LIVE_SIZE ?? 1_000_000);
const TRIALS = Number(process.env.LIVE_TRIALS ?? 5);
const SYNTAX = process.env.LIVE_SYNTAX === 'none' ? 'none' : 'default';
/** A folder for V8 CPU profiles of the page's main thread, one per place (`--profile DIR`). */
const PROFILE = process.env.LIVE_PROFILE || null;
/** A folder for Chromium traces (`devtools.timeline`) of the first trial at each place (`--trace DIR`). */
const TRACE = process.env.LIVE_TRACE || null;
const PLACES = (process.env.LIVE_WHERE ?? 'top,middle,end')
  .split(',')
  .filter((place): place is EditPlace => ['top', 'middle', 'end'].includes(place));

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const text = FILE
  ? readFileSync(FILE, 'utf8').replace(/\r\n?/g, '\n').slice(0, SIZE)
  : largeDocument(SIZE);
const name = FILE ?? `synthetic document (node_modules markdown)`;

it(`types in ${name}, ${text.length} characters`, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observeLive);
  const { page } = await visit(browser, { context });
  if (SYNTAX === 'none') {
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
    text.length,
    { timeout: 600_000, polling: 200 },
  );
  await splitDone(page);
  const toFirstChunks = Date.now() - pasted;
  const dialects =
    (await page
      .locator('#doc-syntax')
      .textContent()
      .catch(() => null)) ?? '';

  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    `${name}: ${text.length.toLocaleString('en-US')} characters, dialects ${SYNTAX === 'none' ? 'off (syntax none)' : 'at the defaults'}${dialects ? ` (${dialects.trim()})` : ''}, ${TRIALS} trials per place (paste → chunks ${ms(toFirstChunks)}):`,
  ];
  const allTasks: number[] = [];
  const cdp = PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    mkdirSync(PROFILE as string, { recursive: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  }
  for (const place of PLACES) {
    const toCards: number[] = [];
    const longTasks: number[] = [];
    await cdp?.send('Profiler.start');
    for (let trial = 1; trial <= TRIALS; trial++) {
      if (TRACE && trial === 1) {
        mkdirSync(TRACE, { recursive: true });
        await browser.startTracing(page, {
          path: join(TRACE, `trace-${place}.json`),
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
        });
      }
      const edit = await typeAt(
        page,
        place,
        `Trial ${place} ${trial}`,
        `Sentence ${trial} typed zq${place}${trial}x at the ${place} of the document.`,
      );
      if (TRACE && trial === 1) await browser.stopTracing();
      const status = await page.locator('#status').textContent();
      toCards.push(edit.toCards);
      longTasks.push(...edit.longTasks);
      console.log(
        `  ${place} ${trial}: keystroke → cards ${ms(edit.toCards)}; longest task ${ms(Math.max(0, ...edit.longTasks))} (${edit.longTasks.length} over 50 ms); ${status}`,
      );
    }
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = join(PROFILE as string, `page-${place}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`  the page's main thread while typing at the ${place}: ${file}`);
    }
    allTasks.push(...longTasks);
    lines.push(
      `  ${place}: keystroke → cards median ${ms(percentile(toCards, 0.5))}, p90 ${ms(percentile(toCards, 0.9))}, max ${ms(Math.max(...toCards))}; tasks over 50 ms ${longTasks.length}, longest ${ms(Math.max(0, ...longTasks))}`,
    );
  }
  lines.push(
    `  all places: main-thread tasks over 50 ms while typing and updating: ${allTasks.length}, longest ${ms(Math.max(0, ...allTasks))}`,
  );
  console.log(lines.join('\n'));
  await context.close();
}, 3_600_000);
