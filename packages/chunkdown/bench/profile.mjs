/**
 * Summarize V8 CPU profiles (`.cpuprofile`, from `pnpm bench --profile` or `node --cpu-prof`):
 * where the time went, by function and by file, as shares of the sampled time.
 *
 *   node bench/profile.mjs FILE_OR_DIR… [--top 25] [--match dist/]
 *
 * `--match` keeps the functions whose file path contains the text (the share stays of the total).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, match: { type: 'string', default: '' } },
});
const files = positionals.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(p, f))
    : [p],
);
if (files.length === 0) {
  process.stderr.write('Usage: node bench/profile.mjs FILE_OR_DIR… [--top 25] [--match TEXT]\n');
  process.exit(2);
}

for (const file of files) {
  const { byFunction, byFile, total } = selfTimes(JSON.parse(readFileSync(file, 'utf8')));
  const top = Number(values.top);
  const keep = ([key]) => key.includes(values.match);
  process.stdout.write(`\n# ${path.basename(file)}: ${(total / 1000).toFixed(0)} ms sampled\n`);
  process.stdout.write(`\n## self time by file\n${rows(byFile, total, top, keep)}\n`);
  process.stdout.write(`\n## self time by function\n${rows(byFunction, total, top, keep)}\n`);
}

/**
 * Self time per function and per file, from the profile's samples and time deltas.
 *
 * @param {{ nodes: object[], samples: number[], timeDeltas: number[] }} profile
 * @returns {{ byFunction: Map<string, number>, byFile: Map<string, number>, total: number }}
 *   Times in microseconds.
 */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  const byFile = new Map();
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url ? shorten(url) : '(native)';
    const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byFile.set(where, (byFile.get(where) ?? 0) + delta);
    total += delta;
  }
  return { byFunction, byFile, total };
}

function rows(map, total, top, keep) {
  return [...map]
    .filter(keep)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, us]) =>
        `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
    )
    .join('\n');
}

/** `file:///…/node_modules/.pnpm/x@1/node_modules/x/lib/a.js` → `x/lib/a.js`. */
function shorten(url) {
  return url
    .replace(/^file:\/\//, '')
    .split('/node_modules/')
    .pop()
    .replace(/^.*\/packages\//, 'packages/');
}
