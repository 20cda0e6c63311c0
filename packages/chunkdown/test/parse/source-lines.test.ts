import { describe, expect, test } from 'vitest';
import { sourceLines } from '../../src/parse/source-lines.js';

describe('sourceLines', () => {
  test('parts each line into its prefix and its text, with the column the text starts at', () => {
    const lines = sourceLines('a\n  > b\n1. c\n\t- d\r\n```\ncode\n```');
    expect(lines.map((line) => [line.text, line.indent, line.code])).toEqual([
      ['a', 0, false],
      ['b', 1, false],
      ['c', 3, false],
      ['d', 6, false],
      ['```', 0, true],
      ['code', 0, true],
      ['```', 0, true],
    ]);
  });

  test('offsets point into the document, line endings left out', () => {
    const markdown = 'one\r\n> two';
    const [first, second] = sourceLines(markdown);
    expect(markdown.slice(first?.start, first?.end)).toBe('one');
    expect(markdown.slice(second?.textStart, second?.end)).toBe('two');
  });

  test('a thematic break is not a list marker', () => {
    expect(sourceLines('* * *')[0]?.text).toBe('* * *');
  });
});
