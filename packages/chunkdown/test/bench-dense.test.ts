import { describe, expect, test } from 'vitest';
import { denseIndex, fuse, unit } from '../bench/retrieval/dense.mjs';

// The dense retriever of bench:retrieval (issue 43), without the model: the index ranks by
// cosine, fusion by reciprocal rank.

describe('bench:retrieval dense', () => {
  test('unit scales a vector to length 1 and leaves zero alone', () => {
    expect(Array.from(unit(Float32Array.from([3, 4])))).toEqual([
      0.6000000238418579, 0.800000011920929,
    ]);
    expect(Array.from(unit(Float32Array.from([0, 0])))).toEqual([0, 0]);
  });

  test('denseIndex ranks by cosine, best first, ties by index', () => {
    const vectors = [
      [1, 0],
      [0, 1],
      [0.6, 0.8],
      [1, 0],
    ].map((v) => unit(Float32Array.from(v)));
    const index = denseIndex(vectors);
    expect(index.search(unit(Float32Array.from([1, 0.1])), 3)).toEqual([0, 3, 2]);
    expect(index.search(unit(Float32Array.from([0, 1])), 2)).toEqual([1, 2]);
  });

  test('fuse adds 1 / (60 + rank) over the lists', () => {
    // 2 is second in both lists: 2 × 1/62 beats 1/61 + nothing.
    expect(
      fuse(
        [
          [1, 2, 3],
          [4, 2, 5],
        ],
        3,
      ),
    ).toEqual([2, 1, 4]);
    expect(fuse([[7], []], 5)).toEqual([7]);
  });
});
