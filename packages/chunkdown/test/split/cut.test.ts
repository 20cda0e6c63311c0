import type { Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { type Cutter, cut } from '../../src/split/cut.js';
import { GRAPHEME, HYPHEN, LINE, SENTENCE, WORD } from '../../src/split/levels.js';
import type { Unit } from '../../src/split/types.js';
import { emptySection } from '../helpers/stages.js';

const section = emptySection();

/**
 * A cutter of a string with separators given per level, recording the pieces it makes: each
 * piece's range, the end of its size and the level it splits further from.
 */
function cutterOf(text: string, byLevel: Record<number, number[]>, cutsGraphemes = false) {
  const made: Array<[number, number, number, number]> = [];
  const node: Text = { type: 'text', value: text };
  const cutter: Cutter = {
    separators: (level, a, b) => {
      const spans = byLevel[level] ?? [];
      const inside: number[] = [];
      for (let k = 0; k < spans.length; k += 2) {
        if ((spans[k] as number) > a && (spans[k + 1] as number) < b)
          inside.push(spans[k] as number, spans[k + 1] as number);
      }
      return inside;
    },
    cutsGraphemes: () => cutsGraphemes,
    piece: (a, b, sizeEnd, level): Unit => {
      made.push([a, b, sizeEnd, level]);
      return {
        kind: 'block',
        size: b - a,
        content: true,
        leaves: () => [{ path: [], node, from: a, to: b, section }],
        split: () => cut(cutter, a, b, sizeEnd, level),
      };
    },
    atomic: () => ({ reason: 'word', nodeType: 'text' }),
    blank: (a, b) => text.slice(a, b).trim() === '',
  };
  return { cutter, made };
}

describe('cut', () => {
  const text = 'One two. Three four.';

  test('cuts at the strongest level with separators inside the range; pieces split from the next', () => {
    const { cutter, made } = cutterOf(text, { [SENTENCE]: [8, 9], [WORD]: [3, 4, 14, 15] });
    const pieces = cut(cutter, 0, text.length, text.length, LINE) as Unit[];
    expect(pieces).toHaveLength(2);
    // Each piece's size runs to the end of the separator after it; the last to `sizeEnd`.
    expect(made).toEqual([
      [0, 8, 9, SENTENCE + 1],
      [9, 20, 20, SENTENCE + 1],
    ]);
    const words = pieces[0]!.split() as Unit[];
    expect(words.map((piece) => piece.leaves()[0]?.from)).toEqual([0, 4]);
  });

  test('a level whose separators give one piece only is passed over', () => {
    // The stretch before the separator is blank: the level gives `lone` alone.
    const { cutter, made } = cutterOf('  lone', { [SENTENCE]: [1, 2] });
    expect(cut(cutter, 0, 6, 6, SENTENCE)).toEqual({ reason: 'word', nodeType: 'text' });
    expect(made).toEqual([[2, 6, 6, SENTENCE + 1]]);
  });

  test('blank stretches between separators make no piece', () => {
    const value = 'a   b';
    const { cutter, made } = cutterOf(value, { [WORD]: [1, 2, 3, 4] });
    const pieces = cut(cutter, 0, value.length, value.length, WORD) as Unit[];
    expect(pieces).toHaveLength(2);
    expect(made.map(([a, b]) => value.slice(a, b))).toEqual(['a', 'b']);
  });

  test('inside words only when the text may be cut there, and words stay at the word level', () => {
    const value = 'abcd';
    const graphemes = { [GRAPHEME]: [1, 1, 2, 2, 3, 3] };
    expect(cut(cutterOf(value, graphemes).cutter, 0, 4, 4, WORD)).toEqual({
      reason: 'word',
      nodeType: 'text',
    });
    const allowed = cutterOf(value, graphemes, true);
    expect(cut(allowed.cutter, 0, 4, 4, WORD)).toHaveLength(4);
    // Past the hyphen level, a piece was cut out of a word.
    expect(allowed.made.every(([, , , level]) => level > HYPHEN)).toBe(true);
    const spaced = cutterOf('ab cd', { [WORD]: [2, 3] });
    cut(spaced.cutter, 0, 5, 5, WORD);
    expect(spaced.made.map(([, , , level]) => level)).toEqual([WORD, WORD]);
  });
});
