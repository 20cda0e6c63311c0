/** FNV-1a (32-bit): a fast, stable hash for choosing cuts and keying renderings (not for ids). */

const OFFSET = 2166136261;
const PRIME = 16777619;

/**
 * FNV-1a of the UTF-16 code units of `text.slice(start, end)`.
 *
 * @param text
 *   The text.
 * @param start
 *   First offset hashed.
 * @param end
 *   Offset after the last one hashed (clamped to the text).
 * @returns
 *   An unsigned 32-bit hash.
 */
export function fnv1a(text: string, start = 0, end = text.length): number {
  let hash = OFFSET;
  const stop = Math.min(end, text.length);
  for (let index = start; index < stop; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), PRIME);
  }
  return hash >>> 0;
}

/**
 * FNV-1a of a list of integers, each taken as one 32-bit value.
 *
 * @param values
 *   The integers.
 * @returns
 *   An unsigned 32-bit hash.
 */
export function fnv1aOfNumbers(values: readonly number[]): number {
  let hash = OFFSET;
  for (const value of values) hash = Math.imul(hash ^ value, PRIME);
  return hash >>> 0;
}
