/**
 * Child process: holds one splitter and splits the documents the parent sends, one at a time.
 *
 * Protocol (IPC messages): the parent sends `load`, then `split` (one document, one timing) as
 * often as it likes, then `stop`. The child answers `ready` (after loading and warming up),
 * `start` and `done` for each `split`, `end` on `stop`, or `fatal` when the splitter cannot load.
 *
 * No forced garbage collection between documents: `gc()` makes V8 shrink its heap and drop compiled
 * code, which halved the measured throughput of every splitter.
 */
import { performance } from 'node:perf_hooks';
import { materialize } from './documents.mjs';
import { breakage } from './quality.mjs';
import { splitters } from './splitters.mjs';

const send = (message) => new Promise((resolve) => process.send(message, resolve));
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const handlers = { load, split, stop };
let splitter;

process.on('message', (message) => handlers[message.type](message));

async function load({ splitter: name, options, warmup, warmupMs }) {
  try {
    splitter = await splitters[name].create(options);
    await warmUp(warmup.map(materialize), warmupMs);
  } catch (error) {
    await send({ type: 'fatal', error: String(error?.message ?? error) });
    process.exit(1);
  }
  await send({ type: 'ready', rss: process.memoryUsage().rss });
}

/**
 * Time one split of `doc` (`doc.loops` splits, averaged) in wall-clock and CPU time (user + system
 * of this process); count breakage when asked.
 */
async function split({ doc, check }) {
  const text = materialize(doc);
  const loops = doc.loops ?? 1;
  await send({ type: 'start' });
  try {
    let chunks = [];
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let loop = 0; loop < loops; loop++) chunks = await splitter(text);
    const wallMs = (performance.now() - start) / loops;
    const { user, system } = process.cpuUsage(cpu);
    const cpuMs = (user + system) / 1000 / loops;
    const rss = peakRss();
    const quality = check ? breakage(chunks, text) : undefined;
    await send({ type: 'done', wallMs, cpuMs, chunks: chunks.length, quality, peakRss: rss });
  } catch (error) {
    await send({ type: 'done', error: String(error?.message ?? error).slice(0, 200) });
  }
}

async function stop() {
  await send({ type: 'end', peakRss: peakRss() });
  process.disconnect();
}

/**
 * Split the warm-up documents until the JIT has settled: at least `ms` milliseconds and three
 * rounds, at most thirty rounds.
 */
async function warmUp(texts, ms) {
  const start = performance.now();
  for (let round = 0; round < 30; round++) {
    if (round >= 3 && performance.now() - start >= ms) return;
    for (const text of texts) await splitter(text);
  }
}
