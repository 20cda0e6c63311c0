/**
 * Parent side of a measurement: run one splitter over documents in a child process, with a time
 * budget per document. A document over budget kills the child; a fresh child goes on with the next
 * document, so one pathological input costs at most its budget.
 */
import { fork } from 'node:child_process';

const child = new URL('./child.mjs', import.meta.url);

/**
 * @typedef {{ ms: number, chunks: number, quality: object, peakRss: number }} Timing
 * @typedef {Timing | { timeout: number } | { error: string }} Outcome
 */

/**
 * @param {object} job
 * @param {string} job.splitter Name in `splitters`.
 * @param {object} job.options `{ chunkSize, ratio }`.
 * @param {object[]} job.docs Document descriptors.
 * @param {object[]} job.warmup Documents split untimed before the first measurement.
 * @param {number} job.warmupMs How long to keep splitting them (the JIT needs a while to settle).
 * @param {number} job.runs Timed runs per document (the fastest counts).
 * @param {number} job.timeoutMs Budget per document.
 * @param {string} [job.profileDir] Write a CPU profile of each child there.
 * @returns {Promise<{ outcomes: Outcome[], peakRss: number, baseRss: number, fatal?: string }>}
 *   `peakRss`: highest resident set size of the children; `baseRss`: after loading and warm-up.
 */
export async function measure(job) {
  const outcomes = [];
  let peakRss = 0;
  let baseRss = 0;
  while (outcomes.length < job.docs.length) {
    const first = outcomes.length;
    const part = await runChild({ ...job, docs: job.docs.slice(first) });
    if (part.fatal) return { outcomes, peakRss, baseRss, fatal: part.fatal };
    outcomes.push(...part.outcomes);
    peakRss = Math.max(peakRss, part.peakRss);
    baseRss = Math.max(baseRss, part.baseRss);
  }
  return { outcomes, peakRss, baseRss };
}

/** Run one child until it finishes, fails to load, or a document runs over budget. */
function runChild(job) {
  return new Promise((resolve) => {
    const outcomes = [];
    let peakRss = 0;
    let baseRss = 0;
    let timer;
    let ready = false;
    let ended = false;
    let settled = false;
    const proc = fork(child, [], {
      execArgv: profileFlags(job),
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let stderr = '';
    proc.stderr.on('data', (data) => {
      stderr = (stderr + data).slice(-2000);
    });

    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      resolve({ outcomes, peakRss, baseRss, ...result });
    };
    const arm = (ms, onTimeout) => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, ms);
    };

    // Loading and warming up get a generous budget too: a hang there must not hang the bench.
    arm(job.timeoutMs * 2 + 30_000, () => finish({ fatal: 'timeout while loading or warming up' }));
    proc.on('message', (message) => {
      if (message.type === 'ready') {
        baseRss = message.rss;
        ready = true;
        clearTimeout(timer);
      } else if (message.type === 'start') {
        arm(job.timeoutMs, () => {
          outcomes.push({ timeout: job.timeoutMs });
          finish({});
        });
      } else if (message.type === 'done') {
        clearTimeout(timer);
        const { type, index, ...outcome } = message;
        outcomes.push(outcome);
        if (outcome.peakRss) peakRss = Math.max(peakRss, outcome.peakRss);
      } else if (message.type === 'end') {
        // Let the child exit by itself (a CPU profile is written on exit); `close` finishes.
        peakRss = Math.max(peakRss, message.peakRss);
        ended = true;
        clearTimeout(timer);
      } else if (message.type === 'fatal') {
        finish({ fatal: message.error });
      }
    });
    // `close` comes after the last message has been delivered.
    proc.on('close', (code, signal) => {
      if (settled) return;
      if (ended) return finish({});
      const why = lastLine(stderr) || `exit ${signal ?? code}`;
      if (!ready) return finish({ fatal: `crashed while loading: ${why}` });
      // Died in the middle of a document (out of memory, stack overflow in native code, …).
      if (outcomes.length < job.docs.length) outcomes.push({ error: `crashed: ${why}` });
      finish({});
    });
    proc.send({
      splitter: job.splitter,
      options: job.options,
      docs: job.docs,
      warmup: job.warmup,
      warmupMs: job.warmupMs,
      runs: job.runs,
    });
  });
}

let profiles = 0;

/** With `job.profileDir`, each child writes a V8 CPU profile named after what it ran. */
function profileFlags(job) {
  if (!job.profileDir) return [];
  const name = `${++profiles}-${job.splitter}-${job.options.chunkSize ?? 'all'}.cpuprofile`;
  return ['--cpu-prof', `--cpu-prof-dir=${job.profileDir}`, `--cpu-prof-name=${name}`];
}

function lastLine(text) {
  const lines = text.trim().split('\n');
  return (lines.find((line) => /heap out of memory|RangeError|Error:/.test(line)) ?? lines.pop())
    .trim()
    .slice(0, 160);
}
