import { describe, expect, test } from 'vitest';
import { adversarialCases } from './helpers/adversarial.js';
import { startCounting } from './helpers/work.js';

/**
 * SPEC §6.1: work grows linearly with the input, also on hostile input. Each case is split at
 * size n and 2n and the executed JavaScript blocks are counted (deterministic, unlike time):
 * linear work at most doubles (plus a constant), quadratic work quadruples. Time per MB on big
 * inputs is measured by `pnpm bench`.
 */
const counter = await startCounting();
const { chunkdown } = await import('../src/index.js');

/** Largest ratio of work at 2n to work at n that still counts as linear. */
const LINEAR = 2.5;

/** Whether a script is chunkdown's own (not a dependency's). */
const ownScript = (url: string) => url.includes('/packages/chunkdown/src/');

describe('work grows linearly with the input', () => {
  for (const item of adversarialCases) {
    for (const options of [{ chunkSize: 500 }, { chunkSize: 200, maxRawSize: 400 }]) {
      const name = `${item.name} with ${JSON.stringify(options)}`;
      // A known superlinear case is expected to fail until its fix lands (then drop its mark).
      const run = item.superlinear ? test.fails : test;
      run(
        name,
        async () => {
          const splitter = chunkdown(options);
          const small = item.make(item.small);
          const double = item.make(item.small * 2);
          // Where the parser itself is superlinear, count chunkdown's own work (its scripts).
          const only = item.parserSuperlinear ? ownScript : undefined;
          splitter.split(small);
          const once = await counter.count(() => splitter.split(small), only);
          const twice = await counter.count(() => splitter.split(double), only);
          expect(twice / once).toBeLessThan(LINEAR);
        },
        120_000,
      );
    }
  }
});
