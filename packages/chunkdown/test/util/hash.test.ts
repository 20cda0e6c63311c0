import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sha256Hex } from '../../src/util/hash.js';

const nodeSha256 = (text: string) =>
  createHash('sha256').update(new TextEncoder().encode(text)).digest('hex');

describe('sha256Hex', () => {
  test('equals node:crypto at every padding boundary and on non-ASCII text', () => {
    const inputs = ['', 'abc', 'é😀 中文', 'x\ud800y', 'a'.repeat(100_003)];
    for (let length = 50; length <= 130; length++) inputs.push('b'.repeat(length));
    for (const input of inputs) expect(sha256Hex(input)).toBe(nodeSha256(input));
  });

  test('matches the FIPS 180-4 example for "abc"', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
