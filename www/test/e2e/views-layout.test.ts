import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, screenshot, splitDone, type Visit, visit } from './browser.ts';

// The main view, the rendered view and the Folder view at 1280 × 800 and 390 × 844 (issue 45):
// nothing wider than the page, no control or label cut, the folder table's columns in view.
// Screenshots go to www/test/screenshots/views-<desktop|phone>-<main|rendered|folder>.png.

const DOCUMENT = `# Elements

Chemical elements, with their symbols and what they are used for in daily life.

| Element | Symbol | Used in |
| --- | --- | --- |
| Hydrogen | H | fuel cells |
| Helium | He | balloons |
| Neon | Ne | signs |

!!! note "Noble gases"

    Helium and neon do not react.

    \`\`\`sh
    echo "inert"
    \`\`\`

## Uses

Neon signs glow red; argon fills light bulbs.
`;

let browser: Browser;
let current: Visit | null = null;

beforeAll(async () => {
  browser = await launch();
});

afterEach(async () => {
  if (current) expect(current.errors).toEqual([]);
  await current?.page.context().close();
  current = null;
});

afterAll(async () => {
  await browser?.close();
});

/** Elements in view that are cut: wider than the page, or text wider than their box. */
function cut(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        return (
          box.right > document.documentElement.clientWidth + 1 ||
          (!scrolls && element.scrollWidth > element.clientWidth + 1)
        );
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className} "${(element.textContent ?? '').slice(0, 30)}"`,
      ),
  );
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`lays out the main, rendered and folder views at ${viewport.width} px`, async () => {
    current = await visit(browser, { viewport });
    const { page } = current;
    await page.locator('#source').fill(DOCUMENT);
    await splitDone(page);
    // The page scrolls vertically only.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(await cut(page, 'button, select, .summary-item, .tabs button')).toEqual([]);
    await screenshot(page, `views-${label}-main`);

    const card = page.locator('.card', { hasText: '| Hydrogen |' }).first();
    await card.locator('.card-view').click();
    await card.locator('.chunk-html table').waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await cut(page, '.card button, .card-head, .chunk-html table')).toEqual([]);
    const table = await card.locator('.chunk-html table').boundingBox();
    const box = await card.boundingBox();
    expect(table && box && table.x + table.width <= box.x + box.width + 1).toBe(true);
    await screenshot(page, `views-${label}-rendered`);

    const files = Array.from({ length: 40 }, (_, index) => ({
      name: `guides__section-${index}__a-rather-long-file-name-${index}.${index % 4 === 0 ? 'mdx' : 'md'}`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# Page ${index}\n\n${'Some words to chunk. '.repeat(40 + index)}\n`),
    }));
    await page.locator('#file-input').setInputFiles(files);
    await page.locator('#folder-totals', { hasText: 'Total' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('#folder-table tbody tr').count()).toBe(40);
    expect(await page.locator('#folder-totals').textContent()).toMatch(
      /^Total: 40 files, [\d,]+ chunks, median [\d,]+ chars, 0 chunks with an issue\.$/,
    );
    // Every column of a row is in view, and its cells are as wide as their text needs.
    await page.locator('#folder-table').scrollIntoViewIfNeeded();
    expect(
      await cut(page, '#folder-table th, #folder-table td, #folder-table .link-button'),
    ).toEqual([]);
    const right = await page.$$eval('#folder-table tbody tr:first-child > *', (cells) =>
      cells.map((cell) => cell.getBoundingClientRect().right),
    );
    expect(Math.max(...right)).toBeLessThanOrEqual(viewport.width);
    // Row header cells are left-aligned links (names wrap, they are not centred).
    expect(
      await page
        .locator('#folder-table tbody .link-button')
        .first()
        .evaluate((button) => getComputedStyle(button).textAlign),
    ).toMatch(/^(left|start)$/);
    await screenshot(page, `views-${label}-folder`);
  });
}
