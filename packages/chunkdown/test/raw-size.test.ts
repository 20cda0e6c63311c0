import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { checkInvariants } from './helpers/invariants.js';

describe('maxRawSize', () => {
  const document = [
    '# Links',
    '',
    Array.from(
      { length: 12 },
      (_, index) => `[link ${index}](https://example.com/a/rather/long/path/${index})`,
    ).join(' '),
    '',
    '| key | value |',
    '| - | - |',
    ...Array.from(
      { length: 10 },
      (_, index) => `| k${index} | [v${index}](https://example.com/values/${index}) |`,
    ),
    '',
    '```js',
    ...Array.from(
      { length: 20 },
      (_, index) => `console.log("line ${index} of the example code");`,
    ),
    '```',
  ].join('\n');

  for (const cap of [60, 120, 300, 1000]) {
    test(`holds for every chunk at cap ${cap}, re-splitting structurally first`, () => {
      const { chunks } = checkInvariants(document, { chunkSize: 400, maxRawSize: cap });
      for (const chunk of chunks) {
        expect(chunk.text.length).toBeLessThanOrEqual(cap);
        expect(chunk.rawSize).toBe(chunk.text.length);
      }
      // Structure first: every piece of the code block is fenced and declares its language.
      for (const chunk of chunks.filter(
        (chunk) => chunk.text.includes('console.log') && !chunk.cut,
      )) {
        expect(chunk.text).toMatch(
          /```js\n(console\.log\("line \d+ of the example code"\);\n)+```/,
        );
      }
    });
  }

  test('a construct that alone exceeds the cap is cut as text, and says so', () => {
    const long = `[x](https://example.com/${'a'.repeat(200)})`;
    const { chunks } = chunkdown({ chunkSize: 50, maxRawSize: 80 }).split(long);
    expect(chunks.every((chunk) => chunk.text.length <= 80 && chunk.cut)).toBe(true);
    // A piece that ends inside the URL escapes its scheme (it would read as a shorter link).
    expect(chunks[0]?.text).toMatch(/^\[x\]\(https\\:\/\//);
    expect(chunks.map((chunk) => chunk.text.replace('https\\:', 'https:')).join('')).toBe(long);
  });

  test('a construct cut as text points each piece at its own source', () => {
    // The link stays whole in a re-split (its URL would repeat), so it is cut as text, at spaces.
    const link = `[${'many words '.repeat(20).trim()}](https://example.com/${'a'.repeat(60)})`;
    const markdown = `Before it.\n\n${link}\n\nAfter it.`;
    const { chunks } = chunkdown({ chunkSize: 50, maxRawSize: 80 }).split(markdown);
    const cut = chunks.filter((chunk) => chunk.cut);
    expect(cut.length).toBeGreaterThan(2);
    for (const chunk of cut) {
      expect(markdown.slice(chunk.start, chunk.end)).toBe(chunk.text.replace('https\\:', 'https:'));
    }
  });

  // Found by the property test: re-splitting with a lower budget cut `alpha` in two (uncut chunks
  // `a` and `lpha`), and a trailing heading joined a chunk it did not fit.
  test('does not split a word that fits the cap, nor join a heading over it', () => {
    const markdown = '```\n\n\nalpha\n```\n\n# alpha';
    for (const maxRawSize of [15, 21]) {
      const options = { chunkSize: 1, maxRawSize };
      checkInvariants(markdown, options);
      expect(chunkdown(options).splitText(markdown)).toEqual(['```\n\n\nalpha\n```', '# alpha']);
    }
  });

  // Also found by the property test: `index.ts` plus the fences around it does not fit 20
  // characters, so the word is cut, but its pieces claimed they were not.
  test('a word cut to fit the cap inside a construct keeps the construct and says so', () => {
    const markdown = '```python\nindex.ts alpha\nalpha\n```\n\n*alpha*';
    const options = { chunkSize: 1, maxRawSize: 20 };
    checkInvariants(markdown, options);
    const { chunks } = chunkdown(options).split(markdown);
    const pieces = chunks.filter((chunk) => /^```python\n[^\n]+\n```$/.test(chunk.text));
    expect(pieces.length).toBe(chunks.length - 1);
    const cutPieces = chunks.filter((chunk) => chunk.cut).map((chunk) => chunk.text);
    expect(cutPieces.join('|')).toMatch(/^```python\n\w+\n```\|```python\n[\w.]+\n```$/);
    expect(chunks.filter((chunk) => !chunk.cut).map((chunk) => chunk.text)).toEqual([
      '```python\nalpha\n```',
      '```python\nalpha\n```',
      '*alpha*',
    ]);
  });

  // And: the only smaller piece of `\n\n\nbeta` was `beta` (the blank lines dropped), which the
  // re-split took for no progress; the hard cut then left a fence open.
  test('a re-split that leaves one smaller piece is kept, fences closed', () => {
    const markdown = '```python\n\n\n\nbeta alpha\n\n```\n\n# alpha';
    const options = { chunkSize: 1, maxOverflowRatio: 1, maxRawSize: 20 };
    checkInvariants(markdown, options);
    // (The heading, last in the document, went with the code before it until the cap re-split
    // them; that piece keeps the code's last blank line.)
    expect(chunkdown(options).splitText(markdown)).toEqual([
      '```python\nbeta\n```',
      '```python\nalpha\n\n```',
      '# alpha',
    ]);
  });

  test('never cuts inside a surrogate pair or a grapheme', () => {
    const emoji = '😀'.repeat(50);
    const { chunks } = chunkdown({ chunkSize: 100, maxRawSize: 7 }).split(emoji);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(7);
      expect(chunk.text).toMatch(/^(😀)+$/u);
    }
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(emoji);
    const family = '👨‍👩‍👧 '.repeat(20).trim();
    for (const chunk of chunkdown({ chunkSize: 100, maxRawSize: 12 }).splitText(family)) {
      expect(chunk).toMatch(/^👨‍👩‍👧( 👨‍👩‍👧)*$/u);
    }
  });

  test('wins over never-split rules', () => {
    const list = Array.from(
      { length: 10 },
      (_, index) => `* item ${index} of a list kept whole`,
    ).join('\n');
    const chunks = chunkdown({
      chunkSize: 1000,
      maxRawSize: 100,
      rules: { list: { split: 'never-split' } },
    }).splitText(list);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(100);
      expect(chunk).toMatch(/^(\* item \d of a list kept whole\n?)+$/);
    }
  });

  test('holds with a size unit that is not characters', () => {
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const text = `# Title\n\n${'Some words in a sentence here. '.repeat(40)}\n\n| a | b |\n| - | - |\n${'| one two | three four |\n'.repeat(20)}`;
    const { chunks } = chunkdown({ chunkSize: 200, maxRawSize: 30, lengthFunction: words }).split(
      text,
    );
    for (const chunk of chunks) expect(words(chunk.text)).toBeLessThanOrEqual(30);
  });
});

describe('maxRawSize on tables smaller than a table piece', () => {
  // Found by the property tests: caps below the size of one column group.
  const cases: Array<
    [string, { chunkSize: number; maxOverflowRatio: number; maxRawSize: number }]
  > = [
    [
      '| col0 | col1 | col2 |\n| --- | --- | --- |\n| alpha gamma | alpha alpha alpha alpha alpha alpha alpha alpha alpha | alpha alpha alpha alpha alpha alpha alpha alpha alpha alpha |\n\n`alpha`',
      { chunkSize: 44, maxOverflowRatio: 1.59, maxRawSize: 20 },
    ],
    [
      '| col0 | col1 | col2 |\n| --- | --- | --- |\n| alpha | alpha alpha alpha alpha U.S.A. | alpha U.S.A. alpha |\n\n- alpha',
      { chunkSize: 41, maxOverflowRatio: 1.29, maxRawSize: 27 },
    ],
  ];
  for (const [markdown, options] of cases) {
    test(`keeps the key column once and ranges in order (${JSON.stringify(options)})`, () => {
      checkInvariants(markdown, options);
    });
  }
});

describe('maxRawSize keeps a link whole when it fits', () => {
  const url = (length: number) => `https://example.com/${'x'.repeat(length)}`;

  test('a row whose link does not fit with the key cell puts the link in a column of its own', () => {
    const link = `[the docs](${url(112)})`;
    const markdown = `| h0 | h1 |\n| - | - |\n| words alpha note | alpha note gamma words ${link} beta alpha words |`;
    const { chunks } = checkInvariants(markdown, { chunkSize: 130, maxRawSize: 181 });
    expect(chunks.some((chunk) => chunk.cut)).toBe(false);
    expect(chunks.some((chunk) => chunk.text.startsWith(`| h1 |\n| - |\n| ${link} `))).toBe(true);
  });

  test('tables of links under any cap that fits the largest link with its column', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'words', 'note');
    const words = fc.array(word, { minLength: 1, maxLength: 12 }).map((items) => items.join(' '));
    const link = fc.integer({ min: 20, max: 120 }).map((length) => `[the docs](${url(length)})`);
    const cell = fc.oneof(
      words,
      link,
      fc.tuple(words, link, words).map((parts) => parts.join(' ')),
    );
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        table,
        fc.integer({ min: 20, max: 300 }),
        fc.nat(200),
        (rows, chunkSize, slack) => {
          const columns = Math.max(...rows.map((row) => row.length));
          const header = Array.from({ length: columns }, (_, index) => `h${index}`);
          const lines = [
            `| ${header.join(' | ')} |`,
            `| ${header.map(() => '-').join(' | ')} |`,
            ...rows.map(
              (row) => `| ${[...row, ...Array(columns - row.length).fill('x')].join(' | ')} |`,
            ),
          ];
          const markdown = lines.join('\n');
          const links = [...markdown.matchAll(/\[the docs\]\([^)]*\)/g)].map((m) => m[0].length);
          if (links.length === 0) return true;
          const longest = Math.max(...links);
          const maxRawSize = longest + 20 + slack;
          const { chunks } = checkInvariants(markdown, { chunkSize, maxRawSize });
          return chunks.every((chunk) => !chunk.cut);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  }, 120_000);
});
