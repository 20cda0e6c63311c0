import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { mdc, mdx, myst } from '../src/syntax.js';
import { hasOpenFence } from './helpers/invariants.js';

/** Edges of `maxRawSize` found on real docs (issue 25, leftovers of the last wave). */
describe('the raw cap', () => {
  test('pieces cut as text end after their last character, also where the text is not the source as written', () => {
    const markdown =
      '- <div>\n  Я використовувала Starlight на попередній роботі й була у захваті палюбіць палюбіць палюбіць палюбіць палюбіць\n  </div>';
    const { chunks } = chunkdown({ chunkSize: 30, maxRawSize: 60 }).split(markdown);
    expect(chunks.some((chunk) => chunk.cut)).toBe(true);
    for (const chunk of chunks) {
      const source = markdown.slice(chunk.start, chunk.end);
      const lastWord = chunk.text.split(/\s+/).at(-1) as string;
      expect(source.endsWith(lastWord)).toBe(true);
    }
  });

  test('a container with no body whose opener is over the cap is cut as text, never dropped', () => {
    // Nuxt UI's pages show a component by its props alone: `::component-code`, a YAML block, `::`.
    const props = Array.from({ length: 12 }, (_, i) => `key${i}: 'value number ${i}'`);
    const pages = [
      {
        syntax: mdc(),
        markdown: `::component-code\n---\nprops:\n${props.map((line) => `  ${line}`).join('\n')}\n---\n::`,
      },
      { syntax: myst(), markdown: `:::{note}\n---\n${props.join('\n')}\n---\n:::` },
    ];
    for (const { syntax, markdown } of pages) {
      const page = `# Title\n\nIntro text here.\n\n${markdown}\n\nAfter text.\n`;
      const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 300, syntax }).split(page);
      const written = chunks.map((chunk) => chunk.text).join('\n');
      for (let i = 0; i < 12; i++) expect(written).toContain(`value number ${i}'`);
      expect(chunks.some((chunk) => chunk.cut)).toBe(true);
      for (const chunk of chunks) expect(chunk.rawSize).toBeLessThanOrEqual(300);
    }
  });

  test('code in containers keeps its fences under the cap: its info string gives way first', () => {
    // Astro's recipes: a fence whose info string is under half the cap, in a `<Fragment>` in tabs
    // in a step, whose openers every piece repeats.
    const lines = Array.from({ length: 12 }, (_, i) => `       const value${i} = compute(${i});`);
    const markdown = [
      'import { Steps } from "@astrojs/starlight/components";',
      '',
      '<Steps>',
      '3. <UIFrameworkTabs>',
      '     <Fragment slot="preact">',
      '       ```tsx title="src/components/FeedbackForm.tsx" "/api/feedback" add={1, 4-17, 34} add="onSubmit={submit}" "formData"',
      ...lines,
      '       ```',
      '     </Fragment>',
      '   </UIFrameworkTabs>',
      '</Steps>',
      '',
    ].join('\n');
    const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 300, syntax: [mdx()] }).split(
      markdown,
    );
    const code = chunks.filter((chunk) => chunk.text.includes('compute('));
    expect(code.length).toBeGreaterThan(1);
    for (const chunk of code) {
      expect(hasOpenFence(chunk.text)).toBe(false);
      expect(chunk.text).toContain('```tsx');
      expect(chunk.rawSize).toBeLessThanOrEqual(300);
    }
    for (let i = 0; i < 12; i++)
      expect(code.some((chunk) => chunk.text.includes(`value${i} =`))).toBe(true);
  });

  test('a heading before what the cap cuts as text goes into its first piece', () => {
    // A JSX element kept whole, whose estimate fit the cap and whose text does not: the heading
    // was left a chunk of its own, though the first piece cut as text had room for it.
    const videos = Array.from(
      { length: 6 },
      (_, index) =>
        `\t\t{\n\t\t\thref: 'https://www.youtube.com/watch?v=video${index}',\n\t\t\ttitle: 'Video number ${index} of the series',\n\t\t},`,
    ).join('\n');
    const markdown = `import YouTubeGrid from './grid';\n\n### Community videos\n\n<YouTubeGrid\n\tvideos={[\n${videos}\n\t]}\n/>\n`;
    const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 300, syntax: [mdx()] }).split(
      markdown,
    );
    expect(chunks.some((chunk) => chunk.cut)).toBe(true);
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^#+ [^\n]*$/);
    expect(chunks.find((chunk) => chunk.text.startsWith('###'))?.text).toMatch(
      /^### Community videos\n\n<YouTubeGrid/,
    );
  });

  test('an empty heading is never a chunk of its own', () => {
    const html = `<div>\n${'html '.repeat(30)}\n</div>`;
    for (const markdown of [`##\n\n#\n\n${html}`, `${html}\n\n## A\n\n${html}\n\n##`]) {
      const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 120 }).split(markdown);
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) expect(chunk.text).not.toMatch(/^#+$/);
    }
  });

  test('code whose info string nearly fills the cap is cut into closed fenced pieces that keep their language', () => {
    const markdown =
      '```astro title="src/pages/index.astro" del={2,3,8}\nconst title = "Hello";\n<h1>{title}</h1>\n```\n';
    const { chunks } = chunkdown({ chunkSize: 30, maxRawSize: 60 }).split(markdown);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.rawSize).toBeLessThanOrEqual(60);
      expect(hasOpenFence(chunk.text)).toBe(false);
      expect(chunk.text).toMatch(/^```astro\b/);
    }
  });

  test('a link cut as text does not read as a link to a shorter address', () => {
    const url =
      'https://example.com/a/very/long/path/that/goes/on/and/on/for/a/while/index.html?query=value';
    const { chunks } = chunkdown({ chunkSize: 50, maxRawSize: 60 }).split(
      `See [the docs](${url}) for more.`,
    );
    const pieces = chunks.filter((chunk) => chunk.cut);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.rawSize).toBeLessThanOrEqual(60);
      // No GFM literal autolink starts in a piece that stops inside the URL.
      expect(piece.text).not.toMatch(/(?<!\\)https?:\/\/\S*$/);
    }
    expect(pieces.map((piece) => piece.text.replaceAll('\\', '')).join('')).toContain(
      url.slice(0, 40),
    );
  });

  test('an alert whose marker line has a title repeats it once per piece, never as a piece of its own', () => {
    // docsy's lookandfeel.md: the whole marker line was repeated in every piece, so a re-split
    // under the cap made pieces of the marker alone (no source, no content), round after round.
    const markdown =
      '## Alerts\n\n> [!NOTE] Coming soon: how to customize alerts\n>\n> - `alert-primary` is the default\n> - `alert-<AlertType>` is used\n';
    for (const [maxRawSize, context] of [
      [120, true],
      [80, false],
      [60, true],
    ] as const) {
      const { chunks } = chunkdown({ chunkSize: 100, maxRawSize, context }).split(markdown);
      expect(chunks.length).toBeLessThanOrEqual(5);
      for (const chunk of chunks) {
        expect(chunk.end).toBeGreaterThan(chunk.start);
        expect(chunk.contentSize).toBeGreaterThan(0);
      }
      const text = chunks.map((chunk) => chunk.text).join('\n');
      for (const word of ['alert-primary', 'default', 'alert-<AlertType>', 'customize'])
        expect(text).toContain(word);
      // Pieces of the alert after its first repeat its type (and its title where that fits),
      // unescaped; the first holds some of the alert's words, not its marker line alone.
      for (const chunk of chunks.slice(1)) expect(chunk.text).toMatch(/^> \[!NOTE\][ \n]/);
      // (Under the smallest cap, the heading and the marker line, cut after its first words.)
      expect(chunks[0]?.text).toMatch(/alerts\n>\n> [*-] |^## Alerts\n\n> \[!NOTE\] Coming soon:$/);
    }
  });

  test('a short alert title is repeated whole in the pieces of a re-split', () => {
    const items = Array.from(
      { length: 6 },
      (_, index) =>
        `> - \`option-${index}\` [link ${index}](https://example.com/a/very/long/path/${index}) sets it`,
    ).join('\n');
    const markdown = `## Alerts\n\n> [!NOTE] Read this\n>\n> Intro sentence of the alert that says what it is about.\n>\n${items}\n`;
    const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 200 }).split(markdown);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    // The marker line leads in: the first chunk holds the alert's first sentence.
    expect(chunks[0]?.text).toContain('Intro sentence');
    for (const chunk of chunks.slice(1)) {
      expect(chunk.rawSize).toBeLessThanOrEqual(200);
      expect(chunk.text).toMatch(/^> \[!NOTE\] Read this\n/);
    }
  });
});
