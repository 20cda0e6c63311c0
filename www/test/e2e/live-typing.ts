import type { Page } from 'playwright-core';
import { splitDone } from './browser.ts';

// Typing at the top of a large document, measured as a user sees it: from the last keystroke to
// the frame in which a chunk card shows what was typed, and the main-thread tasks over 50 ms
// (Chromium's `longtask` entries) from the first keystroke until the page is ready again. Shared
// by `large.test.ts` and the benchmark `bench/live-typing.ts`.

/** What the init script records in the page. */
interface LiveProbe {
  longTasks: number[];
  lastKey: number;
  cardsShown: Promise<number> | null;
}

/**
 * Init script (run in the page before its own scripts): records long tasks and the time of the
 * latest key press.
 */
export function observeLive(): void {
  const probe = window as unknown as { live: LiveProbe };
  probe.live = { longTasks: [], lastKey: 0, cardsShown: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.live.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  addEventListener(
    'keydown',
    (event) => {
      probe.live.lastKey = event.timeStamp;
    },
    true,
  );
}

/** One edit, measured. */
export interface TopEdit {
  /** Milliseconds from the last keystroke to the frame that shows a card with the sentence. */
  toCards: number;
  /** Durations of the main-thread tasks over 50 ms, from the first keystroke until ready. */
  longTasks: number[];
}

/** Where in the document an edit is typed. */
export type EditPlace = 'top' | 'middle' | 'end';

/**
 * Type `# heading`, a blank line and `sentence` at the very top of the document. See
 * {@link typeAt}.
 */
export function typeAtTop(
  page: Page,
  heading: string,
  sentence: string,
  delay = 60,
): Promise<TopEdit> {
  return typeAt(page, 'top', heading, sentence, delay);
}

/**
 * Type `# heading`, a blank line and `sentence` as a block of their own (after a blank line made
 * first, so the sentence stays its own paragraph) at the top, in the middle (before the first
 * paragraph past the middle that is outside fenced code) or at the end of the document, at a
 * typist's pace, and measure until a card shows the sentence and until the page is ready.
 *
 * @param page A page of the visualizer opened with {@link observeLive} as an init script.
 * @param place Where to type.
 * @param heading Heading text (without the `#`).
 * @param sentence A sentence that appears nowhere in the document.
 * @param delay Milliseconds between keys.
 * @returns The measurements.
 */
export async function typeAt(
  page: Page,
  place: EditPlace,
  heading: string,
  sentence: string,
  delay = 60,
): Promise<TopEdit> {
  const offset = await page.locator('#source').evaluate((element, where) => {
    const text = (element as HTMLTextAreaElement).value;
    if (where === 'top') return 0;
    if (where === 'end') return text.length;
    // The start of a paragraph after a blank line, past the middle and outside fenced code.
    const fence = /^ {0,3}(`{3,}|~{3,})/;
    let open: string | null = null;
    let at = 0;
    let blank = false;
    for (const line of text.split('\n')) {
      const marker = fence.exec(line)?.[1];
      if (marker) {
        if (open === null) open = marker[0] as string;
        else if (marker[0] === open) open = null;
      } else if (open === null && blank && at >= text.length / 2 && /^[A-Za-z]/.test(line)) {
        return at;
      }
      blank = line.trim() === '';
      at += line.length + 1;
    }
    return text.length;
  }, place);
  const caret = (at: number) =>
    page
      .locator('#source')
      .evaluate(
        (element, value) =>
          (element as unknown as { setSelectionRange(at: number): void }).setSelectionRange(value),
        at,
      );
  // As a user does: click into the text, put the caret there, make room.
  await page.locator('#source').focus();
  await caret(offset);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  if (place !== 'end') await caret(offset);
  await splitDone(page);
  await page.evaluate((text) => {
    const probe = (window as unknown as { live: LiveProbe }).live;
    probe.longTasks = [];
    const view = document.getElementById('view-chunks') as HTMLElement;
    const shows = () =>
      [...view.querySelectorAll('.card .chunk-text')].some((element) =>
        element.textContent?.includes(text),
      );
    probe.cardsShown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!shows()) return;
        observer.disconnect();
        // After the frame that paints it: a message posted from the frame callback.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        });
      });
      observer.observe(view, { subtree: true, childList: true, characterData: true });
    });
  }, sentence);
  await page.keyboard.type(`# ${heading}\n\n${sentence}`, { delay });
  const toCards = await page.evaluate(async () => {
    const probe = (window as unknown as { live: LiveProbe }).live;
    // Bounded: an edit that never reaches a card fails here, with a reason, instead of hanging.
    const never = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the typed text never reached a card in 60 s')), 60_000),
    );
    const shown = await Promise.race([probe.cardsShown as Promise<number>, never]);
    return shown - probe.lastKey;
  });
  await splitDone(page);
  const longTasks = await page.evaluate(
    () => (window as unknown as { live: LiveProbe }).live.longTasks,
  );
  return { toCards, longTasks };
}

/**
 * The value at a fraction of the sorted values (nearest rank).
 *
 * @param values Numbers.
 * @param fraction 0.5 for the median, 0.9 for p90.
 * @returns The percentile (0 for no values).
 */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
