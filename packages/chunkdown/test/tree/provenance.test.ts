import type { Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { createProvenance } from '../../src/tree/provenance.js';

describe('createProvenance', () => {
  test('starts empty, and each split gets records of its own', () => {
    const node: Text = { type: 'text', value: 'x' };
    const one = createProvenance();
    const two = createProvenance();
    expect(one.sliceOrigins.has(node)).toBe(false);
    one.sliceOrigins.set(node, { node, from: 0 });
    one.syntheticNodes.add(node);
    expect(two.sliceOrigins.has(node)).toBe(false);
    expect(two.syntheticNodes.has(node)).toBe(false);
    expect(Object.keys(one).sort()).toEqual([
      'copyOrigins',
      'keyRows',
      'repeatedKeyRows',
      'sliceOrigins',
      'syntheticNodes',
    ]);
  });
});
