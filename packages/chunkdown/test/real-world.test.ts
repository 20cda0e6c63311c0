import { describe, expect, test } from 'vitest';
import { type ChunkdownOptions, chunkdown } from '../src/index.js';
import { checkInvariants } from './helpers/invariants.js';

/**
 * Minimized cases of markup found in real documentation sites (MDX and Astro/Starlight docs,
 * Hugo and Jekyll sites, …): each chunk must stay true on its own (SPEC §4, §6 invariant 7), at
 * sizes where the construct has to be split.
 */
const sizes: ChunkdownOptions[] = [
  { chunkSize: 20 },
  { chunkSize: 60, maxOverflowRatio: 1.5 },
  { chunkSize: 100, maxOverflowRatio: 1.5, maxRawSize: 300 },
  { chunkSize: 500, maxOverflowRatio: 1.5 },
];

function holds(markdown: string): void {
  for (const options of sizes) checkInvariants(markdown, options);
}

describe('text that the source kept plain by its indentation', () => {
  test('an indented `---` under a paragraph line stays text, not a heading underline', () => {
    holds(
      'Add a file with the following content, then build the site again:\n\n{% raw %}\n    ---\n    ---\n    {% include css/theme.scss.liquid color_scheme="foo" %}\n{% endraw %}\n\nThen switch the scheme in the settings.',
    );
  });

  test('an indented `1.` in a list item paragraph stays text, not a nested list', () => {
    holds(
      '  1. **Global**, for the whole project:\n    1. (for designers): in the configuration file,\n       under the extra heading\n    2. (for contributors): in external files\n  2. **Local**, in each page.',
    );
  });

  test('the serializer keeps no escape that the source did not need', () => {
    const [chunk] = chunkdown({ chunkSize: 500 }).splitText(
      'Use 2. as a number, and # as a sign.\nA second line - with a dash.',
    );
    expect(chunk).toBe('Use 2. as a number, and # as a sign.\nA second line - with a dash.');
  });
});

describe('raw HTML, MDX and templating', () => {
  const tabs = [
    '<Tabs groupId="manager">',
    '<TabItem value="npm" label="npm">',
    '```bash',
    'npm install --save-dev the-package-with-a-long-name',
    '```',
    '</TabItem>',
    '<TabItem value="yarn" label="Yarn">',
    '## Not a heading: still HTML here',
    '[label]: https://example.com/not-a-definition',
    'It costs 100&#37; of nothing.',
    '</TabItem>',
    '</Tabs>',
  ].join('\n');

  test('a component is cut only before a tag that starts HTML on its own', () => {
    holds(tabs);
    const { chunks } = chunkdown({ chunkSize: 60 }).split(tabs);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text).toMatch(/^<(?:Tabs|TabItem)\b/);
      expect(tabs.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
  });

  test('a block with no safe cut stays whole and says why', () => {
    const comment = `<!--\n${'## Not a heading\n\nA line of words that is not markdown.\n\n'.repeat(6)}-->`;
    const [chunk, ...rest] = chunkdown({ chunkSize: 60 }).split(comment).chunks;
    expect(rest).toEqual([]);
    expect(chunk?.text).toBe(comment);
    expect(chunk?.overflow).toMatchObject({ reason: 'never-split', nodeType: 'html' });
    holds(comment);
  });

  test('under maxRawSize a block too big for the cap is cut as text, every word kept', () => {
    const comment = `<!--\n${'## Not a heading\n\nA line of words that is not markdown.\n\n'.repeat(6)}-->`;
    const { chunks } = checkInvariants(comment, { chunkSize: 60, maxRawSize: 120 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.cut && chunk.text.length <= 120)).toBe(true);
  });

  test('the html rule keeps a block whole', () => {
    const [chunk, ...rest] = chunkdown({
      chunkSize: 60,
      rules: { html: { split: 'never-split' } },
    }).split(tabs).chunks;
    expect(rest).toEqual([]);
    expect(chunk?.text).toBe(tabs);
  });

  test('template tags inside HTML stay HTML', () => {
    holds(
      `<div class="note">\n{% raw %}\n${'{{< tab header="Config" >}}\n### Not a heading either\n{{< /tab >}}\n'.repeat(4)}{% endraw %}\n</div>`,
    );
  });
});

describe('fences that only a line-by-line reader sees', () => {
  test('an MDX code example split by CommonMark into HTML and indented code stays together', () => {
    const example = [
      '<section>',
      '  <div>',
      '    ```js displayName="Create an HTTP Server"',
      '    // server.mjs',
      "    import { createServer } from 'node:http';",
      '',
      '    const server = createServer((req, res) => {',
      "      res.end('Hello World!');",
      '    });',
      '    ```',
      '  </div>',
      '</section>',
    ].join('\n');
    const markdown = `## Example\n\nSome words before the example.\n\n${example}\n\nSome words after it, in a paragraph of their own.`;
    for (const options of sizes) {
      const { chunks } = checkInvariants(markdown, options);
      const holding = chunks.filter((chunk) => chunk.text.includes('server.mjs'));
      expect(holding).toHaveLength(1);
      expect(holding[0]?.text).toContain("res.end('Hello World!');");
    }
  });

  test('a Jekyll example whose closing fence opens a block the source never closes', () => {
    // kramdown's `markdown="1"`: CommonMark puts the opening fence line into the HTML block that
    // `</div>` starts, so the last fence opens a code block that runs to the end of the page. The
    // chunk ends the page as the source does, without a closing fence of its own.
    const markdown = [
      '# Buttons',
      '',
      'Buttons come in several colors, and each one is a link with a class on it.',
      '',
      '<div class="code-example" markdown="1">',
      '[Link button](https://example.com){: .btn }',
      '',
      '</div>',
      '```markdown',
      '[Link button](https://example.com){: .btn }',
      '',
      '```',
      '',
    ].join('\n');
    for (const options of [...sizes, { chunkSize: 1500 }]) {
      const { chunks } = checkInvariants(markdown, options);
      expect((chunks.at(-1) as { text: string }).text.endsWith('{: .btn }\n\n```')).toBe(true);
    }
  });

  test('a piece of a list item that starts with indented HTML keeps the item together', () => {
    // An MDX `<Steps>` list (Starlight) whose item holds `<TabItem>` blocks around code indented
    // past the item: a piece that starts at an indented tag must not move the column the item's
    // content starts at (its later lines would fall out of the item).
    const tab = (label: string) => [
      `      <TabItem label="${label}">`,
      '',
      `        Run the command from ${label}, and read what it prints:`,
      '',
      '        ```',
      `        const output = run('${label.toLowerCase()}', ['ping', message]);`,
      '        const response = output.stdout;',
      '        ```',
      '',
      '      </TabItem>',
      '',
    ];
    const markdown = [
      '<Steps>',
      '',
      '1.  ##### Run the sidecar',
      '',
      '    Run the sidecar from either language.',
      '',
      '    <Tabs>',
      '',
      ...tab('JavaScript'),
      ...tab('Rust'),
      '    </Tabs>',
      '',
      '</Steps>',
    ].join('\n');
    for (let chunkSize = 60; chunkSize <= 300; chunkSize += 20) {
      const { chunks } = checkInvariants(markdown, { chunkSize, maxOverflowRatio: 1.5 });
      for (const chunk of chunks) expect(chunk.text).not.toMatch(/^\d+\.[ \t]{2,}</);
    }
  });

  test('a region of many examples in one indented code block is cut where its fences close', () => {
    const example = (name: string) => [
      `    \`\`\`js displayName="${name}"`,
      ...Array.from(
        { length: 14 },
        (_, index) => `    const ${name.toLowerCase()}${index} = await run(${index});`,
      ),
      '    ```',
      '',
    ];
    const markdown = [
      '<section>',
      '  <div>',
      ...example('Server').slice(0, 8),
      '',
      ...example('Server').slice(8),
      ...example('Tests'),
      ...example('Streams'),
      ...example('Threads'),
      ...example('Workers'),
      ...example('Timers'),
      '  </div>',
      '</section>',
    ].join('\n');
    expect(markdown.length).toBeGreaterThan(3000);
    // (Under a raw cap smaller than one example, the HTML that opens the first cannot be kept
    // with its closing fence: that piece is cut as text.)
    for (const chunkSize of [20, 60, 100]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, maxOverflowRatio: 1.5 });
      // A chunk per example, the first with the HTML that opens it.
      expect(chunks.length).toBeGreaterThanOrEqual(4);
    }
  });

  test('a heading inside a Jekyll example that CommonMark splits stays with the example', () => {
    const markdown = [
      '## Inline code',
      '',
      'Code can be rendered inline by wrapping it in single back ticks.',
      '',
      '<div class="code-example" markdown="1">',
      'Lorem ipsum dolor sit amet, `<inline code snippet>` adipisicing elit.',
      '',
      '## Heading with `<inline code snippet>` in it.',
      '{: .no_toc }',
      '</div>',
      '```markdown',
      'Lorem ipsum dolor sit amet, `<inline code snippet>` adipisicing elit.',
      '',
      '## Heading with `<inline code snippet>` in it.',
      '```',
      '',
      '## Syntax highlighted code blocks',
      '',
      'Use the built-in syntax highlighting for code blocks by using three backticks.',
    ].join('\n');
    for (const options of [{ chunkSize: 100, maxOverflowRatio: 1.5 }, { chunkSize: 200 }]) {
      checkInvariants(markdown, options);
    }
  });
});
