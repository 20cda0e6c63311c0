import fc from 'fast-check';
import { describe, test } from 'vitest';
import { full } from './helpers/corpus.js';
import { document, options } from './helpers/generators.js';
import { checkInvariants } from './helpers/invariants.js';

describe('invariants hold for generated markdown and options (SPEC §6)', () => {
  test('no throw, nothing lost, cap held, fences balanced, no orphan rows, deterministic, offsets ordered', () => {
    fc.assert(
      fc.property(document, options, (markdown, settings) => {
        checkInvariants(markdown, settings);
      }),
      // 40 generated documents by default (new ones every run), 200 with FULL=1.
      { numRuns: Number(process.env.PROPERTY_RUNS ?? (full ? 200 : 40)) },
    );
  }, 600_000);
});
