import fc from 'fast-check';
import { describe, test } from 'vitest';
import { document, options } from './helpers/generators.js';
import { checkInvariants } from './helpers/invariants.js';

describe('invariants hold for generated markdown and options (SPEC §6)', () => {
  test('no throw, nothing lost, cap held, fences balanced, no orphan rows, deterministic, offsets ordered', () => {
    fc.assert(
      fc.property(document, options, (markdown, settings) => {
        checkInvariants(markdown, settings);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  }, 600_000);
});
