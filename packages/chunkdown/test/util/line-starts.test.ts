import { describe, expect, test } from 'vitest';
import { lineEnd, lineIndex, lineStarts } from '../../src/util/line-starts.js';

describe('line starts', () => {
  const text = 'one\ntwo\r\nthree\rfour';
  const starts = lineStarts(text);

  test('every line ending counts: \\n, \\r\\n and \\r', () => {
    expect(starts).toEqual([0, 4, 9, 15]);
    expect(lineStarts('')).toEqual([0]);
    expect(lineStarts('end\n')).toEqual([0, 4]);
  });

  test('a line ends before its line ending', () => {
    expect(starts.map((_, line) => text.slice(starts[line], lineEnd(text, starts, line)))).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
  });

  test('the line that holds an offset', () => {
    expect([0, 3, 4, 8, 9, 14, 15, 18].map((offset) => lineIndex(starts, offset))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
  });
});
