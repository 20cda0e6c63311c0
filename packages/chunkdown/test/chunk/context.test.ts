import { describe, expect, test } from 'vitest';
import {
  createHeader,
  documentTitle,
  embedText,
  headerLimit,
  headerOf as headerOfChunk,
  partLimit,
} from '../../src/chunk/context.js';
import { chunkdown } from '../../src/index.js';
import { parse } from '../../src/parse/parse.js';
import { cl100k_base } from '../../src/tokenize/tokenizers.js';
import type { Chunk, ChunkdownOptions } from '../../src/types.js';
import { full, realDocuments } from '../helpers/corpus.js';
import { checkInvariants } from '../helpers/invariants.js';

const headers = (markdown: string, options: Partial<ChunkdownOptions> = {}) =>
  chunkdown({ chunkSize: 40, ...options, context: true })
    .split(markdown)
    .chunks.map((chunk) => headerOf(chunk));

/** The header line of a chunk's embedText (`''` for none), checking its shape on the way. */
function headerOf(chunk: Chunk): string {
  const embedded = chunk.embedText as string;
  expect(typeof embedded).toBe('string');
  if (embedded === chunk.text) return '';
  expect(embedded.endsWith(`\n\n${chunk.text}`)).toBe(true);
  const header = embedded.slice(0, embedded.length - chunk.text.length - 2);
  expect(header).not.toMatch(/\n/);
  return header;
}

const guide = `# Guide

Guides help. They say what to do.

## Install

Run the installer. Then restart.

### On Linux

Use the package manager of your distribution.`;

describe('createHeader', () => {
  const characters = (text: string) => text.length;
  const crumbs = (...texts: string[]) => texts.map((text, index) => ({ text, depth: index + 1 }));

  test('joins the title and the breadcrumbs, each on one line', () => {
    const header = createHeader({ text: 'Manual', fromHeading: false }, characters, undefined);
    expect(header(crumbs('Guide', 'Install\nit'), undefined)).toBe('Manual › Guide › Install it');
    expect(header([], undefined)).toBe('Manual');
    expect(createHeader(undefined, characters, undefined)([], undefined)).toBe('');
  });

  test('leaves the title out when the first breadcrumb or the leading heading says the same', () => {
    const header = createHeader({ text: 'The Guide', fromHeading: false }, characters, undefined);
    expect(header(crumbs('the guide!', 'Install'), undefined)).toBe('the guide! › Install');
    expect(header([], { text: 'The Guide', depth: 1 })).toBe('');
    // A title from the first h1 is a sibling of another h1, not its ancestor.
    const fromHeading = createHeader({ text: 'Guide', fromHeading: true }, characters, undefined);
    expect(fromHeading(crumbs('Other'), undefined)).toBe('Other');
    expect(fromHeading([{ text: 'Install', depth: 2 }], undefined)).toBe('Guide › Install');
  });

  test('clips long parts, and drops middle parts past the limit', () => {
    const header = createHeader({ text: 'T', fromHeading: false }, characters, undefined);
    const long = 'word '.repeat(30).trim();
    const clipped = header(crumbs(long), undefined).split(' › ')[1] as string;
    expect(clipped.length).toBeLessThanOrEqual(partLimit);
    expect(clipped.endsWith('…')).toBe(true);
    const deep = header(
      crumbs(...Array.from({ length: 8 }, (_, index) => `Section ${index} name`)),
      undefined,
    );
    expect(deep.length).toBeLessThanOrEqual(headerLimit);
    expect(deep).toMatch(/^T › … › .*Section 7 name$/);
  });

  test('under the raw cap, takes at most a quarter of it, or nothing', () => {
    const header = createHeader({ text: 'Manual', fromHeading: false }, characters, 60);
    const made = header(crumbs('Guide', 'Installation steps'), undefined);
    expect(made.length + 2).toBeLessThanOrEqual(15);
    expect(made).toBe('Installation…');
    expect(createHeader({ text: 'Manual', fromHeading: false }, characters, 8)([], undefined)).toBe(
      '',
    );
  });
});

describe('embedText and headerOf', () => {
  test('the header, a blank line and the text; and back', () => {
    expect(embedText('Doc › Part', 'Text.')).toBe('Doc › Part\n\nText.');
    expect(embedText('', 'Text.')).toBe('Text.');
    expect(headerOfChunk({ text: 'Text.', embedText: 'Doc › Part\n\nText.' })).toBe('Doc › Part');
    expect(headerOfChunk({ text: 'Text.', embedText: 'Text.' })).toBe('');
    expect(headerOfChunk({ text: 'Text.' })).toBe('');
  });
});

describe('context: the header of embedText', () => {
  test('is the title and the breadcrumbs; the text is unchanged', () => {
    const plain = chunkdown({ chunkSize: 40 }).split(guide).chunks;
    const chunks = chunkdown({ chunkSize: 40, context: true }).split(guide).chunks;
    expect(chunks.map((chunk) => chunk.text)).toEqual(plain.map((chunk) => chunk.text));
    expect(chunks.map(headerOf)).toEqual([
      // A chunk that starts with the title does not repeat it.
      '',
      'Guide',
      'Guide › Install',
      'Guide › Install › On Linux',
    ]);
  });

  test('the title is front matter `title`, else the first h1', () => {
    expect(headers(`---\ntitle: Fastify\n---\n\n${guide}`).slice(0, 2)).toEqual([
      'Fastify',
      'Fastify › Guide',
    ]);
    // A number, and TOML.
    expect(headers('---\ntitle: 1984\n---\n\nA novel. It is long.')[0]).toBe('1984');
    expect(headers('+++\ntitle = "Hugo page"\n+++\n\nSome text.')[0]).toBe('Hugo page');
    // Front matter that does not parse still gives a plain `title:` line, not a template.
    expect(headers('---\ntitle: {#each ...}\ntags: x\n---\n\nLoops over a list.')[0]).toBe(
      '{#each ...}',
    );
    expect(headers('---\ntitle: {{ .Title }}\nx: {{ .X }}\n---\n\nText.')[0]).toBe('');
    // No title: the breadcrumbs alone, or nothing.
    expect(headers('## Setup\n\nRun it. Then check the output.\n\nIt works.')).toEqual([
      '',
      'Setup',
    ]);
    expect(headers('Just text, no headings at all.')).toEqual(['']);
  });

  test('a paragraph underlined by accident (a setext h1 over lines) is not a title', () => {
    const markdown =
      'Figure 1 shows the curves\nfor every strength of the stimulation\n=\n\nThe next paragraph is long enough to be a chunk of its own.';
    // Still a heading: a breadcrumb, on one line, clipped.
    const crumb = 'Figure 1 shows the curves for every strength of the…';
    expect(headers(markdown, { chunkSize: 30 })).toEqual(['', crumb, crumb]);
    // The first h1 that is one line is the title.
    const tree = parse(`${markdown}\n\n# Real title\n\nText.`);
    expect(documentTitle(undefined, tree)).toEqual({ text: 'Real title', fromHeading: true });
    expect(documentTitle(undefined, parse(markdown))).toBeUndefined();
  });

  test('a title from the first h1 is left out under another h1; front matter stays', () => {
    const twoParts = '# Part one\n\nFirst part text here.\n\n# Part two\n\nSecond part text here.';
    expect(headers(twoParts, { chunkSize: 20 })).toEqual(['', 'Part one', '', 'Part two']);
    expect(headers(`---\ntitle: Book\n---\n\n${twoParts}`, { chunkSize: 20 })).toEqual([
      'Book',
      'Book › Part one',
      'Book',
      'Book › Part two',
    ]);
  });

  test('long headings are clipped, deep paths keep the title and the nearest heading', () => {
    const long = `${'word '.repeat(30).trim()}`;
    const [, header] = headers(`# ${long}\n\nSome text here. And more text here.`, {
      chunkSize: 20,
    });
    expect(header?.length).toBeLessThanOrEqual(partLimit);
    expect(header).toMatch(/^word word .*word…$/);
    const deep = [
      '# Title',
      ...[2, 3, 4, 5, 6].map((depth) => `${'#'.repeat(depth)} Section ${depth} of the reference`),
      'The deepest text. It says the most.',
    ].join('\n\n');
    const last = headers(deep, { chunkSize: 20 }).at(-1) as string;
    expect(last.length).toBeLessThanOrEqual(headerLimit);
    expect(last.startsWith('Title › … › ')).toBe(true);
    expect(last.endsWith('Section 6 of the reference')).toBe(true);
  });

  test('the first part, the nearest and an ellipsis may pass the limit, never more', () => {
    const [x, y, z] = ['x', 'y', 'z'].map((letter) => letter.repeat(200));
    const markdown = `# ${x}\n\n## ${y}\n\n### ${z}\n\nSome text. ${'More text here. '.repeat(8)}`;
    const header = headers(markdown).at(-1) as string;
    expect(header.split(' › ').map((part) => part.length)).toEqual([partLimit, 1, partLimit]);
    expect(header).toMatch(/^x+… › … › z+…$/);
  });
});

describe('context under maxRawSize', () => {
  const section = (depth: number, name: string) =>
    `${'#'.repeat(depth)} ${name}\n\n${`The ${name.toLowerCase()} option does this and that. `.repeat(6).trim()}`;
  const reference = [
    '---\ntitle: A reference with a rather long title for its header\n---',
    section(1, 'Server'),
    section(2, 'Factory'),
    section(3, 'BodyLimit'),
    '```js\nconst app = fastify({ bodyLimit: 1048576 });\nconst other = fastify({ bodyLimit: 2048 });\n```',
    '| option | default | meaning |\n|---|---|---|\n| bodyLimit | 1 MiB | the largest body |\n| caseSensitive | true | routes are case sensitive |',
  ].join('\n\n');

  test('the cap holds for embedText, in characters and tokens, with nothing lost', () => {
    const cases: ChunkdownOptions[] = [
      { chunkSize: 100, maxRawSize: 120 },
      { chunkSize: 60, maxOverflowRatio: 1.5, maxRawSize: 90 },
      { chunkSize: 20, maxRawSize: 24 },
      { chunkSize: 30, lengthFunction: cl100k_base, maxRawSize: 40 },
      { chunkSize: 8, lengthFunction: cl100k_base, maxRawSize: 10 },
    ];
    for (const options of cases) {
      const result = checkInvariants(reference, { ...options, context: true });
      const length = options.lengthFunction ?? ((text: string) => text.length);
      for (const chunk of result.chunks) {
        expect(length(chunk.embedText as string)).toBeLessThanOrEqual(options.maxRawSize as number);
      }
    }
  });

  test('a header takes at most a quarter of the cap: clipped, then left out', () => {
    const chunks = chunkdown({ chunkSize: 20, maxRawSize: 24, context: true }).split(
      reference,
    ).chunks;
    for (const chunk of chunks) expect(headerOf(chunk).length + 2).toBeLessThanOrEqual(6);
    expect(chunks.some((chunk) => headerOf(chunk).endsWith('…'))).toBe(true);
    const roomy = chunkdown({ chunkSize: 100, maxRawSize: 400, context: true }).split(
      reference,
    ).chunks;
    expect(roomy.map(headerOf)).toContain(
      'A reference with a rather long title for its header › Server › Factory › BodyLimit',
    );
  });

  test('text is re-split when header and text pass the cap, and only then', () => {
    const plain = chunkdown({ chunkSize: 100 }).split(reference).chunks;
    // A cap that every chunk's text fits, but not with its header.
    const maxRawSize = Math.max(...plain.map((chunk) => chunk.rawSize));
    expect(chunkdown({ chunkSize: 100, maxRawSize }).split(reference).chunks).toEqual(plain);
    const chunks = chunkdown({ chunkSize: 100, maxRawSize, context: true }).split(reference).chunks;
    expect(chunks.length).toBeGreaterThan(plain.length);
    for (const chunk of chunks) {
      expect((chunk.embedText as string).length).toBeLessThanOrEqual(maxRawSize);
    }
    // Without a cap, context changes no chunk's text.
    const uncapped = chunkdown({ chunkSize: 100, context: true }).split(reference).chunks;
    expect(uncapped.map((chunk) => chunk.text)).toEqual(
      chunkdown({ chunkSize: 100 })
        .split(reference)
        .chunks.map((chunk) => chunk.text),
    );
  });

  test('a construct that fits the cap alone is not cut for a header: it goes without one', () => {
    // The fence and its info string leave no room for a header under this cap.
    const markdown = '# alpha\n\n```python\nalpha\n\n```\n\n- alpha';
    const options = { chunkSize: 1, maxRawSize: 20 };
    const chunks = checkInvariants(markdown, { ...options, context: true }).chunks;
    const code = chunks.filter((chunk) => chunk.text.startsWith('```python'));
    expect(code.map((chunk) => chunk.text)).toEqual(['```python\nal\n```', '```python\npha\n```']);
    for (const chunk of code) expect(chunk.embedText).toBe(chunk.text);
    // Just as without context (the word is cut between graphemes there too, the fence kept).
    const { embedText: _, ...same } = chunks[1] as Chunk;
    expect(chunkdown(options).split(markdown).chunks[1]).toEqual(same);
  });

  test('the plain-text fallback gets the title too, within the cap', () => {
    const deep = `---\ntitle: Nested\n---\n\n${'> '.repeat(20_000)}deep words here and more words`;
    const chunks = chunkdown({ chunkSize: 50, maxRawSize: 60, context: true }).split(deep).chunks;
    expect(chunks.every((chunk) => chunk.fallback === 'plain-text')).toBe(true);
    for (const chunk of chunks) {
      expect((chunk.embedText as string).length).toBeLessThanOrEqual(60);
      expect(headerOf(chunk)).toBe('Nested');
    }
  });
});

describe('context on real documents', () => {
  // A dozen of the sample by default, all of it with FULL=1.
  const documents = full ? realDocuments() : realDocuments().slice(0, 12);
  test.each([
    { chunkSize: 500, maxOverflowRatio: 1.5 },
    { chunkSize: 200, maxRawSize: 320 },
    { chunkSize: 120, lengthFunction: cl100k_base, maxRawSize: 160 },
  ])('invariants hold, the cap bounds embedText: %o', (options) => {
    for (const { name, text } of documents) {
      try {
        checkInvariants(text, { ...options, context: true }, { repeat: false });
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
    }
  });
});
