import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { mkdocsParser, scanBlocks, scanIndented } from '../../src/parse/mkdocs.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';

describe('scanIndented', () => {
  test('finds admonitions with their type and title, and the blank line after the opener', () => {
    const markdown =
      '!!! note "Where it lives"\n    Body.\n\n??? tip\n\n    Folded body.\n\n???+ warning inline end "Open"\n    Shown.';
    expect(
      scanIndented(sourceText(markdown)).map((each) => [
        each.container,
        each.opener,
        each.separator,
      ]),
    ).toEqual([
      [
        { kind: 'admonition', name: 'note', title: 'Where it lives' },
        '!!! note "Where it lives"',
        '\n',
      ],
      [{ kind: 'admonition', name: 'tip' }, '??? tip', '\n\n'],
      [
        { kind: 'admonition', name: 'warning', title: 'Open' },
        '???+ warning inline end "Open"',
        '\n',
      ],
    ]);
  });

  test('finds content tabs', () => {
    const [linux, mac] = scanIndented(
      sourceText('=== "Linux"\n\n    apt install x\n\n=== "macOS"\n    brew install x'),
    );
    expect([linux?.container, mac?.container]).toEqual([
      { kind: 'tab', name: 'tab', title: 'Linux' },
      { kind: 'tab', name: 'tab', title: 'macOS' },
    ]);
  });

  test('an opener needs a body indented four columns more, and is not read inside code', () => {
    expect(scanIndented(sourceText('!!! note\nNot indented.'))).toEqual([]);
    expect(scanIndented(sourceText('```\n!!! note\n    body\n```'))).toEqual([]);
    expect(
      scanIndented(sourceText('- item\n\n    !!! note\n        Body.')).map(
        (each) => each.container.name,
      ),
    ).toEqual(['note']);
    expect(scanIndented(sourceText('- !!! tip\n\n      In the item.'))).toHaveLength(1);
  });

  test('a body that starts with a block quote is the body (Pydantic: `    > <h3>validation</h3>`)', () => {
    // The line's text starts after `>`, at column 1: it was no body, and the admonition was
    // read as a paragraph, its quote as text (`\\> quoted`).
    for (const markdown of [
      '!!! note "Why"\n    > quoted\n    > more',
      '!!! note\n\n    > quoted',
    ]) {
      expect(scanIndented(sourceText(markdown)).map((each) => each.container.name)).toEqual([
        'note',
      ]);
    }
    const result = checkInvariants(
      '# T\n\n!!! note "Why"\n    > quoted text\n    > more text\n\nAfter.\n',
      {
        chunkSize: 1000,
        syntax: auto(),
      },
    );
    expect(result.chunks[0]?.text).toContain('!!! note "Why"\n    > quoted text\n    > more text');
    // A quote at the margin is no body; inside a quote, the body is indented after its marker.
    expect(scanIndented(sourceText('!!! note\n> quoted'))).toEqual([]);
    expect(scanIndented(sourceText('> !!! note\n>     Body.'))).toHaveLength(1);
  });

  test('detection needs an opener with a body', () => {
    const { detect } = mkdocsParser();
    expect(detect(sourceText('!!! note\n    Body.'))).toBe(true);
    expect(detect(sourceText('Wow!!! This is great!!!\n    indented code'))).toBe(false);
    expect(detect(sourceText('a === b'))).toBe(false);
  });
});

describe("PyMdown's blocks (`/// note` … `///`)", () => {
  /** FastAPI's and SQLModel's shape: tabs of four slashes inside a details block of three. */
  const page = [
    '# Decimal Numbers',
    '',
    '/// info | For the database',
    '',
    "**SQLModel** will use SQLAlchemy's `DECIMAL` type, which keeps every digit you give it and rounds none.",
    '',
    '///',
    '',
    '/// details | 👀 Full file preview',
    '',
    '//// tab | Python 3.10+',
    '',
    '```Python',
    'money: condecimal(max_digits=5, decimal_places=3)',
    '```',
    '',
    '////',
    '',
    '//// tab | Python 3.7+',
    '',
    '```Python',
    'money: condecimal(max_digits=5, decimal_places=3) = Field(default=0)',
    '```',
    '',
    '////',
    '',
    '///',
    '',
    '/// admonition | Careful',
    '    type: warning',
    '',
    'A value with more digits than `max_digits` is refused when it is validated, before it reaches the database.',
    '',
    '///',
    '',
  ].join('\n');

  test('pairs openers and closers of as many slashes, with the options in the opener', () => {
    const found = scanBlocks(sourceText(page)).scanned;
    expect(found.map((each) => [each.container, each.opener, each.closer])).toEqual([
      [
        { kind: 'admonition', name: 'info', title: 'For the database' },
        '/// info | For the database',
        '///',
      ],
      [
        { kind: 'admonition', name: 'details', title: '👀 Full file preview' },
        '/// details | 👀 Full file preview',
        '///',
      ],
      [{ kind: 'tab', name: 'tab', title: 'Python 3.10+' }, '//// tab | Python 3.10+', '////'],
      [{ kind: 'tab', name: 'tab', title: 'Python 3.7+' }, '//// tab | Python 3.7+', '////'],
      [
        { kind: 'admonition', name: 'admonition', title: 'Careful' },
        '/// admonition | Careful\n    type: warning',
        '///',
      ],
    ]);
    expect(mkdocsParser().detect(sourceText(page))).toBe(true);
  });

  test('each piece of a block is written inside its opener and closer, and says where it sits', () => {
    // Before: read as paragraphs, `/// info | …` ended one chunk and `///` started another.
    for (const chunkSize of [60, 100, 200]) {
      const { chunks } = checkInvariants(page, { chunkSize, syntax: auto() });
      const info = chunks.filter((chunk) => chunk.text.includes('DECIMAL'));
      expect(info.length).toBeGreaterThan(0);
      for (const chunk of info) {
        expect(chunk.text).toMatch(/(?:^|\n\n)\/\/\/ info \| For the database\n[\s\S]*\n\/\/\/$/);
        expect(chunk.containers).toEqual([
          { kind: 'admonition', name: 'info', title: 'For the database' },
        ]);
      }
      const careful = chunks.filter((chunk) => chunk.text.includes('max_digits` is refused'));
      for (const chunk of careful)
        expect(chunk.text).toMatch(/^\/\/\/ admonition \| Careful\n {4}type: warning\n/);
      const tab = chunks.find((chunk) => chunk.text.includes('= Field(default=0)'));
      expect(tab?.text).toMatch(/\/\/\/\/ tab \| Python 3\.7\+\n[\s\S]*\n\/\/\/\/(\n\/\/\/)?$/);
    }
  });

  test('a name PyMdown does not ship, a Rust doc comment or an unpaired line is text', () => {
    const markdown = '/// Examples\n\nText.\n\n///\n\n/// note\n\nNever closed.\n';
    expect(scanBlocks(sourceText(markdown)).scanned).toEqual([]);
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(markdown).syntax).toEqual([]);
  });
});
