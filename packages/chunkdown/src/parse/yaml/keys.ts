/**
 * Mapping keys as the `yaml` package treats them when it builds JavaScript objects: duplicates
 * compared by value, `null` stored as `''`, other keys by `String`, always as own properties.
 *
 * @module
 */

import { Stop } from './state.js';

/** The error for a key that is a flow collection (no JavaScript object can hold it). */
export const collectionKeyError =
  'a mapping key that is itself a mapping or a list (a template placeholder such as `{{ .Title }}`?)';

/**
 * Whether a key was seen in its mapping, as the `yaml` package compares keys (by value with
 * `===`, so `.nan` is never a duplicate); remembers it.
 *
 * @param seen The keys of the mapping so far (added to).
 * @param key The key.
 * @returns `true` for a duplicate.
 */
export function isDuplicate(seen: Set<unknown>, key: unknown): boolean {
  if (Number.isNaN(key)) return false;
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

/**
 * Set a key as the `yaml` package does: `null` is `''`, others by `String`, own properties
 * (so `__proto__` is a key like any other).
 *
 * @param map The mapping (changed).
 * @param key The key, a scalar.
 * @param value Its value.
 */
export function setKey(map: Record<string, unknown>, key: unknown, value: unknown): void {
  if (key !== null && typeof key === 'object') {
    throw new Stop('a mapping key that is itself a mapping or a list');
  }
  const name = key === null ? '' : String(key);
  if (name in map) {
    Object.defineProperty(map, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else map[name] = value;
}
