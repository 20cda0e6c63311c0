import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, screenshot, splitDone, type Visit, visit } from './browser.ts';

// Issue 45: issues that are real (checked as the dialect in use reads a chunk), the library's
// defaults, a rendered view that runs no script, "Copy as code", and layouts that fit.

const MKDOCS = `# Install

!!! note "Before you start"

    You need Python 3.

    \`\`\`sh
    python --version
    \`\`\`

    Restart the shell after.

=== "pip"

    \`\`\`sh
    pip install tool
    \`\`\`

=== "pipx"

    ??? tip "Isolated"

        \`\`\`sh
        pipx install tool
        \`\`\`

## Use

Run it.
`;

const MDX = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Install

<Tabs>
  <TabItem value="npm" label="npm">

    \`\`\`bash
    npm install tool
    \`\`\`

  </TabItem>
  <TabItem value="pnpm" label="pnpm">

    \`\`\`bash
    pnpm add tool
    \`\`\`

  </TabItem>
</Tabs>

Then run it.
`;

const TEMPLATE = `# Install

{% tabs %}
{% tab npm %}

\`\`\`sh
npm install tool
\`\`\`

{% endtab %}
{% tab yarn %}

    \`\`\`sh
    yarn add tool
    \`\`\`

{% endtab %}
{% endtabs %}

{{< note >}}
\`\`\`sh
tool --help
\`\`\`
{{< /note >}}

Then run it.
`;

const TABLE_AND_SCRIPT = `# Elements

| Element | Symbol |
| --- | --- |
| Hydrogen | H |
| Helium | He |

<script>window.pwned = 1</script>

<img src="missing.png" onerror="window.pwned = 2">

[a link](javascript:window.pwned=3)
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

async function open(text: string, viewport = DESKTOP): Promise<Visit> {
  current = await visit(browser, { viewport });
  await current.page.locator('#source').fill(text);
  await splitDone(current.page);
  return current;
}

const issues = async (visited: Visit) =>
  Number(await visited.page.locator('#issue-count').textContent());

describe('issues', () => {
  it('reads fences in MkDocs bodies and MDX children as those dialects do: no issue', async () => {
    const mkdocs = await open(MKDOCS);
    expect(await mkdocs.page.locator('#doc-syntax').textContent()).toContain('mkdocs');
    expect(await issues(mkdocs)).toBe(0);
    expect(await mkdocs.page.locator('.badge.bad').count()).toBe(0);
    await mkdocs.page.context().close();

    const mdx = await open(MDX);
    expect(await mdx.page.locator('#doc-syntax').textContent()).toContain('mdx');
    expect(await issues(mdx)).toBe(0);
    expect(await mdx.page.locator('.badge.bad').count()).toBe(0);
  });

  it('reads a template document with fences inside its tag pairs: no issue', async () => {
    const visited = await open(TEMPLATE);
    expect(await visited.page.locator('#doc-syntax').textContent()).toContain('template');
    expect(await issues(visited)).toBe(0);
    expect(await visited.page.locator('.badge.bad').count()).toBe(0);
  });

  it('shows what really breaks a chunk, worded with its count', async () => {
    const long = `Intro.\n\nhttps://example.com/${'a'.repeat(700)}\n\nOutro.`;
    const visited = await open(long);
    expect(await issues(visited)).toBe(1);
    expect(await visited.page.locator('.badge.bad').first().textContent()).toMatch(
      /over (the size )?limit/,
    );
    await visited.page.locator('#tab-stats').click();
    expect(await visited.page.locator('#stats-issues').textContent()).toMatch(
      /^1 of 3 chunks with an issue/,
    );
  });

  it('starts at the library’s defaults and marks what differs', async () => {
    current = await visit(browser);
    const { page } = current;
    expect(await page.locator('#opt-maxOverflowRatio').inputValue()).toBe('1');
    expect(await page.locator('.field.control-changed').count()).toBe(0);
    await page.locator('#opt-chunkSize').fill('300');
    await splitDone(page);
    expect(
      await page.locator('.field.control-changed', { has: page.locator('#opt-chunkSize') }).count(),
    ).toBe(1);
    await page.locator('#copy-code summary').click();
    // The box fills its code on the `toggle` event, which the browser fires after the click.
    await page.waitForFunction(
      () => (document.querySelector('#code-cli')?.textContent ?? '') !== '',
    );
    expect(await page.locator('#code-cli').textContent()).toBe('chunkdown doc.md --chunk-size 300');
    expect(await page.locator('#code-js').textContent()).toContain('chunkSize: 300');
    expect(await page.locator('#code-js').textContent()).toContain('syntax: auto()');
  });
});

describe('the rendered view', () => {
  it('shows a table as a table, and no script from a chunk runs', async () => {
    const { page } = await open(TABLE_AND_SCRIPT);
    const card = page.locator('.card', { hasText: '| Hydrogen |' }).first();
    await card.locator('.card-view').click();
    expect(await card.locator('.chunk-html table td').first().textContent()).toBe('Hydrogen');
    expect(await card.locator('.chunk-text').isHidden()).toBe(true);
    for (const other of await page.locator('.card .card-view').all()) {
      if ((await other.getAttribute('aria-pressed')) !== 'true') await other.click();
    }
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('.chunk-html script, .chunk-html [onerror]').count()).toBe(0);
    expect(await page.locator('.chunk-html a[href^="javascript:"]').count()).toBe(0);
    await screenshot(page, 'desktop-rendered');
    // And back to the markdown.
    await card.locator('.card-view').click();
    expect(await card.locator('.chunk-text').isVisible()).toBe(true);
  });
});

describe('folders', () => {
  it('chunks a few hundred files in the worker: a row each, totals, and a row opens its file', async () => {
    current = await visit(browser);
    const { page } = current;
    const files = Array.from({ length: 300 }, (_, index) => ({
      name: `page-${String(index).padStart(3, '0')}.${index % 3 === 0 ? 'mdx' : 'md'}`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        index % 3 === 0
          ? MDX.replace('Then run it.', `Page ${index}.`)
          : `${MKDOCS}\n\nPage ${index} ends here.`,
      ),
    }));
    await page.locator('#file-input').setInputFiles(files);
    await page.locator('#folder-totals', { hasText: 'Total' }).waitFor({ timeout: 120_000 });
    expect(await page.locator('#tab-folder').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('#folder-table tbody tr').count()).toBe(300);
    const totals = (await page.locator('#folder-totals').textContent()) ?? '';
    expect(totals).toMatch(
      /^Total: 300 files, [\d,]+ chunks, median \d+ chars, 0 chunks with an issue\.$/,
    );
    expect(await page.locator('#folder-chart svg').count()).toBe(1);
    await screenshot(page, 'desktop-folder');
    await page.locator('#folder-table button', { hasText: 'page-004.md' }).click();
    await page.locator('#toast', { hasText: 'Opened page-004.md' }).waitFor();
    await splitDone(page);
    expect(await page.locator('#tab-chunks').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.card .chunk-text', { hasText: 'Page 4 ends here.' }).count()).toBe(
      1,
    );
  });
});

describe('layout', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`fits its controls at ${viewport.width} px`, async () => {
      const { page } = await open(MKDOCS, viewport);
      if (name === 'phone') await page.locator('#options > summary').click();
      // No control is cut: every select and input is as wide as its text needs, within the page.
      const clipped = await page.$$eval('#options-form select, #options-form input', (controls) =>
        controls
          .filter((control) => (control as HTMLElement).offsetParent !== null)
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return (
              box.right > document.documentElement.clientWidth + 1 ||
              control.scrollWidth > control.clientWidth + 1
            );
          })
          .map((control) => control.id),
      );
      expect(clipped).toEqual([]);
      await screenshot(page, `quality-${name}`, true);
    });
  }
});
