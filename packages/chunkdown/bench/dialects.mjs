/**
 * `pnpm bench --dialects`: what the docs dialects cost (issue 41), in CPU time.
 *
 * Real documents of several kinds are made by joining files one after another (a blank line
 * between them, from the first again when they run out; `documents.mjs`), cut to `--mb` sizes
 * (1, 2, 4 and 8 MB; a quarter of that with `--quick`):
 *
 * - `rust`: the Rust book's chapters of `../shared/corpus` (mdBook `<Listing>` elements, braces
 *   in prose), in name order, repeated past its 1.2 MB;
 * - `mdx`: the `.mdx` files of `../shared/corpus-web` (import/export, JSX components);
 * - `web`: every file of `../shared/corpus-web` (22 documentation sites, all their dialects);
 * - `node_modules`: the markdown installed under `node_modules`, as the large run of `run.mjs`.
 *
 * Three parts, each in child processes of its own (`--skip split,update,cli` leaves parts out):
 *
 * 1. **split**: per kind, one child per path (`syntax: auto()`, then no dialects) warms up on the
 *    smallest document and splits every size in turn, fastest of `--runs`. Printed: auto ÷ none
 *    per document (target ≤ 1.2 when the document has no dialect) and ms per MB at the largest
 *    over the smallest, per path (target ≤ 1.3).
 * 2. **update**: at the 1 MB document (the smallest with `--quick`), under `auto()`: `--edits`
 *    one-sentence edits (`edits.mjs`), each an `update()` from the unedited result, median of three,
 *    against a full split (median of three): target ≤ 0.10. The first edit's update is compared
 *    with a fresh split.
 * 3. **cli**: the built command on the 1 MB document written to a file, at its defaults (syntax
 *    auto; one file on worker threads only from 4 MiB), CPU time of the whole process with every thread
 *    (`cpu-at-exit.mjs`), beside `--syntax none`, `--version` (start-up), and in warmed-up children
 *    the library without dialects, with `auto()`, chunkdown@3.5.0 and the floor (remark parse +
 *    stringify). Target: ≥ 1.15× chunkdown@3.5.0 on both paths.
 *
 * The report is printed and written to `bench/results/dialects.md` (`dialects-quick.md` with
 * `--quick`). Kinds whose folder is missing are skipped with a message; nothing here is a test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { nodeModulesDocuments } from './corpus.mjs';
import { materialize, withBytes } from './documents.mjs';
import { editsOf } from './edits.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const workspaceRoot = path.resolve(packageDir, '../..');

if (process.argv[2] === '--child') {
  await child(JSON.parse(process.argv[3]));
  process.exit(0);
}

export const usage = `Usage: pnpm bench --dialects [flags]

  --kinds a,b       documents: rust, mdx, web, node_modules (default all)
  --mb 1,2,4,8      document sizes in MB (default 1,2,4,8; 0.25,0.5,1,2 with --quick)
  --skip a,b        parts to leave out: split, update, cli
  --runs N          time each split N times and keep the fastest (default 1)
  --edits N         one-sentence edits for update() (default 12; 6 with --quick)
  --size N          chunkSize (default 500)
  --ratio R         maxOverflowRatio (default 1.5)
  --corpus DIR      folder of the Rust book's chapters (default ../shared/corpus)
  --web DIR         folder of the web docs (default ../shared/corpus-web)
  --max-mb N        node_modules markdown to take before repeating (default 3)
  --quick           smaller documents and fewer edits (a few minutes)
  --no-build        do not build the library first
  --dist DIR        measure this built dist folder (with --no-build; e.g. a build of a commit)
  --out FILE        Markdown report (default bench/results/dialects.md, dialects-quick.md
                    with --quick)
  --help            show this help
`;

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--dialects'),
  options: {
    kinds: { type: 'string', default: 'rust,mdx,web,node_modules' },
    mb: { type: 'string' },
    skip: { type: 'string', default: '' },
    runs: { type: 'string', default: '1' },
    edits: { type: 'string' },
    size: { type: 'string', default: '500' },
    ratio: { type: 'string', default: '1.5' },
    corpus: { type: 'string' },
    web: { type: 'string' },
    'max-mb': { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const userCwd = process.env.INIT_CWD || process.cwd();
const kindNames = ['rust', 'mdx', 'web', 'node_modules'];
const partNames = ['split', 'update', 'cli'];
const settings = {
  kinds: listOf('--kinds', values.kinds, kindNames),
  skip: listOf('--skip', values.skip, partNames),
  mb: (values.mb ?? (values.quick ? '0.25,0.5,1,2' : '1,2,4,8')).split(',').map((mb) => {
    const n = Number(mb);
    if (!(n > 0)) throw new Error(`--mb takes sizes in MB above 0, not ${mb}`);
    return n;
  }),
  runs: positive('--runs', values.runs),
  edits: positive('--edits', values.edits ?? (values.quick ? '6' : '12')),
  chunkSize: positive('--size', values.size),
  ratio: positive('--ratio', values.ratio),
  corpus: path.resolve(
    values.corpus ? userCwd : workspaceRoot,
    values.corpus ?? '../shared/corpus',
  ),
  web: path.resolve(values.web ? userCwd : workspaceRoot, values.web ?? '../shared/corpus-web'),
  maxBytes: Number(values['max-mb']) * 1e6,
  out: values.out
    ? path.resolve(userCwd, values.out)
    : path.join(here, 'results', values.quick ? 'dialects-quick.md' : 'dialects.md'),
};
settings.mb.sort((a, b) => a - b);
/** The size of the update and command-line parts: 1 MB, or the smallest size below it. */
const oneMb = settings.mb.includes(1) ? 1 : settings.mb[0];

const started = Date.now();
const load = os.loadavg().map((n) => n.toFixed(1));
if (!values['no-build']) build();
const dist = snapshotDist();

const kinds = [];
for (const name of settings.kinds) {
  const files = await filesOf(name);
  if (files.length === 0) continue;
  kinds.push({
    name,
    files,
    docs: settings.mb.map((mb) =>
      withBytes({ name: `${name} ${mb} MB`, files, size: Math.round(mb * 1e6) }),
    ),
  });
}
const common = { dist, chunkSize: settings.chunkSize, ratio: settings.ratio };

const splitRows = [];
const updateRows = [];
const cliRows = [];
if (!settings.skip.includes('split')) {
  for (const kind of kinds) {
    for (const syntax of ['none', 'auto']) {
      log(`split: ${kind.name}, ${syntax}…`);
      const result = runChild({
        ...common,
        task: 'split',
        syntax,
        splitter: 'chunkdown',
        docs: kind.docs,
        runs: settings.runs,
      });
      for (const [index, doc] of kind.docs.entries()) {
        splitRows.push({ kind: kind.name, syntax, doc, ...result.docs[index] });
      }
    }
    for (const doc of kind.docs) {
      const none = splitRows.find((r) => r.doc === doc && r.syntax === 'none');
      const auto = splitRows.find((r) => r.doc === doc && r.syntax === 'auto');
      log(
        `  ${doc.name}: none ${ms(none.cpuMs)}, auto ${ms(auto.cpuMs)} (×${(auto.cpuMs / none.cpuMs).toFixed(2)}), dialects [${auto.dialects.join(', ')}], ${auto.diagnostics} diagnostics`,
      );
    }
    writeReport();
  }
}

if (!settings.skip.includes('update')) {
  for (const kind of kinds) {
    const doc = kind.docs[settings.mb.indexOf(oneMb)];
    log(`update: ${doc.name}, auto, ${settings.edits} edits…`);
    const result = runChild({
      ...common,
      task: 'update',
      syntax: 'auto',
      doc,
      edits: settings.edits,
    });
    updateRows.push({ kind: kind.name, doc, ...result });
    writeReport();
    log(
      `  full ${ms(result.full)}, update median ${ms(result.median)} (×${(result.median / result.full).toFixed(3)}), p90 ×${(result.p90 / result.full).toFixed(3)}`,
    );
  }
}

if (!settings.skip.includes('cli')) {
  const folder = path.join(here, '.snapshot', `dialects-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const version = timeCli(['--version']);
  for (const kind of kinds) {
    const doc = kind.docs[settings.mb.indexOf(oneMb)];
    const file = path.join(folder, `${kind.name}.md`);
    writeFileSync(file, materialize(doc));
    const size = [
      '--chunk-size',
      String(settings.chunkSize),
      '--max-overflow-ratio',
      String(settings.ratio),
    ];
    const out = ['--format', 'jsonl', '--out', path.join(folder, 'out.jsonl')];
    log(`cli: ${doc.name}…`);
    const row = { kind: kind.name, doc, version };
    row.cliAuto = fastest(() => timeCli([file, ...size, ...out]));
    row.cliNone = fastest(() => timeCli([file, ...size, '--syntax', 'none', ...out]));
    row.v3Process = fastest(() =>
      timeProcess(path.join(here, 'v3-process.mjs'), [
        file,
        path.join(folder, 'out-v3.jsonl'),
        String(settings.chunkSize),
        String(settings.ratio),
      ]),
    );
    for (const [key, splitter, syntax] of [
      ['libNone', 'chunkdown', 'none'],
      ['libAuto', 'chunkdown', 'auto'],
      ['v3', 'chunkdown-v3', 'none'],
      ['floor', 'floor', 'none'],
    ]) {
      row[key] = runChild({
        ...common,
        task: 'split',
        syntax,
        splitter,
        docs: [doc],
        runs: settings.runs,
      }).docs[0];
    }
    cliRows.push(row);
    writeReport();
    log(
      `  command (auto) ${ms(row.cliAuto.cpuMs)} CPU, ${ms(row.cliAuto.wallMs)} wall; --syntax none ${ms(row.cliNone.cpuMs)}; library none ${ms(row.libNone.cpuMs)}, auto ${ms(row.libAuto.cpuMs)}; 3.5.0 ${ms(row.v3.cpuMs)}; floor ${ms(row.floor.cpuMs)}`,
    );
  }
  rmSync(folder, { recursive: true, force: true });
}

const report = writeReport();
process.stdout.write(`\n${report}`);
log(`\nWrote ${settings.out} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

/** Write the report so far: a run stopped halfway keeps what it measured. */
function writeReport() {
  const report = formatReport();
  mkdirSync(path.dirname(settings.out), { recursive: true });
  writeFileSync(settings.out, report);
  return report;
}

/** The files a kind of document is made of, in name order; none when its folder is missing. */
async function filesOf(kind) {
  const inFolder = (dir, test) => {
    if (!existsSync(dir)) {
      log(`${kind}: ${dir} is missing, skipped (--corpus / --web name the folders)`);
      return [];
    }
    return readdirSync(dir)
      .filter(test)
      .sort()
      .map((name) => path.join(dir, name));
  };
  if (kind === 'rust')
    return inFolder(settings.corpus, (name) =>
      /^rust-lang_book__src__(ch|appendix).*\.md$/.test(name),
    );
  if (kind === 'mdx') return inFolder(settings.web, (name) => name.endsWith('.mdx'));
  if (kind === 'web') return inFolder(settings.web, (name) => /\.mdx?$/.test(name));
  return (await nodeModulesDocuments(workspaceRoot, settings.maxBytes)).map((doc) => doc.file);
}

/** Run one task in a child process of its own and return what it printed (JSON). */
function runChild(job) {
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', JSON.stringify(job)],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0)
    throw new Error(`child ${job.task} ${job.splitter ?? ''} failed (${child.status})`);
  return JSON.parse(child.stdout);
}

/** The built command in a process of its own: CPU time of every thread, and wall-clock time. */
function timeCli(argv) {
  return timeProcess(path.join(path.dirname(dist), 'cli.js'), argv);
}

/** A Node script in a process of its own: CPU time of every thread, and wall-clock time. */
function timeProcess(script, argv) {
  const cpuFile = path.join(os.tmpdir(), `chunkdown-dialects-cpu-${process.pid}.json`);
  const start = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(path.join(here, 'cpu-at-exit.mjs')).href, script, ...argv],
    {
      encoding: 'utf8',
      env: { ...process.env, CHUNKDOWN_CPU_FILE: cpuFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const wallMs = performance.now() - start;
  if (run.status !== 0) throw new Error(`chunkdown ${argv.join(' ')} failed: ${run.stderr}`);
  const { cpuMs } = JSON.parse(readText(cpuFile));
  rmSync(cpuFile, { force: true });
  return { cpuMs, wallMs, notice: run.stderr.trim().split('\n')[0] ?? '' };
}

function fastest(time) {
  const runs = Array.from({ length: settings.runs }, time);
  return runs.reduce((best, run) => (run.cpuMs < best.cpuMs ? run : best));
}

/** The child: load a splitter, warm up, then the task; prints JSON. */
async function child(job) {
  const docs = job.docs ?? [job.doc];
  const texts = docs.map(materialize);
  const split = await splitterOf(job);
  // Warm up on the smallest document: at least a second and two rounds of its first 256 kB.
  const warm = texts[0].slice(0, 256e3);
  const warmStart = performance.now();
  for (let round = 0; round < 20 && (round < 2 || performance.now() - warmStart < 1000); round++)
    split.run(warm);
  if (job.task === 'split') {
    const out = texts.map((text) => {
      let best;
      for (let run = 0; run < job.runs; run++) {
        const timed = cpu(() => split.run(text));
        if (!best || timed.cpuMs < best.cpuMs) best = timed;
      }
      const result = best.value;
      return {
        cpuMs: best.cpuMs,
        wallMs: best.wallMs,
        chunks: Array.isArray(result) ? result.length : result.chunks.length,
        dialects: result.syntax ?? [],
        diagnostics: result.diagnostics?.length ?? 0,
        peakRss: process.resourceUsage().maxRSS * 1024,
      };
    });
    process.stdout.write(JSON.stringify({ docs: out }));
    return;
  }
  // update: the full split and each edit's update, median of three, after one untimed of each.
  const text = texts[0];
  const splitter = split.splitter;
  splitter.split(text);
  const full = median([0, 1, 2].map(() => cpu(() => splitter.split(text)).cpuMs));
  const base = splitter.split(text);
  splitter.update(base, `${text}\nA sentence added before the timing.\n`);
  const edits = editsOf(text, job.edits);
  const times = edits.map((edited, index) => {
    const runs = [0, 1, 2].map(() => cpu(() => splitter.update(base, edited)));
    if (index === 0) {
      const { changes: _changes, ...result } = runs[0].value;
      const fresh = (split.fresh ?? splitter).split(edited);
      if (!isDeepStrictEqual(result, fresh)) throw new Error('update differs from a fresh split');
    }
    return median(runs.map((run) => run.cpuMs));
  });
  process.stdout.write(
    JSON.stringify({
      full,
      median: median(times),
      p90: quantile(times, 0.9),
      edits: times.length,
      dialects: base.syntax ?? [],
    }),
  );
}

async function splitterOf({ splitter: name, syntax, dist, chunkSize, ratio }) {
  if (name === 'floor' || name === 'chunkdown-v3') {
    process.env.CHUNKDOWN_BENCH_DIST = dist;
    const { splitters } = await import('./splitters.mjs');
    const run = await splitters[name].create({ chunkSize, ratio });
    return { run };
  }
  const [{ chunkdown }, { auto }] = await Promise.all([
    import(pathToFileURL(dist).href),
    import(pathToFileURL(dist.replace(/index\.js$/, 'syntax.js')).href),
  ]);
  const options = {
    chunkSize,
    maxOverflowRatio: ratio,
    ...(syntax === 'auto' ? { syntax: auto() } : {}),
  };
  const splitter = chunkdown(options);
  return { splitter, fresh: chunkdown(options), run: (text) => splitter.split(text) };
}

function cpu(task) {
  const before = process.cpuUsage();
  const start = performance.now();
  const value = task();
  const wallMs = performance.now() - start;
  const { user, system } = process.cpuUsage(before);
  return { value, cpuMs: (user + system) / 1000, wallMs };
}

function formatReport() {
  const lines = [
    '# Dialects: the cost of `syntax: auto()`',
    '',
    `Run ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus()[0]?.model.trim()} (${os.cpus().length} cores), Node ${process.version}, load average ${load.join(' / ')} at the start (${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' / ',
      )} at the end); \`${['pnpm bench --dialects', ...process.argv.slice(2).filter((a) => a !== '--dialects')].join(' ')}\`; chunkdown at ${commit()}. chunkSize ${settings.chunkSize}, maxOverflowRatio ${settings.ratio}; CPU time (user + system of the process, every thread), fastest of ${settings.runs} run(s). Documents: files one after another (a blank line between them, again from the first when they run out), cut to each size: ${kinds.map((k) => `\`${k.name}\` ${k.files.length} files`).join(', ')}.`,
    '',
  ];
  if (splitRows.length > 0) {
    lines.push(
      '## Split with `auto()` against no dialects',
      '',
      'Target: auto ÷ none ≤ 1.2 when the document has no dialect; ms per MB at the largest size ≤ 1.3× the smallest, per path.',
      '',
      '| document | MB | none | auto() | auto ÷ none | dialects auto() read | diagnostics | chunks |',
      '|---|---:|---:|---:|---:|---|---:|---:|',
    );
    for (const kind of kinds) {
      for (const doc of kind.docs) {
        const none = splitRows.find((r) => r.doc === doc && r.syntax === 'none');
        const auto = splitRows.find((r) => r.doc === doc && r.syntax === 'auto');
        if (!none || !auto) continue;
        lines.push(
          `| ${kind.name} | ${(doc.bytes / 1e6).toFixed(2)} | ${ms(none.cpuMs)} | ${ms(auto.cpuMs)} | ×${(auto.cpuMs / none.cpuMs).toFixed(2)} | ${auto.dialects.join(', ') || 'none'} | ${auto.diagnostics} | ${auto.chunks} |`,
        );
      }
    }
    lines.push(
      '',
      `| document | path | ms/MB at ${settings.mb[0]} MB | ms/MB at ${settings.mb.at(-1)} MB | growth | peak RSS |`,
      '|---|---|---:|---:|---:|---:|',
    );
    for (const kind of kinds) {
      for (const syntax of ['none', 'auto']) {
        const rows = kind.docs.map((doc) =>
          splitRows.find((r) => r.doc === doc && r.syntax === syntax),
        );
        if (rows.some((row) => !row)) continue;
        const first = rows[0].cpuMs / (rows[0].doc.bytes / 1e6);
        const last = rows.at(-1).cpuMs / (rows.at(-1).doc.bytes / 1e6);
        lines.push(
          `| ${kind.name} | ${syntax === 'auto' ? 'auto()' : 'none'} | ${first.toFixed(0)} | ${last.toFixed(0)} | ×${(last / first).toFixed(2)} | ${(rows.at(-1).peakRss / 2 ** 20).toFixed(0)} MiB |`,
        );
      }
    }
    lines.push('');
  }
  if (updateRows.length > 0) {
    lines.push(
      `## \`update()\` after a one-sentence edit, \`auto()\`, ${oneMb} MB`,
      '',
      `Each edit (insert a sentence, delete one, change a word, in turn; \`edits.mjs\`) is an \`update()\` from the unedited result, median of three; the full split is the median of three after one untimed split; the first edit's update equals a fresh split. Target ≤ ×0.10.`,
      '',
      '| document | dialects | full split | update, median | × split | update, p90 | × split |',
      '|---|---|---:|---:|---:|---:|---:|',
    );
    for (const row of updateRows) {
      lines.push(
        `| ${row.kind} ${(row.doc.bytes / 1e6).toFixed(2)} MB (${row.edits} edits) | ${row.dialects.join(', ') || 'none'} | ${ms(row.full)} | ${ms(row.median)} | ×${(row.median / row.full).toFixed(3)} | ${ms(row.p90)} | ×${(row.p90 / row.full).toFixed(3)} |`,
      );
    }
    lines.push('');
  }
  if (cliRows.length > 0) {
    const v = cliRows[0].version;
    lines.push(
      `## The command line beside the library, ${oneMb} MB`,
      '',
      `\`node dist/cli.js FILE.md --chunk-size ${settings.chunkSize} --max-overflow-ratio ${settings.ratio} --format jsonl --out …\` at its defaults (syntax auto; one file is parsed ahead on worker threads from 4 MiB, so not here), and with \`--syntax none\`: CPU time of the whole process, every thread (\`cpu-at-exit.mjs\`), Node's start-up and loading the command included (\`chunkdown --version\` alone: ${ms(v.cpuMs)}). The library, chunkdown@3.5.0 and the floor: one split in a warmed-up child. "× 3.5.0" is 3.5.0's time over the path's (above 1 is faster; target ≥ 1.15): a warm split in a child, and, for the command, also 3.5.0 started cold as the command is (\`v3-process.mjs\`: a fresh process that imports it, reads the file, splits it and writes JSONL; 3.5.0 has no command line).`,
      '',
      '| document | path | CPU | wall | × floor | × 3.5.0 (warm split) | × 3.5.0 in a fresh process |',
      '|---|---|---:|---:|---:|---:|---:|',
    );
    for (const row of cliRows) {
      const name = `${row.kind} ${(row.doc.bytes / 1e6).toFixed(2)} MB`;
      const cells = [
        ['floor (remark parse + stringify)', row.floor],
        ['chunkdown@3.5.0', row.v3],
        ['library, no dialects', row.libNone],
        ['library, `auto()`', row.libAuto],
        ['command, `--syntax none`', row.cliNone],
        ['command, defaults (auto)', row.cliAuto],
        ['chunkdown@3.5.0 in a fresh process (import, read, split, write JSONL)', row.v3Process],
        [
          'command, defaults, less start-up',
          { cpuMs: row.cliAuto.cpuMs - v.cpuMs, wallMs: row.cliAuto.wallMs - v.wallMs },
        ],
      ];
      for (const [index, [label, t]] of cells.entries()) {
        lines.push(
          `| ${index === 0 ? name : ''} | ${label} | ${ms(t.cpuMs)} | ${ms(t.wallMs)} | ×${(t.cpuMs / row.floor.cpuMs).toFixed(2)} | ×${(row.v3.cpuMs / t.cpuMs).toFixed(2)} | ${t === row.cliAuto || t === row.cliNone ? `×${(row.v3Process.cpuMs / t.cpuMs).toFixed(2)}` : ''} |`,
        );
      }
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

function snapshotDist() {
  const from = values.dist ? path.resolve(userCwd, values.dist) : path.join(packageDir, 'dist');
  if (!existsSync(path.join(from, 'index.js'))) throw new Error('not built: run pnpm run build');
  const copy = path.join(here, '.snapshot', `dist-${process.pid}`);
  cpSync(from, copy, { recursive: true });
  process.on('exit', () => {
    rmSync(copy, { recursive: true, force: true });
    const parent = path.dirname(copy);
    if (existsSync(parent) && readdirSync(parent).length === 0) rmSync(parent, { recursive: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  return path.join(copy, 'index.js');
}

function build() {
  log('Building the library (pnpm run build; skip with --no-build)…');
  try {
    execFileSync('pnpm', ['run', 'build'], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    log(
      `Build failed, using the existing dist: ${String(error.stderr ?? error.message)
        .trim()
        .split('\n')
        .at(-1)}`,
    );
  }
}

function commit() {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: packageDir, encoding: 'utf8' }).trim();
    if (values.dist)
      return `the build in \`${values.dist}\` (HEAD is \`${git('rev-parse', '--short', 'HEAD')}\`)`;
    const dirty = git('status', '--porcelain', '--', 'src') ? ' + uncommitted src changes' : '';
    return `\`${git('rev-parse', '--short', 'HEAD')}\`${dirty}`;
  } catch {
    return 'unknown commit';
  }
}

function readText(file) {
  return readFileSync(file, 'utf8');
}

function listOf(flag, value, known) {
  const list = value.split(',').filter(Boolean);
  for (const item of list) {
    if (!known.includes(item)) throw new Error(`${flag} takes ${known.join(', ')}, not ${item}`);
  }
  return list;
}

function positive(flag, value) {
  const n = Number(value);
  if (!(n > 0)) throw new Error(`${flag} must be a number above 0, not ${value}`);
  return n;
}

function median(xs) {
  return quantile(xs, 0.5);
}

function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
