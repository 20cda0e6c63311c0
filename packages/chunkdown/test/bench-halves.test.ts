import { describe, expect, test } from 'vitest';
import { halfOf } from '../bench/retrieval/datasets.mjs';

// bench:retrieval --half (issue 43): questions are split into a tuning half and a held-out half
// by their id alone.

describe('bench:retrieval halves', () => {
  test('a question is in the half the SHA-256 of its id says', () => {
    // SHA-256("w001") starts with 0xc7 (odd), SHA-256("w004") with 0x4a (even).
    expect(halfOf('w001')).toBe('held');
    expect(halfOf('w004')).toBe('tune');
  });

  test('the halves are about even and do not depend on the other questions', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `q${i}`);
    const tune = ids.filter((id) => halfOf(id) === 'tune');
    expect(tune.length).toBeGreaterThan(160);
    expect(tune.length).toBeLessThan(240);
    const fewer = ids.slice(100).filter((id) => halfOf(id) === 'tune');
    expect(fewer).toEqual(tune.filter((id) => ids.indexOf(id) >= 100));
  });
});
