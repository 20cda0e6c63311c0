/**
 * Index sync on the command line (`--previous`, issue 26): what a re-run costs on a tree that did
 * not change, against a full run of the same tree.
 *
 * Builds a tree of `--files` documents (the real documents of `--corpus` folders, or of
 * `../shared/corpus` and `../shared/corpus-web` when they exist, else the markdown in
 * `node_modules`, repeated under `copy-N/` folders until there are enough), then runs the built
 * command line on it three ways, each in its own process, timing the CPU of the whole process
 * (every thread) and its wall time:
 *
 * 1. a full run (`--out full.jsonl`);
 * 2. the same run with `--previous full.jsonl` on the unchanged tree: every file is skipped by the
 *    hash of its bytes, and every line is a `keep` line;
 * 3. the same after one sentence is added to one document: one file is chunked again.
 *
 * It checks the outputs (every chunk kept on the unchanged tree, the edit adds and deletes a few)
 * and prints the ratio of run 2 to run 1, against the target: at most 5 %.
 *
 *   pnpm bench:sync [--files 1000] [--chunk-size 500] [--jobs N] [--runs 1] [--corpus DIR]…
 *                   [--out FILE] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const root = path.resolve(packageDir, '../..');
const cli = path.join(packageDir, 'dist', 'cli.js');
const hook = path.join(here, 'cpu-at-exit.mjs');
const target = 0.05;

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000' },
    'chunk-size': { type: 'string', default: '500' },
    jobs: { type: 'string', default: String(availableParallelism()) },
    runs: { type: 'string', default: '1' },
    corpus: { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: path.join(here, 'results', 'sync.md') },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
if (!existsSync(cli)) {
  console.error('bench:sync: build the package first (pnpm --filter chunkdown run build)');
  process.exit(1);
}

const count = Number(values.files);
const runs = Math.max(1, Number(values.runs));
const flags = ['--chunk-size', values['chunk-size'], '--jobs', values.jobs];

const shared = ['corpus', 'corpus-web'].map((name) => path.resolve(root, '../shared', name));
const folders =
  values.corpus.length > 0
    ? values.corpus.map((dir) => path.resolve(dir))
    : shared.filter((dir) => existsSync(dir));
const sources = (
  folders.length > 0
    ? (await Promise.all(folders.map(folderDocuments))).flat()
    : await nodeModulesDocuments(root, 8 * 1024 * 1024)
).map((doc) => ({ ...doc, text: readFileSync(doc.file, 'utf8') }));
const corpusName =
  folders.length > 0
    ? folders.map((dir) => path.relative(root, dir) || dir).join(' + ')
    : 'node_modules markdown';

const work = mkdtempSync(path.join(tmpdir(), 'chunkdown-sync-'));
const tree = path.join(work, 'docs');
const written = [];
for (let index = 0; index < count; index++) {
  const source = sources[index % sources.length];
  const copy = Math.floor(index / sources.length) + 1;
  const file = path.join(tree, `copy-${copy}`, source.name.replaceAll('/', '__'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source.text);
  written.push({ file, text: source.text });
}
const megabytes = written.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0) / 2 ** 20;

/** Run the command line `runs` times; the fastest CPU time, its wall time and its output. */
function measure(args) {
  let best;
  for (let run = 0; run < runs; run++) {
    const cpuFile = path.join(work, 'cpu.json');
    rmSync(cpuFile, { force: true });
    const start = performance.now();
    const result = spawnSync(process.execPath, ['--import', hook, cli, ...args], {
      cwd: work,
      env: { ...process.env, CHUNKDOWN_CPU_FILE: cpuFile },
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    });
    const wallMs = performance.now() - start;
    if (result.status !== 0) {
      throw new Error(`chunkdown ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    }
    const { cpuMs } = JSON.parse(readFileSync(cpuFile, 'utf8'));
    const stderr = result.stderr.trim().split('\n').at(-1) ?? '';
    if (!best || cpuMs < best.cpuMs) best = { cpuMs, wallMs, stderr };
  }
  return best;
}

const lines = (file) =>
  readFileSync(path.join(work, file), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
function opsOf(records) {
  const counts = {};
  for (const { op } of records) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

console.log(
  `bench:sync: ${count} files (${megabytes.toFixed(1)} MB) from ${corpusName}, ${flags.join(' ')}`,
);
const startup = measure(['--version']);
const full = measure(['docs', ...flags, '--out', 'full.jsonl']);
const chunkCount = lines('full.jsonl').length;
console.log(`full run: ${(full.cpuMs / 1000).toFixed(2)} s CPU, ${chunkCount} chunks`);

const unchanged = measure(['docs', ...flags, '--previous', 'full.jsonl', '--out', 'same.jsonl']);
const same = opsOf(lines('same.jsonl'));
if (same.keep !== chunkCount || Object.keys(same).length !== 1) {
  throw new Error(`unchanged tree: expected ${chunkCount} keep lines, got ${JSON.stringify(same)}`);
}

// One sentence more in the middle of one document.
const edited = written[Math.floor(written.length / 2)];
const paragraphs = edited.text.split('\n\n');
const middle = Math.floor(paragraphs.length / 2);
paragraphs[middle] = `${paragraphs[middle]} This sentence was added for the benchmark.`;
writeFileSync(edited.file, paragraphs.join('\n\n'));
const edit = measure(['docs', ...flags, '--previous', 'full.jsonl', '--out', 'edit.jsonl']);
const editOps = opsOf(lines('edit.jsonl'));

const ratio = unchanged.cpuMs / full.cpuMs;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const percent = (value) => `${(value * 100).toFixed(1)} %`;
const rows = [
  ['full run', full, `${chunkCount} chunks`],
  ['`--previous`, unchanged tree', unchanged, `${same.keep} keep`],
  [
    '`--previous`, one sentence added to one file',
    edit,
    `${editOps.add ?? 0} add, ${editOps.keep ?? 0} keep, ${editOps.delete ?? 0} delete`,
  ],
  ['`chunkdown --version` (start-up alone)', startup, ''],
];
const table = [
  '| run | CPU | × full run | wall | lines |',
  '|---|---|---|---|---|',
  ...rows.map(
    ([name, result, note]) =>
      `| ${name} | ${seconds(result.cpuMs)} | ${percent(result.cpuMs / full.cpuMs)} | ${seconds(result.wallMs)} | ${note} |`,
  ),
].join('\n');
const verdict = `unchanged tree / full run: ${percent(ratio)} of the CPU time (target ≤ ${percent(target)}: ${ratio <= target ? 'met' : 'missed'})`;

const report = `# Index sync: \`--previous\` on an unchanged tree

\`pnpm bench:sync --files ${count} --chunk-size ${values['chunk-size']} --jobs ${values.jobs} --runs ${runs}\`,
${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}, Node ${process.versions.node}.
${count} files (${megabytes.toFixed(1)} MB) from ${corpusName}, repeated under \`copy-N/\` folders.
CPU is user + system time of the whole process (every thread), the fastest of ${runs} run(s).

${table}

${verdict}.
Last line of standard error with \`--previous\` on the unchanged tree: \`${unchanged.stderr}\`.
`;
console.log(`\n${table}\n\n${verdict}`);
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, report);
console.log(`\nwritten to ${path.relative(process.cwd(), values.out)}`);
if (values.keep) console.log(`tree and outputs kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exitCode = ratio <= target ? 0 : 1;
