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

  test('texts with only \\n, or with \\r too, count as a character-by-character reading does', () => {
    const byCharacter = (value: string) => {
      const found = [0];
      for (let at = 0; at < value.length; at++) {
        if (value[at] === '\r' && value[at + 1] === '\n') at++;
        if (value[at] === '\n' || value[at] === '\r') found.push(at + 1);
      }
      return found;
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 200; round++) {
      const pieces = round % 2 === 0 ? ['a', 'bc', '\n', '\n\n'] : ['a', '\n', '\r', '\r\n'];
      let value = '';
      for (let k = next() % 30; k > 0; k--) value += pieces[next() % pieces.length];
      expect(lineStarts(value)).toEqual(byCharacter(value));
    }
    expect(lineStarts('a\n\nb\n')).toEqual([0, 2, 3, 5]);
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
