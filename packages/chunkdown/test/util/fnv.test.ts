import { describe, expect, test } from 'vitest';
import { fnv1a, fnv1aOfNumbers } from '../../src/util/fnv.js';

describe('fnv1a', () => {
  test('gives the published FNV-1a 32-bit values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  test('hashes a range as the slice it names, clamped to the text', () => {
    expect(fnv1a('xxfoobaryy', 2, 8)).toBe(fnv1a('foobar'));
    expect(fnv1a('foobar', 3, 100)).toBe(fnv1a('bar'));
  });

  test('hashes numbers as code units would be: the same values, the same hash', () => {
    expect(fnv1aOfNumbers([102, 111, 111])).toBe(fnv1a('foo'));
    expect(fnv1aOfNumbers([1, 2])).not.toBe(fnv1aOfNumbers([2, 1]));
  });
});
