import fc from 'fast-check';

/**
 * Property tests draw from one seed unless told otherwise, so that a run repeats the last one and
 * the test command never fails on a draw no run made before: `FC_SEED=random` draws afresh (a
 * failure prints its seed), `FC_SEED=N` replays seed N. A property that states its own seed keeps
 * it.
 */
const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed === undefined ? 20_261_204 : Number(seed) });
