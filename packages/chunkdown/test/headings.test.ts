import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import type { ChunkdownOptions } from '../src/index.js';
import { auto } from '../src/syntax.js';
import { checkInvariants } from './helpers/invariants.js';

/** SPEC §4: a heading stays with the start of its content; no chunk holds only headings. */
const parser = unified().use(remarkParse).use(remarkGfm);

function headingOnly(text: string): boolean {
  const tree = parser.parse(text) as Root;
  return tree.children.every((node) => node.type === 'heading' || node.type === 'thematicBreak');
}

function chunks(markdown: string, options: ChunkdownOptions): string[] {
  const result = checkInvariants(markdown, options).chunks.map((chunk) => chunk.text);
  for (const text of result) expect(headingOnly(text), text).toBe(false);
  return result;
}

const prose = (words: number, seed: string) =>
  Array.from({ length: words }, (_, index) => `${seed}${index}`).join(' ');

describe('headings never stand alone', () => {
  test('a heading longer than the chunk size is kept whole, with the start of its content', () => {
    const heading = `## ${prose(30, 'title')}`;
    const markdown = `${heading}\n\n${prose(20, 'body')}. ${prose(20, 'more')}.`;
    const result = chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5 });
    const withHeading = result.filter((text) => text.includes('title0'));
    expect(withHeading).toHaveLength(1);
    expect(withHeading[0]).toContain(`${heading}\n\nbody0`);
  });

  test('a section that does not fit takes its first subsection’s heading and start along', () => {
    const markdown = `# Doc\n\n## 2.5.13\n\n### Bug fixes\n\n${Array.from(
      { length: 12 },
      (_, index) => `* fix number ${index} of the release, with words`,
    ).join('\n')}\n\n## 2.4.13\n\n### Features\n\n* one small feature`;
    const result = chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5 });
    expect(
      result.some((text) => text.includes('## 2.5.13\n\n### Bug fixes\n\n* fix number 0')),
    ).toBe(true);
  });

  test('an empty section joins its neighbour', () => {
    const markdown = `## A\n\n${prose(30, 'a')}.\n\n###### Empty\n\n## B\n\n${prose(30, 'b')}.`;
    const result = chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5 });
    expect(result.find((text) => text.includes('###### Empty'))).toMatch(/[ab]\d/);
  });

  test('headings in a row that do not fit together still go with content', () => {
    const markdown = `# ${prose(12, 'one')}\n\n## ${prose(12, 'two')}\n\n### ${prose(12, 'three')}\n\n${prose(40, 'body')}.`;
    chunks(markdown, { chunkSize: 60, maxOverflowRatio: 1 });
  });

  test('a heading last in the document joins the content before it', () => {
    const markdown = `## A\n\n${prose(40, 'a')}.\n\n## ${prose(25, 'last')}`;
    const result = chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5 });
    expect(result.at(-1)).toMatch(/a39\.\n\n## last0/);
  });

  test('also under a raw size cap', () => {
    const markdown = `# Doc\n\n## 2.5.13\n\n### Bug fixes\n\n${Array.from(
      { length: 12 },
      (_, index) => `* fix number ${index} of the release, with words`,
    ).join('\n')}\n\n###### Empty\n\n## Next\n\n${prose(30, 'n')}.`;
    chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5, maxRawSize: 300 });
  });

  test('under the raw cap, a heading that cannot go with what follows goes with what precedes', () => {
    // Electron's API docs: a method heading, then an HTML comment that fills the cap alone.
    const comment = [
      '<!--',
      '```YAML history',
      'changes:',
      '  - pr-url: https://github.com/electron/electron/pull/23265',
      '    description: "Deprecated calling this method in the renderer process of the app."',
      '    breaking-changes-header: deprecated-methods-in-the-renderer-process',
      '```',
      '-->',
    ].join('\n');
    const markdown = [
      '## Methods',
      '',
      `${prose(12, 'm')}.`,
      '',
      '> [!NOTE]',
      '> This method is only available in the main process.',
      '',
      '### `reporter.setUploadToServer(uploadToServer)`',
      '',
      comment,
      '',
      `* \`uploadToServer\` boolean - ${prose(10, 'u')}.`,
    ].join('\n');
    const texts = chunks(markdown, { chunkSize: 100, maxOverflowRatio: 1.5, maxRawSize: 300 });
    expect(
      texts.some((text) => text.endsWith('### `reporter.setUploadToServer(uploadToServer)`')),
    ).toBe(true);
  });

  test("an alert's marker line alone stays with the alert's first words, as a heading does", () => {
    // Docsy writes `> [!TIP]`, then `>`, then the text: the marker is a paragraph of its own.
    for (const marker of ['[!TIP]', '[!NOTE] Correct baseURL setting']) {
      const markdown = [
        '## Do I need this structure?',
        '',
        `${prose(14, 'intro')}.`,
        '',
        `> ${marker}`,
        '>',
        `> ${prose(12, 'tip')}.`,
        '',
        `${prose(14, 'after')}.`,
      ].join('\n');
      for (const chunkSize of [40, 100]) {
        const texts = chunks(markdown, { chunkSize, maxOverflowRatio: 1.5 });
        const marked = texts.filter((text) => text.includes(`> ${marker}`));
        expect(marked.length).toBeGreaterThan(0);
        // No piece of the alert is its marker alone: each holds some of the alert's words.
        for (const text of marked) expect(text).toMatch(/> tip\d/);
      }
    }
  });

  test("a callout's marker line and title are never cut, nor left without words of the callout", () => {
    // Obsidian's help: the title line, then one long sentence in the same paragraph.
    const markdown = [
      '## Description',
      '',
      '> [!note] Meta tags',
      '> `description` overrides the auto-generated description in `<meta name="description"',
      '> content="...">` and the equivalents for `og:description` and `twitter:description`.',
      '',
      `${prose(14, 'after')}.`,
    ].join('\n');
    for (const chunkSize of [40, 100]) {
      const texts = chunks(markdown, { chunkSize, maxOverflowRatio: 1.5 });
      const marked = texts.filter((text) => text.includes('[!note]'));
      expect(marked.length).toBeGreaterThan(1);
      for (const text of marked) {
        expect(text).not.toContain('\\[!note]');
        expect(text).toMatch(/^(## Description\n\n)?> \[!note\] Meta tags\n> \S/);
      }
    }
  });

  test("a sentence on an alert's marker line is body, not a title: its pieces repeat only the marker and re-read as they say", () => {
    // SvelteKit's docs: `> [!NOTE] If your environment supports top-level await, the \`init\`
    // function is …`, the whole note on the marker line. Its text was the alert's title, cut at
    // the inline code, repeated in every piece before the rest of the sentence.
    const markdown = `## Hooks\n\n> [!NOTE] ${prose(6, 'await')}, the \`init\` function ${prose(12, 'module')}.\n\n${prose(4, 'after')}.`;
    // The same with a second paragraph in the note (SvelteKit's adapter-node page), or the
    // sentence alone on the marker line and its text only: body all the same.
    // Its pieces, each in a note without a title.
    const notePieces = (text: string, chunkSize: number) => {
      const result = checkInvariants(text, { chunkSize, maxOverflowRatio: 1.5, syntax: auto() });
      const marked = result.chunks.filter((chunk) => chunk.text.includes('[!NOTE]'));
      for (const chunk of marked)
        expect(chunk.containers).toEqual([{ kind: 'alert', name: 'note' }]);
      return marked;
    };
    for (const source of [
      `> [!NOTE] When you use \`handler\` ${prose(12, 'server')}.\n>\n> ${prose(12, 'lifecycle')}.`,
      `> [!NOTE] When you use ${prose(12, 'server')}.\n>\n> ${prose(12, 'lifecycle')}.`,
    ]) {
      const marked = notePieces(source, 60);
      expect(marked.length).toBeGreaterThan(2);
      expect(marked.filter((chunk) => chunk.text.includes('When'))).toHaveLength(1);
    }
    for (const chunkSize of [60, 100]) {
      const marked = notePieces(markdown, chunkSize);
      expect(marked.length).toBeGreaterThan(1);
      for (const chunk of marked.slice(1)) expect(chunk.text).toMatch(/^> \[!NOTE\]\n> \S/);
      // No words twice: the body's words, once each, after the marker.
      const said = marked.flatMap(
        (chunk) => chunk.text.replace(/^(## Hooks\n\n)?> \[!NOTE\]/, '').match(/[\w`]+/g) ?? [],
      );
      expect(said).toEqual(
        markdown
          .split('\n')[2]
          ?.replace('> [!NOTE]', '')
          .match(/[\w`]+/g),
      );
    }
  });

  test('a title line with an anchor in it leads into the body, as a title line of text does', () => {
    // Docsy: `> [!NOTE] Below-navbar positioning <a id="td-below-navbar"></a>`, `>`, then the
    // body. The title line stood alone as a chunk, which re-read as an alert without a title.
    const markdown = `## Cover\n\n> [!NOTE] Below-navbar positioning <a id="below"></a>\n>\n> ${prose(14, 'cover')}.\n> ${prose(14, 'navbar')}.\n`;
    for (const chunkSize of [60, 100]) {
      const result = checkInvariants(markdown, {
        chunkSize,
        maxOverflowRatio: 1.5,
        syntax: auto(),
      });
      for (const chunk of result.chunks.filter((each) => each.text.includes('[!NOTE]'))) {
        expect(chunk.text).toMatch(/\n> \w/);
      }
    }
  });

  test('a marker line longer than a chunk (a sentence after `> [!NOTE]`) is cut, after its first word', () => {
    // Svelte's docs: `>[!NOTE] Vite is often used in standalone mode to build …`, one line.
    const markdown = `## Alternatives\n\n>[!NOTE] ${prose(30, 'vite')}.\n\n${prose(10, 'after')}.`;
    for (const chunkSize of [60, 100]) {
      const result = checkInvariants(markdown, { chunkSize, maxOverflowRatio: 1 });
      for (const chunk of result.chunks) {
        expect(chunk.overflow).toBeNull();
        expect(chunk.text).not.toContain('\\[!NOTE]');
      }
      expect(
        result.chunks.filter((chunk) => chunk.text.includes('[!NOTE]')).length,
      ).toBeGreaterThan(1);
    }
  });
});

describe('breadcrumbs are the headings as read', () => {
  test('without inline HTML (anchors, badges) or an attribute block (`{#id}`)', () => {
    const body = (name: string) =>
      `The first sentence of the ${name} is long enough to fill a chunk. The ${name} goes on in a second sentence, in a chunk of its own.`;
    const markdown = [
      '# Guide <a href="#guide" id="guide"></a>',
      '',
      body('guide'),
      '',
      '## Start staking <a href="#start" id="start"></a> {#start-staking}',
      '',
      body('first section'),
      '',
      '### The <code>sync</code> option <Badge type="tip" text="beta" />',
      '',
      body('option'),
      '',
      '### Ids as kramdown writes them {: #kramdown .note}',
      '',
      body('last section'),
      '',
      '## <img src="logo.png">',
      '',
      body('markup heading'),
      '',
    ].join('\n');
    const { chunks } = checkInvariants(markdown, { chunkSize: 80, context: true });
    const crumbs = (name: string) =>
      chunks
        .find((chunk) => chunk.text.startsWith(`The ${name} goes on`))
        ?.breadcrumbs.map((crumb) => crumb.text);
    expect(crumbs('guide')).toEqual(['Guide']);
    expect(crumbs('first section')).toEqual(['Guide', 'Start staking']);
    expect(crumbs('option')).toEqual(['Guide', 'Start staking', 'The sync option']);
    expect(crumbs('last section')).toEqual([
      'Guide',
      'Start staking',
      'Ids as kramdown writes them',
    ]);
    // A heading of markup only keeps its markup.
    expect(crumbs('markup heading')).toEqual(['Guide', '<img src="logo.png">']);
    const second = chunks.find((chunk) => chunk.text.startsWith('The first section goes on'));
    expect(second?.embedText?.split('\n')[0]).toBe('Guide › Start staking');
  });
});
