import { describe, expect, test } from 'vitest';
import { mkdocsParser, scanIndented } from '../../src/parse/mkdocs.js';
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
