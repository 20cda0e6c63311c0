import { describe, expect, it } from 'vitest';
import { chunksIn } from '../../src/lib/sections.ts';

describe('chunksIn', () => {
  it('lists the chunks that intersect a section', () => {
    const ranges = [
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 30 },
    ];
    expect(chunksIn({ start: 5, end: 20 }, ranges)).toEqual([0, 1]);
    expect(chunksIn({ start: 30, end: 40 }, ranges)).toEqual([]);
    expect(chunksIn({ start: 0, end: 1 }, ranges)).toEqual([0]);
  });

  it('finds overlapping chunks (with `overlap`) by binary search', () => {
    const ranges = [
      { start: 0, end: 10 },
      { start: 8, end: 20 },
      { start: 18, end: 30 },
      { start: 28, end: 40 },
    ];
    expect(chunksIn({ start: 9, end: 19 }, ranges)).toEqual([0, 1, 2]);
    expect(chunksIn({ start: 20, end: 28 }, ranges)).toEqual([2]);
    const many = Array.from({ length: 1000 }, (_, index) => ({
      start: index * 10,
      end: index * 10 + 15,
    }));
    const section = { start: 4321, end: 4400 };
    const expected = many.flatMap((range, index) =>
      range.start < section.end && range.end > section.start ? [index] : [],
    );
    expect(chunksIn(section, many)).toEqual(expected);
  });
});
