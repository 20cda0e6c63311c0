/**
 * `pnpm bench`: time the floor (remark parse + stringify), chunkdown, chunkdown@3.5.0 and
 * LangChain's MarkdownTextSplitter on the same documents, and report throughput, ratios to the
 * floor, peak memory, the slowest document and what each splitter breaks.
 *
 * Flags: see `args.mjs` or `pnpm bench --help`; `pnpm bench --tokens` runs `tokens.mjs` instead.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adversarialDocuments } from './adversarial.mjs';
import { parseCli } from './args.mjs';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';
import { repeated, withBytes } from './documents.mjs';
import { formatReport } from './report.mjs';
import { measureGroup } from './schedule.mjs';
import { splitters } from './splitters.mjs';

// `pnpm bench --tokens`: the cost of sizing in tokens, a benchmark of its own (`tokens.mjs`).
if (process.argv.slice(2).includes('--tokens')) {
  await import('./tokens.mjs');
  process.exit(process.exitCode ?? 0);
}
// `pnpm bench --dialects`: what `syntax: auto()` costs, library and command line (`dialects.mjs`).
if (process.argv.slice(2).includes('--dialects')) {
  await import('./dialects.mjs');
  process.exit(process.exitCode ?? 0);
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const workspaceRoot = path.resolve(packageDir, '../..');
const args = parseCli(process.argv.slice(2));
const started = Date.now();
/** Budget of one large document (`largeDocuments`): generous, and a hang still ends. */
const largeBudgetMs = 10 * 60_000;

if (args.build) build();
snapshotDist();

const variants = [
  { splitter: 'floor', label: splitters.floor.short },
  ...args.sizes.flatMap((size) =>
    args.splitters.map((splitter) => ({ splitter, size, label: splitters[splitter].short })),
  ),
];
// Every child warms up on the same real document before it is timed.
const warmup = [
  { name: 'warm-up', file: path.join(packageDir, 'node_modules/chunkdown-v3/README.md') },
];
const sets = await inputSets();
const fatal = new Map();

for (const set of sets) {
  for (const group of set.kind === 'scaling' ? set.bases : [set]) {
    log(
      `${group.short ?? set.title}: ${group.docs.length} documents${set.isolate ? ', one set of children each' : ''}`,
    );
    group.runs = await measureGroup({
      variants: set.variants ?? variants,
      docs: group.docs,
      isolate: set.isolate,
      runs: args.runs,
      fatal,
      log,
      job: {
        ratio: args.ratio,
        warmup: group.warmup ?? warmup,
        warmupMs: set.warmupMs,
        timeoutMs: set.timeoutMs ?? args.timeoutMs,
        clock: args.clock,
        profileDir: args.profileDir,
      },
    });
  }
}

const report = formatReport({ meta: meta(), sets });
process.stdout.write(`\n${report}`);
mkdirSync(path.dirname(args.out), { recursive: true });
writeFileSync(args.out, report);
log(`\nWrote ${args.out} in ${seconds(Date.now() - started)}.`);

async function inputSets() {
  const sets = [];
  const nodeModules = await nodeModulesDocuments(workspaceRoot, args.maxBytes);
  if (!args.skip.includes('node_modules')) {
    sets.push(
      corpus(
        'node_modules',
        `Markdown files inside node_modules`,
        nodeModules,
        'the `*.md` files installed under `node_modules/.pnpm`, deduplicated by content',
      ),
    );
  }
  if (!args.skip.includes('corpus')) {
    for (const dir of args.corpora) {
      const name = path.basename(dir);
      sets.push(
        corpus(
          name,
          `Corpus: ${name}`,
          await folderDocuments(dir),
          `every \`*.md\` under \`${path.relative(workspaceRoot, dir)}\``,
        ),
      );
    }
  }
  if (!args.skip.includes('adversarial')) {
    const docs = adversarialDocuments(args.quick ? 1 / 8 : 1).map(withBytes);
    sets.push({
      kind: 'adversarial',
      title: 'Adversarial documents',
      description: `Generated (\`bench/adversarial.mjs\`); each cell: time, × floor, peak RSS. One child process per cell; budget ${args.timeoutMs / 1000} s or 4× the floor's wall-clock time, whichever is longer.`,
      docs,
      isolate: true,
      // A document of a megabyte warms the JIT up by itself; a short warm-up is enough.
      warmupMs: args.quick ? 200 : 300,
    });
  }
  if (!args.skip.includes('scaling')) {
    const limit = args.quick ? 16e3 : 64e3;
    const real = nodeModules
      .filter((doc) => doc.bytes <= limit)
      .sort((a, b) => b.bytes - a.bytes)[0];
    const bases = [];
    // Repeated inside one paragraph (joined by a space): the inline text splitter's scaling.
    const prose = { name: '32 kB paragraph', generator: 'paragraph', amount: 32e3, join: ' ' };
    // Each base warms up on itself, so ×1 is not the first contact with its constructs.
    for (const base of args.quick ? [real] : [real, prose]) {
      if (base) bases.push({ short: base.name, docs: repeated(base, [1, 4, 16]), warmup: [base] });
    }
    sets.push({
      kind: 'scaling',
      title: 'Scaling',
      description: `One document repeated ×1, ×4 and ×16 (${bases.map((b) => `\`${b.short}\``).join(', ')}), one child process per splitter that warms up on the document and then times the three in turn, each over the same bytes (×1 split 16 times, ×4 four times, ×16 once); time per MB should stay flat. Growth: ms/MB at ×16 over ×1. RSS: the child's high-water mark after ×1 and after ×16.`,
      bases,
      isolate: false,
      warmupMs: args.quick ? 500 : 1000,
    });
  }
  if (!args.skip.includes('large') && args.splitters.includes('chunkdown')) {
    sets.push(largeDocuments(nodeModules));
  }
  return sets;
}

/**
 * The large-document run (issue 15): the node_modules markdown one document after another, cut
 * to 1, 4 and 16 MB (a quarter of that with `--quick`), each split once by chunkdown alone, in one
 * child per size, in that order: time per MB must stay flat (segmented parsing), and the child's
 * high-water mark after the 16 MB document is the peak memory. The floor and the peers parse a
 * whole document at once, which at these sizes takes minutes and is not what is measured here.
 */
function largeDocuments(nodeModules) {
  const files = nodeModules.map((doc) => doc.file);
  const scale = args.quick ? 0.25 : 1;
  const docs = [1, 4, 16].map((megabytes) =>
    withBytes({
      name: `${megabytes * scale} MB of real docs`,
      files,
      size: megabytes * scale * 1e6,
    }),
  );
  return {
    kind: 'large',
    title: 'Large documents',
    description: `The ${files.length} node_modules documents one after another (a blank line between them, again from the first when they run out), cut to ${docs.map((doc) => doc.name.replace(' of real docs', '')).join(', ')}; chunkdown only, one child per size that warms up on the smallest and then splits the three in turn, once each (budget ${largeBudgetMs / 60_000} min). Time per MB should stay flat: growth is ms/MB at the largest over the smallest. Peak RSS: the child's high-water mark after each document.`,
    docs,
    isolate: false,
    variants: variants.filter((variant) => variant.splitter === 'chunkdown'),
    timeoutMs: largeBudgetMs,
    // Warmed up on the smallest, so it is not the first contact with the code the others use.
    warmup: [docs[0]],
    warmupMs: args.quick ? 500 : 1000,
  };
}

function corpus(short, title, docs, what) {
  const bytes = docs.reduce((n, doc) => n + doc.bytes, 0);
  return {
    kind: 'corpus',
    short,
    title: `${title} (${docs.length} documents, ${(bytes / 1e6).toFixed(2)} MB)`,
    description: `Inputs: ${what}. One child process per splitter and size.`,
    docs,
    isolate: false,
    warmupMs: args.quick ? 500 : 1000,
  };
}

/**
 * Copy `dist` beside the benchmark and point the children at the copy (`CHUNKDOWN_BENCH_DIST`): a
 * rebuild while the benchmark runs (tsdown empties `dist` first) must not change or remove what is
 * measured halfway through. The copy sits inside the package, so its imports still resolve.
 */
function snapshotDist() {
  const dist = path.join(packageDir, 'dist');
  if (!existsSync(path.join(dist, 'index.js'))) return;
  const copy = path.join(packageDir, 'bench/.snapshot', String(process.pid));
  cpSync(dist, copy, { recursive: true });
  // Profiles point at the snapshot, which goes at exit: `bench/profile.mjs` looks in DIR/dist.
  if (args.profileDir) cpSync(dist, path.join(args.profileDir, 'dist'), { recursive: true });
  process.env.CHUNKDOWN_BENCH_DIST = path.join(copy, 'index.js');
  process.on('exit', () => {
    rmSync(copy, { recursive: true, force: true });
    if (readdirSync(path.dirname(copy)).length === 0)
      rmSync(path.dirname(copy), { recursive: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
}

/** Build the library so the benchmark measures the current sources; keep the old dist if it fails. */
function build() {
  log('Building the library (pnpm run build; skip with --no-build)…');
  try {
    execFileSync('pnpm', ['run', 'build'], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    const why = String(error.stderr ?? error.message)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    log(`Build failed, using the existing dist if any: ${why}`);
  }
}

function meta() {
  const cpus = os.cpus();
  const v = (dir) => version(`node_modules/${dir}`);
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    load: os.loadavg()[0].toFixed(2),
    command: ['pnpm bench', ...args.argv].join(' '),
    versions: [
      `chunkdown ${version('.')} at ${commit()}`,
      `chunkdown@${v('chunkdown-v3')}`,
      `@langchain/textsplitters@${v('@langchain/textsplitters')}`,
      `floor: remark-parse@${v('remark-parse')} + remark-gfm@${v('remark-gfm')} + remark-stringify@${v('remark-stringify')}`,
    ].join(', '),
    options: [
      `sizes ${args.sizes.join(', ')}`,
      `chunkdown and 3.5.0 with \`maxOverflowRatio: ${args.ratio}\``,
      'LangChain with `chunkOverlap: 0`',
      'splitters take turns on each document (interleaved, one at a time), each in its own warmed-up child process',
      `${args.clock === 'cpu' ? 'CPU time (user + system of the child process)' : 'wall-clock time'}, fastest of ${args.runs} run(s) per document`,
      `budget per (splitter, document): ${args.timeoutMs / 1000} s of wall-clock time, or 4× the floor's if longer`,
    ].join('; '),
  };
}

function version(dir) {
  try {
    return JSON.parse(readFileSync(path.join(packageDir, dir, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

function commit() {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: packageDir, encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--', 'src') ? ' + uncommitted src changes' : '';
    return `\`${git('rev-parse', '--short', 'HEAD')}\`${dirty}`;
  } catch {
    return 'unknown commit';
  }
}

function log(message) {
  process.stderr.write(`${message}\n`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
