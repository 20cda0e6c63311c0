import { describe, expect, it } from 'vitest';
import { locateChunks } from '../../src/lib/locate.ts';

describe('locateChunks', () => {
  it('finds chunks in order, also repeated and overlapping ones', () => {
    const source = 'one two. one two. three';
    expect(locateChunks(source, ['one two.', 'one two.', 'two. three'])).toEqual([
      { start: 0, end: 8 },
      { start: 9, end: 17 },
      { start: 13, end: 23 },
    ]);
  });

  it('gives null for text that is not in the source', () => {
    expect(locateChunks('alpha beta', ['alpha', 'gamma', 'beta'])).toEqual([
      { start: 0, end: 5 },
      null,
      { start: 6, end: 10 },
    ]);
  });
});
