import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_CARDS } from '../../src/view/cards.ts';
import { launch, sourceText, splitDone, visit } from './browser.ts';
import { observeLive, typeAt } from './live-typing.ts';
import { realStyleDocument } from './real-style-document.ts';

// Issue 41's default path: a large real-style document at the page's default settings (the docs
// dialects detected), edited in its middle and at its end. The edit must reach a card, and the page
// must hold a bounded number of cards and source lines, whatever the document's size. Timings are
// for `bench:live`, not here.

const SIZE = process.env.FULL === '1' ? 1_000_000 : 200_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

it('takes edits anywhere in a large document at the defaults, with a bounded page', async () => {
  const text = realStyleDocument(SIZE);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observeLive);
  const { page, errors } = await visit(browser, { context });
  try {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await page.locator('#source').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await page.waitForFunction(
      (size) =>
        (document.getElementById('source') as HTMLTextAreaElement).value.length === size &&
        document.documentElement.dataset.phase === 'ready',
      text.length,
      { timeout: 120_000, polling: 200 },
    );
    await splitDone(page);
    const chunks = Number((await page.locator('#chunk-count').textContent())?.replace(/,/g, ''));
    expect(chunks).toBeGreaterThan(MAX_CARDS);

    for (const place of ['middle', 'end'] as const) {
      const sentence = `A sentence typed zz${place}qq into the document.`;
      await typeAt(page, place, `Typed in the ${place}`, sentence, 20);
      // The card of the edited chunk is on the page and shows the edit.
      const shown = page.locator('.card .chunk-text', { hasText: sentence });
      expect(await shown.count()).toBe(1);
      expect(await shown.first().isVisible()).toBe(true);
      // A window of cards and the lines in view, not the whole document.
      expect(await page.locator('.card').count()).toBeLessThanOrEqual(MAX_CARDS);
      expect(await page.locator('.cm-line').count()).toBeLessThan(400);
      // The number shown is the chunk's place among all of them, not in the window.
      const number = await page
        .locator('.card', { has: page.locator('.chunk-text', { hasText: sentence }) })
        .locator('.chunk-number')
        .textContent();
      expect(Number(number?.slice(1))).toBeGreaterThan(MAX_CARDS / 2);
    }
    expect((await sourceText(page)).length).toBeGreaterThan(text.length);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);
