/**
 * Child process: runs one splitter over a list of documents and reports each result to the parent
 * as it goes, so the parent can stop it when one document takes too long.
 *
 * Messages sent: `ready` (after loading and warming up), `start` / `done` per document, `end`.
 * No forced garbage collection between documents: `gc()` makes V8 shrink its heap and drop compiled
 * code, which halved the measured throughput of every splitter.
 */
import { performance } from 'node:perf_hooks';
import { materialize } from './documents.mjs';
import { breakage } from './quality.mjs';
import { splitters } from './splitters.mjs';

const send = (message) => new Promise((resolve) => process.send(message, resolve));
const peakRss = () => process.resourceUsage().maxRSS * 1024;

process.once('message', async (job) => {
  let split;
  try {
    split = await splitters[job.splitter].create(job.options);
    await warmUp(split, job.warmup.map(materialize), job.warmupMs);
  } catch (error) {
    await send({ type: 'fatal', error: String(error?.message ?? error) });
    process.exit(1);
  }
  await send({ type: 'ready', rss: process.memoryUsage().rss });

  for (const [index, doc] of job.docs.entries()) {
    const text = materialize(doc);
    await send({ type: 'start', index });
    try {
      let chunks = [];
      let ms = Number.POSITIVE_INFINITY;
      // `loops` splits per timing (the scaling run), averaged; the fastest of `runs` timings counts.
      const loops = doc.loops ?? 1;
      for (let run = 0; run < job.runs; run++) {
        const start = performance.now();
        for (let loop = 0; loop < loops; loop++) chunks = await split(text);
        ms = Math.min(ms, (performance.now() - start) / loops);
      }
      const quality = breakage(chunks, text);
      await send({ type: 'done', index, ms, chunks: chunks.length, quality, peakRss: peakRss() });
    } catch (error) {
      await send({ type: 'done', index, error: String(error?.message ?? error).slice(0, 200) });
    }
  }
  await send({ type: 'end', peakRss: peakRss() });
  process.disconnect();
});

/**
 * Split the warm-up documents until the JIT has settled: at least `ms` milliseconds and three
 * rounds, at most thirty rounds.
 */
async function warmUp(split, texts, ms) {
  const start = performance.now();
  for (let round = 0; round < 30; round++) {
    if (round >= 3 && performance.now() - start >= ms) return;
    for (const text of texts) await split(text);
  }
}
