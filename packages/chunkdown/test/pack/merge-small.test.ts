import type { Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { mergeSmall } from '../../src/pack/merge-small.js';
import type { Draft } from '../../src/pack/pack.js';
import type { Section } from '../../src/tree/sections.js';
import { emptySection } from '../helpers/stages.js';
import { names } from '../helpers/units.js';

/** A draft of one leaf named `name`, in `section`. */
function draft(name: string, size: number, section: Section): Draft {
  const node: Text = { type: 'text', value: name };
  return { leaves: [{ path: [], node, from: -1, to: -1, section }], size, overflow: null };
}

const one = emptySection();
const two = emptySection();

describe('mergeSmall', () => {
  test('a small chunk joins a neighbour when the merge fits', () => {
    const merged = mergeSmall([draft('a', 80, one), draft('b', 10, one)], 20, 100);
    expect(names(merged)).toEqual([['a', 'b']]);
    expect(merged[0]?.size).toBe(90);
  });

  test('the neighbour in the same section first', () => {
    const drafts = [draft('a', 50, one), draft('b', 10, two), draft('c', 50, two)];
    expect(names(mergeSmall(drafts, 20, 100))).toEqual([['a'], ['b', 'c']]);
    const before = [draft('a', 50, one), draft('b', 10, one), draft('c', 50, two)];
    expect(names(mergeSmall(before, 20, 100))).toEqual([['a', 'b'], ['c']]);
  });

  test('not when the merged chunk would pass the maximum', () => {
    const drafts = [draft('a', 95, one), draft('b', 10, one), draft('c', 95, one)];
    expect(names(mergeSmall(drafts, 20, 100))).toEqual([['a'], ['b'], ['c']]);
  });

  test('small chunks merge on until the chunk is big enough', () => {
    const drafts = [
      draft('a', 5, one),
      draft('b', 5, one),
      draft('c', 5, one),
      draft('d', 50, one),
    ];
    expect(names(mergeSmall(drafts, 20, 100))).toEqual([['a', 'b', 'c', 'd']]);
  });

  test('a lone chunk stays, and the drafts given are not changed', () => {
    expect(names(mergeSmall([draft('a', 5, one)], 20, 100))).toEqual([['a']]);
    const drafts = [draft('a', 80, one), draft('b', 10, one)];
    mergeSmall(drafts, 20, 100);
    expect(names(drafts)).toEqual([['a'], ['b']]);
    expect(drafts[0]?.size).toBe(80);
  });
});
