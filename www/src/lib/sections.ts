import type { Range } from './highlight.ts';

/**
 * Indices of the chunks whose range intersects a section. Chunk ranges come in source order (their
 * starts and ends never decrease), so the first candidate is found by binary search.
 *
 * @param section Section.
 * @param ranges Chunk ranges, in source order.
 * @returns Indices, ascending.
 */
export function chunksIn(section: Range, ranges: readonly Range[]): number[] {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ranges[middle] as Range).end <= section.start) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let index = low; index < ranges.length; index++) {
    const range = ranges[index] as Range;
    if (range.start >= section.end) break;
    if (range.end > section.start) found.push(index);
  }
  return found;
}
