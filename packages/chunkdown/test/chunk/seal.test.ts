import { describe, expect, test } from 'vitest';
import { sealChunks } from '../../src/chunk/seal.js';
import type { Chunk } from '../../src/types.js';

const chunk = (id: string, start: number, end: number): Chunk => ({
  id,
  text: id,
  breadcrumbs: [],
  start,
  end,
  contentSize: 1,
  rawSize: 1,
  tableHeaders: [],
  containers: [],
  overflow: null,
  cut: false,
  fallback: null,
});

describe('sealChunks', () => {
  test('the n-th repeat of an id gets -n, the first keeps it', () => {
    const chunks = ['a', 'b', 'a', 'a', 'b'].map((id, index) => chunk(id, index, index + 1));
    const sealed = sealChunks(chunks, { overlap: false, shift: 0 });
    expect(sealed.map((each) => each.id)).toEqual(['a', 'b', 'a-2', 'a-3', 'b-2']);
  });

  test('returns new chunks and leaves the ones it is given alone', () => {
    const chunks = [chunk('a', 0, 5), chunk('a', 2, 4)];
    const copies = structuredClone(chunks);
    const sealed = sealChunks(chunks, { overlap: false, shift: 1 });
    expect(chunks).toEqual(copies);
    expect(sealed[0]).not.toBe(chunks[0]);
  });

  test('ranges never start before the previous one ends, nor end before they start', () => {
    const sealed = sealChunks([chunk('a', 0, 10), chunk('b', 4, 6), chunk('c', 12, 20)], {
      overlap: false,
      shift: 0,
    });
    expect(sealed.map((each) => [each.start, each.end])).toEqual([
      [0, 10],
      [10, 10],
      [12, 20],
    ]);
  });

  test('with overlap a range may start inside the one before, not before its start', () => {
    const sealed = sealChunks([chunk('a', 5, 10), chunk('b', 7, 12), chunk('c', 3, 14)], {
      overlap: true,
      shift: 0,
    });
    expect(sealed.map((each) => [each.start, each.end])).toEqual([
      [5, 10],
      [7, 12],
      [7, 14],
    ]);
  });

  test('offsets move by the characters before the split text (a byte order mark)', () => {
    const [sealed] = sealChunks([chunk('a', 0, 3)], { overlap: false, shift: 1 });
    expect([sealed?.start, sealed?.end]).toEqual([1, 4]);
  });
});
