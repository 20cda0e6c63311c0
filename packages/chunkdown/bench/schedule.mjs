/**
 * Interleaved measurement: every splitter lives in its own child, and the children take turns on
 * each document (the floor, then chunkdown, then the peers, in an order that rotates per document
 * and per run). Only one child works at a time, so they never compete for the CPU, and whatever
 * else loads the machine hits all of them alike: ratios stay meaningful when absolute times drift.
 */
import { start } from './measure.mjs';

/**
 * Measure every variant on a group of documents.
 *
 * @param {object} options
 * @param {object[]} options.variants `{ splitter, size, label, options? }`, the floor first
 *   (`options`: more for the splitter's `create`).
 * @param {object[]} options.docs Document descriptors.
 * @param {boolean} options.isolate Fresh children for each document (peak memory per document).
 * @param {object} options.job What `start` needs besides the splitter: warm-up, budget, profiling.
 * @param {number} options.runs Timings per document and splitter; the fastest counts.
 * @param {Map<string, string>} options.fatal Splitters that cannot load, shared across groups.
 * @param {(message: string) => void} options.log Progress.
 * @returns {Promise<{ variant: object, result: object }[]>} `result`: `{ outcomes, peakRss, baseRss }`
 *   with `outcomes` aligned with `docs`, or `{ fatal }`.
 */
export async function measureGroup({ variants, docs, isolate, job, runs, fatal, log }) {
  const results = variants.map(() => ({ outcomes: [], peakRss: 0, baseRss: 0 }));
  const batches = isolate ? docs.map((doc) => [doc]) : [docs];
  for (const batch of batches) {
    const began = Date.now();
    const children = new Map();
    const first = results[0].outcomes.length;
    let told = Date.now();
    for (const [i, doc] of batch.entries()) {
      if (Date.now() - told > 15_000) {
        log(`  … ${i}/${batch.length} documents`);
        told = Date.now();
      }
      for (let run = 0; run < runs; run++) {
        for (const v of rotate(variants.keys(), i + run)) {
          const variant = variants[v];
          const outcomes = results[v].outcomes;
          const previous = outcomes[first + i];
          if (fatal.has(variant.splitter) || (previous && previous.ms === undefined)) continue;
          const tag = isolate ? doc.name : `${docs.length} documents`;
          const child = children.get(v) ?? (await open(variant, { ...job, tag }, fatal, log));
          if (!child) continue;
          children.set(v, child);
          // Breakage is counted on the last run, after every timing and memory reading.
          const outcome = await child.split(
            doc,
            run === runs - 1,
            budget(results[0].outcomes[first + i], job.timeoutMs),
          );
          if (!child.alive) children.delete(v);
          outcomes[first + i] = previous ? fastest(previous, outcome) : outcome;
          results[v].baseRss = Math.max(results[v].baseRss, child.baseRss);
          results[v].peakRss = Math.max(results[v].peakRss, child.peakRss);
        }
      }
    }
    for (const child of children.values()) await child.stop();
    const what = batch.length === 1 ? batch[0].name : `${batch.length} documents`;
    log(
      `  ${what} · ${variants.length} splitters × ${runs} run(s) · ${seconds(Date.now() - began)}`,
    );
  }
  return variants.map((variant, v) =>
    fatal.has(variant.splitter)
      ? { variant, result: { fatal: fatal.get(variant.splitter), outcomes: [] } }
      : { variant, result: results[v] },
  );
}

/** Start a child for a variant, or record why it cannot start (then it is skipped everywhere). */
async function open(variant, job, fatal, log) {
  const child = await start({
    ...job,
    splitter: variant.splitter,
    options: { chunkSize: variant.size, ratio: job.ratio, ...variant.options },
  });
  if (!child.fatal) return child;
  log(`  ${variant.label}: ${child.fatal} (skipped from now on)`);
  fatal.set(variant.splitter, child.fatal);
  return undefined;
}

/**
 * A document's budget: the `--timeout`, or 4× the floor's wall-clock time on it when that is longer,
 * so that a timeout always means "more than 4× the parser" and a huge document is not cut short.
 */
function budget(floor, timeoutMs) {
  return Math.max(timeoutMs, floor?.wallMs ? 4 * floor.wallMs : 0);
}

/** Keep the faster timing (a later failure does not undo an earlier one) and any breakage counts. */
function fastest(previous, next) {
  if (next.ms === undefined) return previous;
  const best = next.ms < previous.ms ? next : previous;
  return { ...best, quality: next.quality ?? previous.quality };
}

/** The indices in order, starting at `shift` (mod length) and wrapping around. */
function rotate(keys, shift) {
  const list = [...keys];
  const at = shift % list.length;
  return [...list.slice(at), ...list.slice(0, at)];
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
