/**
 * Parent side of a measurement: a splitter living in its own child process, asked to split one
 * document at a time under a time budget. Over budget, the child is killed and the outcome says
 * `timeout`; the caller starts a fresh child for the next document.
 */
import { fork } from 'node:child_process';

const childModule = new URL('./child.mjs', import.meta.url);
let profiles = 0;

/**
 * @typedef {{ ms: number, wallMs: number, cpuMs: number, chunks: number, quality?: object, peakRss: number }} Timing
 * @typedef {Timing | { timeout: number } | { error: string }} Outcome
 */

/**
 * Start a child, load the splitter and warm it up.
 *
 * @param {object} job
 * @param {string} job.splitter Name in `splitters`.
 * @param {object} job.options `{ chunkSize, ratio }`.
 * @param {object[]} job.warmup Documents split untimed before the first measurement.
 * @param {number} job.warmupMs How long to keep splitting them (the JIT needs a while to settle).
 * @param {number} job.timeoutMs Default budget per document (wall-clock).
 * @param {'cpu' | 'wall'} job.clock Which time becomes the outcome's `ms`.
 * @param {string} [job.profileDir] Write a V8 CPU profile of the child there.
 * @param {string} [job.tag] What the child works on, for the profile's file name.
 * @returns {Promise<object>} A handle: `split(doc, check, budgetMs)` resolves to an {@link Outcome},
 *   `stop()` ends the child; `alive`, `baseRss` (after warm-up) and `peakRss` (high-water mark).
 *   When the splitter cannot load: `{ fatal }`.
 */
export async function start(job) {
  const proc = fork(childModule, [], {
    execArgv: profileFlags(job),
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  proc.stderr.on('data', (data) => {
    stderr = (stderr + data).slice(-4000);
  });

  // One request at a time: `pending` is the answer the parent waits for.
  let pending;
  let timer;
  let budget = job.timeoutMs;
  const settle = (value) => {
    clearTimeout(timer);
    const resolve = pending;
    pending = undefined;
    resolve?.(value);
  };
  const kill = () => {
    handle.alive = false;
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
  const ask = (message, onTimeout, ms) =>
    new Promise((resolve) => {
      pending = resolve;
      timer = setTimeout(() => {
        kill();
        settle(onTimeout);
      }, ms);
      proc.send(message);
    });

  const handle = {
    alive: true,
    baseRss: 0,
    peakRss: 0,
    async split(doc, check, budgetMs = job.timeoutMs) {
      if (!handle.alive) return { error: 'child not running' };
      budget = budgetMs;
      // Generous until `start`; then the document's budget.
      const outcome = await ask({ type: 'split', doc, check }, { error: 'no answer' }, 60_000);
      if (outcome.peakRss) handle.peakRss = Math.max(handle.peakRss, outcome.peakRss);
      if (outcome.wallMs !== undefined)
        outcome.ms = job.clock === 'wall' ? outcome.wallMs : outcome.cpuMs;
      return outcome;
    },
    async stop() {
      if (!handle.alive) return;
      const end = await ask({ type: 'stop' }, {}, 30_000);
      if (end.peakRss) handle.peakRss = Math.max(handle.peakRss, end.peakRss);
      handle.alive = false;
    },
  };

  proc.on('message', (message) => {
    if (message.type === 'start') {
      clearTimeout(timer);
      timer = setTimeout(() => {
        kill();
        settle({ timeout: budget });
      }, budget);
    } else {
      const { type, ...rest } = message;
      settle(rest);
    }
  });
  // `close` comes after the last message: a child that dies mid-request crashed.
  proc.on('close', (code, signal) => {
    handle.alive = false;
    settle({ error: `crashed: ${lastLine(stderr) || `exit ${signal ?? code}`}` });
  });

  const { warmup, warmupMs, splitter, options } = job;
  const ready = await ask(
    { type: 'load', splitter, options, warmup, warmupMs },
    { fatal: 'timeout while loading or warming up' },
    job.timeoutMs * 3 + 30_000,
  );
  if (ready.fatal || ready.error) {
    kill();
    return { fatal: ready.fatal ?? ready.error };
  }
  handle.baseRss = ready.rss;
  return handle;
}

/** With `job.profileDir`, the child writes a V8 CPU profile named after what it ran. */
function profileFlags(job) {
  if (!job.profileDir) return [];
  const what = [job.splitter, job.options.chunkSize, job.tag].filter(Boolean).join('-');
  const name = `${String(++profiles).padStart(3, '0')}-${what.replace(/[^\w.-]+/g, '_')}.cpuprofile`;
  return ['--cpu-prof', `--cpu-prof-dir=${job.profileDir}`, `--cpu-prof-name=${name}`];
}

function lastLine(text) {
  const lines = text.trim().split('\n');
  const line = lines.find((l) => /heap out of memory|RangeError|Error:/.test(l)) ?? lines.pop();
  return line.trim().slice(0, 160);
}
