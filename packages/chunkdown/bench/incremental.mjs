/**
 * Incremental splitting (issue 26): what `splitter.update(previous, markdown)` costs after a
 * one-sentence edit, against a full split of the same document, in CPU time.
 *
 * Documents of about `--mb` MB are made by joining the markdown files of each corpus in name
 * order (one document per `--mb` MB of the corpus, up to `--docs`); files of the corpus that are
 * that large on their own are taken as they are. Each document gets `--edits` one-sentence edits
 * spread over its prose (insert a sentence, delete one, change a word, in turn; `edits.mjs`, the
 * edits of `bench:stability`). A full split is timed three times after one untimed split (the
 * median counts); after one untimed update (of a sentence added at the end), every edit is then an
 * `update` from the unedited document's result, timed three times (the median counts), and
 * `--check` of them per document are compared with a fresh split (they must be equal). The report
 * gives, per document and over all edits, the median and 90th percentile of update ÷ full split.
 *
 * `pnpm --filter chunkdown run bench:incremental --help` lists the flags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { buildUnlessTold, workspaceRoot } from './chunkers.mjs';
import { folderDocuments } from './corpus.mjs';
import { editsOf } from './edits.mjs';
import { loadChunkdown } from './retrieval/chunkers.mjs';

const usage = `Usage: pnpm --filter chunkdown run bench:incremental [flags]

  --corpus DIR   a folder of markdown (repeatable; default ../shared/corpus and
                 ../shared/corpus-web from the repository root)
  --mb 1         size of the documents, in MB
  --docs 3       documents per corpus at most
  --edits 20     edits per document
  --size 500     chunkSize
  --ratio 1.5    maxOverflowRatio
  --check 2      edits per document whose update is compared with a fresh split
  --syntax auto  read the docs dialects (auto: where a document shows them; none: CommonMark)
  --quick        --docs 1 --edits 8
  --no-build     do not build the library first
  --out FILE     Markdown report (default bench/results/incremental.md)
`;

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    mb: { type: 'string', default: '1' },
    docs: { type: 'string' },
    edits: { type: 'string' },
    size: { type: 'string', default: '500' },
    ratio: { type: 'string', default: '1.5' },
    check: { type: 'string', default: '2' },
    syntax: { type: 'string', default: 'none' },
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
const settings = {
  corpora: (
    values.corpus ??
    ['../shared/corpus', '../shared/corpus-web'].map((dir) => path.resolve(workspaceRoot, dir))
  ).map((dir) => path.resolve(userCwd, dir)),
  bytes: Math.round(1e6 * Number(values.mb)),
  docs: Number(values.docs ?? (values.quick ? 1 : 3)),
  edits: Number(values.edits ?? (values.quick ? 8 : 20)),
  chunkSize: Number(values.size),
  ratio: Number(values.ratio),
  check: Number(values.check),
  out: values.out
    ? path.resolve(userCwd, values.out)
    : new URL('results/incremental.md', import.meta.url).pathname,
};
buildUnlessTold(process.argv);
const { chunkdown } = await loadChunkdown();
if (values.syntax !== 'auto' && values.syntax !== 'none') {
  throw new Error(`--syntax is auto or none, not ${values.syntax}`);
}
const syntax =
  values.syntax === 'auto'
    ? (await import(new URL('../dist/syntax.js', import.meta.url).href)).auto()
    : undefined;
const options = {
  chunkSize: settings.chunkSize,
  maxOverflowRatio: settings.ratio,
  ...(syntax ? { syntax } : {}),
};

const rows = [];
const ratios = [];
for (const dir of settings.corpora) {
  const corpus = path.relative(workspaceRoot, dir);
  for (const document of await documentsOf(dir)) {
    const splitter = chunkdown(options);
    const fresh = chunkdown(options);
    // Warm up, then the full split's CPU time.
    splitter.split(document.text);
    const full = median([0, 1, 2].map(() => cpu(() => splitter.split(document.text)).time));
    const base = splitter.split(document.text);
    // The full split was timed warm (after a split of the same document); so is update: one
    // update, of an edit not timed (a sentence added at the end), before the timed ones.
    splitter.update(base, `${document.text}\nA sentence added before the timing.\n`);
    const edits = editsOf(document.text, settings.edits);
    const times = [];
    let added = 0;
    edits.forEach((edited, index) => {
      // Timed three times, the median counts, as for the full split: what an edit costs, not
      // where a garbage collection happened to fall.
      const runs = [0, 1, 2].map(() => cpu(() => splitter.update(base, edited)));
      const { value } = runs[0];
      const time = median(runs.map((run) => run.time));
      times.push(time);
      added += value.changes.added.length;
      if (index < settings.check) {
        const { changes: _changes, ...result } = value;
        if (!isDeepStrictEqual(result, fresh.split(edited))) {
          throw new Error(`${document.name}, edit ${index}: update differs from a fresh split`);
        }
      }
    });
    const own = times.map((time) => time / full);
    ratios.push(...own);
    rows.push({
      corpus,
      name: document.name,
      mb: document.text.length / 1e6,
      chunks: base.chunks.length,
      full,
      update: median(times),
      p90: quantile(times, 0.9),
      ratio: median(own),
      ratioP90: quantile(own, 0.9),
      added: added / Math.max(1, edits.length),
      edits: edits.length,
    });
    log(
      `${corpus} ${document.name}: full ${full.toFixed(0)} ms, update median ${median(times).toFixed(0)} ms (×${median(own).toFixed(3)}), p90 ×${quantile(own, 0.9).toFixed(3)}`,
    );
  }
}

const report = [
  '# Incremental splitting',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}; chunkSize ${settings.chunkSize}, maxOverflowRatio ${settings.ratio}, docs dialects ${values.syntax}; ${settings.edits} one-sentence edits per document (insert / delete / change a word, in turn), each an \`update\` from the unedited document's result; CPU time (user + system, every thread of the process). A full split is the median of three after one untimed split; each update the median of three, after one untimed update. \`${settings.check}\` updates per document were compared with a fresh split: equal.`,
  '',
  `**Over all ${ratios.length} edits: update ÷ full split, median ×${median(ratios).toFixed(3)}, p90 ×${quantile(ratios, 0.9).toFixed(3)}** (target ≤ ×0.10).`,
  '',
  '| corpus | document | MB | chunks | full split | update median | update p90 | ÷ full, median | ÷ full, p90 | added / edit |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.corpus} | ${row.name} | ${row.mb.toFixed(2)} | ${row.chunks} | ${row.full.toFixed(0)} ms | ${row.update.toFixed(0)} ms | ${row.p90.toFixed(0)} ms | ×${row.ratio.toFixed(3)} | ×${row.ratioP90.toFixed(3)} | ${row.added.toFixed(2)} |`,
  ),
  '',
];
mkdirSync(path.dirname(settings.out), { recursive: true });
writeFileSync(settings.out, `${report.join('\n')}\n`);
process.stdout.write(`${report.join('\n')}\n`);

/**
 * The documents of a corpus: files at least `settings.bytes` long as they are, and the others
 * joined in name order into documents of that size (a blank line between files).
 */
async function documentsOf(dir) {
  const files = await folderDocuments(dir);
  const documents = [];
  let parts = [];
  let length = 0;
  let first = '';
  for (const file of files) {
    const text = readFileSync(file.file, 'utf8');
    if (text.length >= settings.bytes) {
      documents.push({ name: file.name, text });
      continue;
    }
    if (parts.length === 0) first = file.name;
    parts.push(text.trim());
    length += text.length;
    if (length >= settings.bytes) {
      documents.push({
        name: `${first} … (${parts.length} files)`,
        text: `${parts.join('\n\n')}\n`,
      });
      parts = [];
      length = 0;
    }
  }
  return documents.slice(0, settings.docs);
}

function cpu(run) {
  const start = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(start);
  return { time: (used.user + used.system) / 1000, value };
}

function median(values) {
  return quantile(values, 0.5);
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
