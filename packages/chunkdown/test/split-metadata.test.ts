import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { checkInvariants, words } from './helpers/invariants.js';

const split = (markdown: string, chunkSize: number) =>
  chunkdown({ chunkSize }).split(markdown).chunks;

describe('offsets', () => {
  test('are exact inside a split paragraph', () => {
    const markdown =
      'First sentence is here. Second sentence follows it. Third one ends the paragraph.';
    for (const chunk of split(markdown, 30))
      expect(markdown.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  test('map through escapes and character references', () => {
    const markdown =
      'Tom &amp; Jerry \\*ran\\* away. They came back &#x41;gain later. The end &copy; 2024.';
    const chunks = split(markdown, 30);
    expect(chunks.map((chunk) => markdown.slice(chunk.start, chunk.end))).toEqual([
      'Tom &amp; Jerry \\*ran\\* away.',
      'They came back &#x41;gain later.',
      'The end &copy; 2024.',
    ]);
  });

  test('skip block quote and list prefixes', () => {
    const quote =
      '> One sentence on the first line. Another\n> sentence on the second line. A third\n> that closes it.';
    const slices = split(quote, 40).map((chunk) => quote.slice(chunk.start, chunk.end));
    expect(slices[0]).toBe('One sentence on the first line.');
    expect(slices[1]).toBe('Another\n> sentence on the second line.');
    expect(slices[2]).toBe('A third\n> that closes it.');

    const list = '* item one\n\n  ```sh\n  echo one\n  echo two\n\n  echo three\n  ```';
    const code = split(list, 12);
    expect(code.map((chunk) => list.slice(chunk.start, chunk.end))).toEqual([
      'item one',
      'echo one',
      'echo two',
      'echo three',
    ]);
  });

  test('cover only the rows of a split table, not its repeated header', () => {
    const table =
      '| Name | Age |\n| - | - |\n| Alice | 30 |\n| Bob | 25 |\n| Carol | 35 |\n| Dave | 40 |';
    const chunks = split(table, 14);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      const source = table.slice(chunk.start, chunk.end);
      expect(source.startsWith('| ')).toBe(true);
      expect(source).not.toContain('Name');
      expect(chunk.text.split('\n').slice(2).join('\n')).toBe(source);
    }
  });

  test('of the first column group of a wide row start at its key cell', () => {
    const wide = `| id | description | details |\n| - | - | - |\n| r1 | ${'alpha '.repeat(8).trim()} | ${'beta '.repeat(8).trim()} |`;
    const [first, second] = split(wide, 50);
    expect(wide.slice(first?.start, first?.end).trim()).toBe(`| r1 | ${'alpha '.repeat(8).trim()}`);
    // Later groups repeat the key cell as context: their source is their own cells.
    expect(wide.slice(second?.start, second?.end).trim()).toBe(`| ${'beta '.repeat(8).trim()} |`);
  });

  test('of the pieces of an indented code block are their lines, also when one looks like a fence', () => {
    const code = '    ```\n    aaa\n    ```\n';
    const chunks = split(code, 5);
    expect(chunks.map((chunk) => code.slice(chunk.start, chunk.end))).toEqual([
      '```',
      'aaa',
      '```',
    ]);
  });

  test('come in order, never overlap, and cover every word (CRLF too)', () => {
    const markdown = [
      '# Title',
      '',
      'Intro text. More text here.',
      '',
      '## Part',
      '',
      '* a list item',
      '* another one',
      '',
      '```',
      'code',
      '```',
      '',
    ].join('\r\n');
    const chunks = checkInvariants(markdown, { chunkSize: 12 }).chunks;
    for (const chunk of chunks) {
      expect(words(markdown.slice(chunk.start, chunk.end)).join(' ')).toBe(
        words(chunk.text).join(' '),
      );
    }
  });

  test('after front matter point into the original input', () => {
    const markdown = '---\ntitle: x\n---\n\nBody text here.';
    const [chunk] = split(markdown, 100);
    expect(markdown.slice(chunk?.start, chunk?.end)).toBe('Body text here.');
  });

  test('count a leading byte order mark, which the parser skips', () => {
    const markdown =
      '\uFEFF---\ntitle: x\n---\n\n# Title\n\nSome text here.\n\n## Two\n\nMore words.\n';
    const result = chunkdown({ chunkSize: 20 }).split(markdown);
    expect(result.frontmatter?.data).toEqual({ title: 'x' });
    expect(result.chunks.map((chunk) => markdown.slice(chunk.start, chunk.end))).toEqual([
      '# Title\n\nSome text here.',
      '## Two\n\nMore words.',
    ]);
    const plain = chunkdown({ chunkSize: 20, maxRawSize: 30 }).split(
      `\uFEFF${'>'.repeat(5000)} deep`,
    );
    expect(plain.chunks[0]?.fallback).toBe('plain-text');
    expect(plain.chunks[0]?.start).toBe(1);
  });
});

describe('breadcrumbs', () => {
  const markdown = [
    'Preamble before any heading.',
    '',
    '# Guide',
    '',
    '## Install',
    '',
    'Run the installer. It takes a minute. Then restart the shell. Check the version afterwards.',
    '',
    '### Windows',
    '',
    'Use the MSI package. Double-click it.',
    '',
    '## Use',
    '',
    'Call the function.',
  ].join('\n');

  test('list the headings above the chunk that are not in it', () => {
    const chunks = split(markdown, 40);
    const crumbsOf = (predicate: (text: string) => boolean) =>
      chunks
        .filter((chunk) => predicate(chunk.text))
        .map((chunk) => chunk.breadcrumbs.map((crumb) => `${crumb.depth}:${crumb.text}`));
    expect(crumbsOf((text) => text.startsWith('Preamble'))).toEqual([[]]);
    // A chunk that starts with its heading does not repeat it.
    expect(crumbsOf((text) => text.startsWith('# Guide'))).toEqual([[]]);
    expect(crumbsOf((text) => text.startsWith('### Windows'))).toEqual([['1:Guide', '2:Install']]);
    // Later pieces of a split section get the section's heading.
    const later = crumbsOf((text) => /^(It takes|Then restart|Check the)/.test(text));
    expect(later.length).toBeGreaterThan(0);
    for (const crumbs of later) expect(crumbs).toEqual(['1:Guide', '2:Install']);
    // The small last section shares the chunk of the piece before it, whose breadcrumbs it takes.
    expect(crumbsOf((text) => text.startsWith('Double-click'))).toEqual([
      ['1:Guide', '2:Install', '3:Windows'],
    ]);
    expect(chunks[1]?.text).toBe('# Guide\n\n## Install\n\nRun the installer.');
  });
});

describe('sizes and diagnostics', () => {
  test('contentSize counts rendered text without repeated table headers; rawSize the markdown', () => {
    const [chunk] = split('A [link](https://example.com) and **bold**.', 100);
    expect(chunk?.contentSize).toBe('A link and bold.'.length);
    expect(chunk?.rawSize).toBe(chunk?.text.length);
    const table = split('| Head | Er |\n| - | - |\n| a | b |\n| c | d |', 2);
    expect(table.map((piece) => piece.contentSize)).toEqual([2, 2]);
  });

  test('tableHeaders lists the column headers of the tables in a chunk', () => {
    const [chunk] = split(
      '| Plan | Tokens |\n| - | - |\n| Pro | 100 |\n\n| Region | Price |\n| - | - |\n| EU | 3 |',
      500,
    );
    expect(chunk?.tableHeaders).toEqual(['Plan', 'Tokens', 'Region', 'Price']);
  });

  test('overflow says which unit was kept whole; cut says when the cap cut', () => {
    const chunks = chunkdown({ chunkSize: 10, rules: { code: { split: 'never-split' } } }).split(
      'Short.\n\n```\nconst a = 1;\nconst b = 2;\n```',
    ).chunks;
    expect(chunks.map((chunk) => chunk.overflow)).toEqual([
      null,
      { reason: 'never-split', nodeType: 'code', size: 25 },
    ]);
    expect(chunks.every((chunk) => chunk.cut === false && chunk.fallback === null)).toBe(true);
  });
});
