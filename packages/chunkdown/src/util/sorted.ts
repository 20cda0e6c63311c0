/** Searches in increasing numbers. */

/**
 * The index of the first of increasing numbers that is at least `value` (binary search).
 *
 * @param sorted
 *   Increasing numbers.
 * @param value
 *   The number to look for.
 * @returns
 *   An index; `sorted.length` when every number is smaller.
 */
export function firstIndexAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
