import { describe, expect, it } from 'vitest';
import { chunksAt, highlightSegments } from '../../src/lib/highlight.ts';

describe('highlightSegments', () => {
  it('covers the whole text, leaving gaps between chunks unmarked', () => {
    expect(
      highlightSegments(20, [
        { start: 2, end: 8 },
        { start: 10, end: 20 },
      ]),
    ).toEqual([
      { start: 0, end: 2, chunks: [] },
      { start: 2, end: 8, chunks: [0] },
      { start: 8, end: 10, chunks: [] },
      { start: 10, end: 20, chunks: [1] },
    ]);
  });

  it('splits overlapping chunks into runs with both indices', () => {
    expect(
      highlightSegments(12, [
        { start: 0, end: 8 },
        { start: 5, end: 12 },
      ]),
    ).toEqual([
      { start: 0, end: 5, chunks: [0] },
      { start: 5, end: 8, chunks: [0, 1] },
      { start: 8, end: 12, chunks: [1] },
    ]);
  });

  it('keeps adjacent chunks apart and merges nothing across them', () => {
    const segments = highlightSegments(6, [
      { start: 0, end: 3 },
      { start: 3, end: 6 },
    ]);
    expect(segments.map((segment) => segment.chunks)).toEqual([[0], [1]]);
  });

  it('clamps ranges to the text and ignores empty ones', () => {
    expect(
      highlightSegments(5, [
        { start: -3, end: 2 },
        { start: 4, end: 4 },
        { start: 3, end: 99 },
      ]),
    ).toEqual([
      { start: 0, end: 2, chunks: [0] },
      { start: 2, end: 3, chunks: [] },
      { start: 3, end: 5, chunks: [2] },
    ]);
  });

  it('tiles any set of ranges exactly', () => {
    const ranges = Array.from({ length: 40 }, (_, index) => ({
      start: (index * 37) % 500,
      end: ((index * 37) % 500) + 5 + (index % 60),
    }));
    const segments = highlightSegments(520, ranges);
    expect(segments[0]?.start).toBe(0);
    expect(segments.at(-1)?.end).toBe(520);
    segments.forEach((segment, index) => {
      if (index > 0) expect(segment.start).toBe(segments[index - 1]?.end);
      const expected = ranges.flatMap((range, chunk) =>
        range.start <= segment.start && segment.end <= range.end ? [chunk] : [],
      );
      expect(segment.chunks).toEqual(expected);
    });
  });
});

describe('chunksAt', () => {
  const ranges = [
    { start: 0, end: 10 },
    { start: 10, end: 20 },
    { start: 25, end: 30 },
  ];

  it('picks the chunk holding the character after the caret', () => {
    expect(chunksAt(ranges, 0)).toEqual([0]);
    expect(chunksAt(ranges, 10)).toEqual([1]);
    expect(chunksAt(ranges, 26)).toEqual([2]);
  });

  it('picks the chunk that ends at the caret when a gap follows', () => {
    expect(chunksAt(ranges, 20)).toEqual([1]);
    expect(chunksAt(ranges, 22)).toEqual([]);
  });
});
