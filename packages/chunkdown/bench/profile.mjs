/**
 * Summarize V8 CPU profiles (`.cpuprofile`, from `pnpm bench --profile DIR` or `node --cpu-prof`):
 * where the time went, as shares of the busy time (idle time, when a child waits for its turn, is
 * left out).
 *
 *   node bench/profile.mjs FILE_OR_DIR… [--top 25] [--match TEXT]
 *
 * Prints self time by file, self time by function, and total time (self + callees) by function.
 * `--match` keeps the rows whose file contains TEXT (`--match chunkdown/dist` for the library).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Source regions of each bundle, read once: `url` → `[{ from, name }]`. */
const regionsByUrl = new Map();
/** Folder of the profile being read: `pnpm bench --profile` keeps a copy of `dist` in it. */
let profileDir = '.';

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
  profileDir = path.dirname(file);
  const times = summarize(JSON.parse(readFileSync(file, 'utf8')));
  const table = (map) => rows(map, times.busy, Number(values.top), values.match);
  const busy = `${(times.busy / 1000).toFixed(0)} ms busy`;
  process.stdout.write(`\n# ${path.basename(file)}: ${busy}\n`);
  process.stdout.write(`\n## self time by file\n${table(times.selfByFile)}\n`);
  process.stdout.write(`\n## self time by function\n${table(times.selfByFunction)}\n`);
  process.stdout.write(`\n## total time (self + callees) by function\n${table(times.total)}\n`);
}

/**
 * @param {{ nodes: object[], samples: number[], timeDeltas: number[] }} profile
 * @returns Microseconds per file and per function (self), per function (total), and busy time.
 */
function summarize(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const selfByFunction = new Map();
  const selfByFile = new Map();
  const total = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  let busy = 0;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i] ?? 0;
    const leaf = describe(nodes.get(id));
    if (leaf.name.startsWith('(idle)')) continue;
    busy += us;
    add(selfByFunction, leaf.name, us);
    add(selfByFile, leaf.file, us);
    // Each function on the stack once, however deep its recursion.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const { name } = describe(nodes.get(at));
      if (!seen.has(name)) add(total, name, us);
      seen.add(name);
    }
  }
  total.delete('(root) (native):0');
  return { selfByFunction, selfByFile, total, busy };
}

function describe(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const line = lineNumber + 1;
  const region = url ? sourceOf(url, line) : undefined;
  // `chunkdown/dist/x.js` → `chunkdown/src/pack/pack.ts`, `chunkdown@3.5.0/…` likewise.
  const file = region ? `${shorten(url).split('/')[0]}/${region}` : url ? shorten(url) : '(native)';
  const where = region ? `${file} (${shorten(url)}:${line})` : `${file}:${line}`;
  return { file, name: `${functionName || '(anonymous)'} ${where}` };
}

/**
 * The source module a line of a bundle came from: tsdown marks each with `//#region src/….ts`, so
 * a profile of `dist` still points at `src/split/table.ts` rather than one big chunk.
 */
function sourceOf(url, line) {
  if (!regionsByUrl.has(url)) {
    const file = new URL(url).pathname;
    const copy = path.join(profileDir, 'dist', path.basename(file));
    const regions = [];
    for (const candidate of [file, copy]) {
      if (!existsSync(candidate)) continue;
      for (const [i, text] of readFileSync(candidate, 'utf8').split('\n').entries()) {
        const match = /^\/\/#region (\S+)/.exec(text);
        if (match) regions.push({ from: i + 1, name: match[1] });
      }
      break;
    }
    regionsByUrl.set(url, regions);
  }
  let found;
  for (const region of regionsByUrl.get(url)) if (region.from <= line) found = region.name;
  return found;
}

function rows(map, busy, top, match) {
  return [...map]
    .filter(([key]) => key.includes(match))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => {
      const share = `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
      return `${share}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`;
    })
    .join('\n');
}

/**
 * `file:///…/node_modules/.pnpm/x@1.0.0/node_modules/x/lib/a.js` → `x/lib/a.js`, and the package's
 * version when two versions of it can meet (chunkdown and chunkdown@3.5.0).
 */
function shorten(url) {
  const file = url.replace(/^file:\/\//, '').replace(/\/bench\/\.snapshot\/\d+\//, '/dist/');
  if (file.includes('/packages/chunkdown/')) {
    return `chunkdown/${file.split('/packages/chunkdown/').pop()}`;
  }
  const inside = file.split('/node_modules/').pop();
  const version = /\/\.pnpm\/chunkdown@([\d.]+)/.exec(file)?.[1];
  return version && inside.startsWith('chunkdown/')
    ? inside.replace('chunkdown/', `chunkdown@${version}/`)
    : inside;
}
