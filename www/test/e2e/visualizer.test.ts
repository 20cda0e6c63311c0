import { readFile } from 'node:fs/promises';
import { ruleKeys } from 'chunkdown';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkCount,
  launch,
  PHONE,
  screenshot,
  sourceText,
  splitDone,
  type Visit,
  visit,
} from './browser.ts';

const DOCUMENT = `# Field notes

Our team keeps short notes after every site visit. Each note says where we went, what we saw and
what we would do differently next time, so the next team starts from what we learned.

## Getting there

Take the coastal road north for about forty minutes. The turn-off is easy to miss: look for the
green gate after the second bridge. Park on the gravel and walk the last kilometre.

## What we measured

We logged water temperature, salinity and turbidity at six stations along the shore. Readings
were taken at low tide, in the same order each time, with the same calibrated probe.

| Station | Temperature (°C) | Salinity (PSU) |
|---|---:|---:|
| A | 14.2 | 33.1 |
| B | 14.5 | 32.8 |
| C | 15.1 | 31.9 |

## Next time

Bring a second probe. Start an hour earlier, because the tide turns fast.`;

const NOTE_DOCUMENT = `# Setup

:::note[Before you start]
${'You need an account with write access to the registry before the first release. '.repeat(3)}
:::
`;

const HTML_DOCUMENT = `# Lighthouse log

A short history of the station, kept as HTML in the page.

<div class="log">
<p>Lighthouse keepers logged the weather at dawn, noon and dusk, every day of the year.</p>
<p>The logbooks record wind, sea state and visibility, and every ship that passed the point.</p>
<p>A storm in the winter of 1887 kept the relief boat away for nineteen days.</p>
<p>The lamp burned paraffin until 1923, when an electric lamp replaced it.</p>
</div>

The end.`;

let browser: Browser;
let current: Visit | undefined;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  // Every page must run without console errors.
  const errors = current?.errors ?? [];
  await current?.page.context().close();
  current = undefined;
  expect(errors).toEqual([]);
});

describe('the visualizer', () => {
  it('splits what I type, and splits finer when I lower the chunk size', async () => {
    current = await visit(browser);
    const { page } = current;
    const source = page.locator('#source');

    await source.fill(DOCUMENT);
    await source.press('Control+End');
    await page.keyboard.type('\n\nThe end of the notes.');
    await splitDone(page);
    const coarse = await chunkCount(page);
    expect(coarse).toBeGreaterThan(0);
    expect(await sourceText(page)).toContain('The end of the notes.');

    await page.locator('#opt-chunkSize').fill('120');
    await splitDone(page);
    const fine = await chunkCount(page);
    expect(fine).toBeGreaterThan(coarse);

    // Every chunk has a card and a colored range over the source.
    await expect.poll(() => page.locator('.card').count()).toBe(fine);
    const painted = await page.$$eval(
      '#source .chunk',
      (marks) =>
        new Set(marks.flatMap((mark) => (mark.getAttribute('data-c') ?? '').split(' '))).size,
    );
    expect(painted).toBe(fine);

    // Clicking a card lights up its range in the source.
    await page.locator('.card').nth(1).click();
    const active = await page.$$eval('#source .chunk.active', (marks) =>
      marks.map((mark) => mark.getAttribute('data-c')?.split(' ') ?? []),
    );
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((chunks) => chunks.includes('1'))).toBe(true);
    await screenshot(page, 'desktop-typed');
  });

  it('shows each chunk’s id, and with Context on the text it would embed', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#source').fill(DOCUMENT);
    await page.locator('#opt-chunkSize').fill('120');
    await splitDone(page);
    const count = await chunkCount(page);
    const ids = await page.locator('.card .chunk-id').allTextContents();
    expect(ids).toHaveLength(count);
    // The full id (16 hex digits), and a button that copies it.
    expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
    await page.locator('.card .copy-id').nth(1).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids[1]);
    // Copying is not choosing the card; cards number from 0, as the command line.
    expect(await page.locator('.card.selected').count()).toBe(0);
    expect(await page.locator('.card .chunk-number').first().textContent()).toBe('#0');
    expect(await page.locator('.card .embed-text').count()).toBe(0);

    await page.locator('#opt-context').check();
    await splitDone(page);
    expect(await chunkCount(page)).toBe(count);
    const table = page.locator('.card', { hasText: '| Station |' }).first();
    await table.locator('.embed-text summary', { hasText: 'Text to embed' }).click();
    const embedded = await table.locator('.embed-text pre').textContent();
    expect(embedded).toMatch(/^Field notes › What we measured\n\n/);
    expect(embedded).toContain('| Station |');
    // The same chunks keep their ids where the text to embed is the text itself.
    const withContext = await page.locator('.card .chunk-id').allTextContents();
    expect(withContext[0]).toBe(ids[0]);
    await screenshot(page, 'desktop-context');
  });

  it('reproduces the same view from a shared link', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#source').fill(DOCUMENT);
    await page.locator('#opt-chunkSize').fill('60');
    await page.locator('#opt-unit').selectOption('cl100k');
    await page.locator('#rules summary').click();
    await page.locator('#rule-table-split').selectOption('never-split');
    await splitDone(page);
    const count = await chunkCount(page);
    expect(count).toBeGreaterThan(1);

    await page.locator('#share').click();
    await page.locator('#toast', { hasText: 'Link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());
    expect(link).toContain('#s=');

    const shared = await visit(browser, { url: link });
    try {
      const other = shared.page;
      expect(await sourceText(other)).toBe(DOCUMENT);
      expect(await other.locator('#opt-chunkSize').inputValue()).toBe('60');
      expect(await other.locator('#rules').getAttribute('open')).not.toBeNull();
      expect(await other.locator('#opt-unit').inputValue()).toBe('cl100k');
      expect(await other.locator('#rule-table-split').inputValue()).toBe('never-split');
      expect(await chunkCount(other)).toBe(count);
      expect(await other.locator('.sizes').first().textContent()).toContain('tokens');
      await screenshot(other, 'desktop-shared');
      expect(shared.errors).toEqual([]);
    } finally {
      await shared.page.context().close();
    }
  });

  it('keeps a large HTML block whole when I set the html rule to never-split', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#source').fill(HTML_DOCUMENT);
    await page.locator('#opt-chunkSize').fill('120');
    await splitDone(page);
    const split = await chunkCount(page);

    await page.locator('#rules summary').click();
    expect(await page.locator('#rules .rule').count()).toBe(ruleKeys.length);
    await page.locator('#rule-html-split').selectOption('never-split');
    await splitDone(page);
    expect(await chunkCount(page)).toBeLessThan(split);
    expect(await page.locator('.card', { hasText: 'never-split html' }).count()).toBe(1);
  });

  it('shows the admonition each chunk sits in, and reads the colons as text with directives off', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#source').fill(NOTE_DOCUMENT);
    await page.locator('#opt-chunkSize').fill('80');
    await splitDone(page);
    const chips = page.locator('.card .badge.container');
    expect(await chips.count()).toBeGreaterThan(1);
    expect(await chips.first().textContent()).toBe('note: Before you start');
    expect(await page.locator('#doc-syntax').textContent()).toBe('directive');

    await page.locator('#dialects summary').click();
    await page.locator('#syntax-directive').selectOption('off');
    await splitDone(page);
    expect(await chips.count()).toBe(0);
  });

  it('compares with LangChain on a long table and exports the chunks', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#example').selectOption('table');
    await splitDone(page);
    const count = await chunkCount(page);
    expect(count).toBeGreaterThan(1);

    await page.locator('#tab-compare').click();

    // The outline and LangChain's split are read when a view shows them.

    await splitDone(page);
    const orphans = page.locator('#compare-table tr[data-metric="orphan table rows"] td');
    expect(await orphans.nth(0).textContent()).toBe('0');
    expect(Number(await orphans.nth(1).textContent())).toBeGreaterThan(0);
    await screenshot(page, 'desktop-compare');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#download-jsonl').click(),
    ]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(count);
    const first = JSON.parse(lines[0] as string);
    expect(first.text).toContain('# The first 54 elements');
    expect(first.start).toBe(0);
  });

  it('opens a markdown file and downloads its chunks as JSON', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#file-input').setInputFiles({
      name: 'field-notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(DOCUMENT.replace(/\n/g, '\r\n')),
    });
    await page.locator('#toast', { hasText: 'Opened field-notes.md' }).waitFor();
    await splitDone(page);
    expect(await sourceText(page)).toBe(DOCUMENT);
    expect(await page.locator('#example').inputValue()).toBe('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#download-json').click(),
    ]);
    expect(download.suggestedFilename()).toBe('field-notes.json');
    const json = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(json.options).toMatchObject({ chunkSize: 500, sizeUnit: 'characters' });
    expect(json.chunks).toHaveLength(await chunkCount(page));
    for (const chunk of json.chunks) {
      expect(DOCUMENT.slice(chunk.start, chunk.end).length).toBeGreaterThan(0);
    }
  });

  it('shows the library’s message for an invalid option', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#opt-chunkSize').fill('0');
    await splitDone(page);
    // In words: the field and what it accepts.
    await expect
      .poll(() => page.locator('#error').textContent())
      .toBe('Chunk size must be a number above 0, not 0');
    expect(await page.locator('#opt-chunkSize').getAttribute('aria-invalid')).not.toBeNull();

    await page.locator('#opt-chunkSize').fill('400');
    await splitDone(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(await chunkCount(page)).toBeGreaterThan(0);
  });

  it('fits a phone screen', async () => {
    current = await visit(browser, { viewport: PHONE });
    const { page } = current;
    await page.locator('#example').selectOption('code');
    await splitDone(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone');
    await page.locator('#tab-sections').click();
    // The outline and LangChain's split are read when a view shows them.
    await splitDone(page);
    await page.locator('.tree .section').first().waitFor();
    await page.locator('.tabs').evaluate((tabs) => tabs.scrollIntoView());
    await screenshot(page, 'phone-sections');
  });

  it('works from the keyboard: cards take focus and Enter selects one', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#example').selectOption('code');
    await splitDone(page);
    // Nothing hidden from assistive technology takes focus.
    const hiddenFocusable = await page.$$eval(
      '[aria-hidden="true"] a, [aria-hidden="true"] button, [aria-hidden="true"] [tabindex], [aria-hidden="true"] textarea',
      (elements) => elements.filter((element) => (element as HTMLElement).tabIndex >= 0).length,
    );
    expect(hiddenFocusable).toBe(0);
    await page.locator('.card').first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-chunk'))).toBe('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.card.selected').getAttribute('data-chunk')).toBe('1');
    const active = await page.$$eval('#source .chunk.active', (marks) =>
      marks.map((mark) => mark.getAttribute('data-c')?.split(' ') ?? []),
    );
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((chunks) => chunks.includes('1'))).toBe(true);
  });

  it('keeps the last good result while an option is invalid, and counts issues as the Stats tab', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#example').selectOption('code');
    await page.locator('#opt-chunkSize').fill('80');
    await page.locator('#opt-maxOverflowRatio').fill('3');
    await splitDone(page);
    const count = await chunkCount(page);
    const issues = Number(await page.locator('#issue-count').textContent());
    await page.locator('#tab-stats').click();
    const stats = (await page.locator('#stats-issues').textContent()) ?? '';
    expect(Number(stats.split(' ')[0])).toBe(issues);
    // Over the chunk size within the limit the ratio allows is information, not an issue.
    const over = Number(await page.locator('[data-check="over-chunk-size"] strong').textContent());
    expect(over).toBeGreaterThan(0);
    expect(await page.locator('[data-check="over-chunk-size"]').getAttribute('class')).toBe('info');
    const broken = await page.$$eval('#checks li.warn strong', (counts) => counts.length);
    if (broken === 0) expect(issues).toBe(0);

    await page.locator('#opt-chunkSize').fill('0');
    await splitDone(page);
    await expect.poll(() => page.locator('#error').textContent()).toContain('Chunk size');
    expect(await chunkCount(page)).toBe(count);
    await page.locator('#tab-chunks').click();
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
  });

  it('draws both Compare histograms on one scale', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#example').selectOption('table');
    await splitDone(page);
    await page.locator('#tab-compare').click();
    // The outline and LangChain's split are read when a view shows them.
    await splitDone(page);
    const ticks = await page.$$eval('.compare-column svg', (charts) =>
      charts.map((chart) => [...chart.querySelectorAll('text')].map((text) => text.textContent)),
    );
    expect(ticks).toHaveLength(2);
    // The tallest bar's count, then the x axis's ends: the same on both (markers follow).
    expect(ticks[0]?.slice(0, 4)).toEqual(ticks[1]?.slice(0, 4));
  });

  it('follows a dark system theme', async () => {
    current = await visit(browser, { colorScheme: 'dark' });
    const { page } = current;
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await visit(browser);
    try {
      const lightBackground = await light.page.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
      expect(dark).not.toBe(lightBackground);
      expect(dark).toBe('rgb(16, 20, 27)');
    } finally {
      await light.page.context().close();
    }
  });
});
