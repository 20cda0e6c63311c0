/**
 * Retrieval benchmark (issue 16): BM25 over the chunks of each splitter, at equal mean chunk
 * length, scored on questions whose answers are exact excerpts of the documents.
 *
 * `pnpm --filter chunkdown run bench:retrieval --help` lists the flags; bench/README.md explains
 * the method.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bm25 } from './bm25.mjs';
import {
  chunkdownChunker,
  langchainChunker,
  llamaindexChunker,
  mastraChunker,
  supportsContext,
} from './chunkers.mjs';
import { chromaDataset, excerptDataset } from './datasets.mjs';
import { pairedBootstrap, scoreQuestion, summarize } from './metrics.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '../..');
const repoRoot = path.resolve(packageDir, '../..');

const usage = `Usage: pnpm --filter chunkdown run bench:retrieval [flags]

  --web DIR          corpus-web documents (default ../shared/corpus-web from the repository root)
  --web-questions F  our questions about them (default bench/retrieval/questions-web.json)
  --chroma DIR       Chroma's general_evaluation_data folder (or env CHUNKDOWN_CHROMA_DATA);
                     skipped when absent
  --datasets a,b     web, chroma (default both; a missing one is skipped with a message)
  --targets 500,1500 mean chunk lengths (characters of indexed text) to calibrate every splitter to
  --ratio 1.5        maxOverflowRatio for chunkdown
  --tolerance 0.015  calibration stops within this relative distance of the target
  --overlap 0.15     chunkOverlap of the "LangChain overlap" row, as a share of its chunkSize
  --no-stem          BM25 without the light stemmer
  --resamples 10000  paired-bootstrap resamples (seed --seed, default 16)
  --quick            target 500 only
  --no-build         do not build the library first
  --out FILE         Markdown report (default bench/results/retrieval.md)
  --help             show this help
`;

const { values } = parseArgs({
  options: {
    web: { type: 'string' },
    'web-questions': { type: 'string' },
    chroma: { type: 'string' },
    datasets: { type: 'string', default: 'web,chroma' },
    targets: { type: 'string' },
    ratio: { type: 'string', default: '1.5' },
    tolerance: { type: 'string', default: '0.015' },
    overlap: { type: 'string', default: '0.15' },
    'no-stem': { type: 'boolean', default: false },
    resamples: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '16' },
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
  web: values.web
    ? path.resolve(userCwd, values.web)
    : path.resolve(repoRoot, '../shared/corpus-web'),
  webQuestions: values['web-questions']
    ? path.resolve(userCwd, values['web-questions'])
    : path.join(here, 'questions-web.json'),
  chroma: values.chroma
    ? path.resolve(userCwd, values.chroma)
    : process.env.CHUNKDOWN_CHROMA_DATA && path.resolve(userCwd, process.env.CHUNKDOWN_CHROMA_DATA),
  datasets: values.datasets.split(',').filter(Boolean),
  targets: (values.targets ?? (values.quick ? '500' : '500,1500')).split(',').map(Number),
  ratio: Number(values.ratio),
  tolerance: Number(values.tolerance),
  overlap: Number(values.overlap),
  stem: !values['no-stem'],
  resamples: Number(values.resamples),
  seed: Number(values.seed),
  out: values.out
    ? path.resolve(userCwd, values.out)
    : path.join(packageDir, 'bench/results/retrieval.md'),
};
const ks = [1, 3, 5, 10];

if (!values['no-build']) {
  log('Building the library (pnpm run build; skip with --no-build)…');
  execFileSync('pnpm', ['run', 'build'], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const context = await supportsContext();
/** The systems compared; `calibrate` maps a size parameter to a chunker. */
const systems = [
  {
    key: 'chunkdown',
    label: 'chunkdown',
    guess: 1,
    make: (size) => chunkdownChunker({ chunkSize: size, ratio: settings.ratio }),
  },
  ...(context
    ? [
        {
          key: 'context',
          label: 'chunkdown `context: true`',
          guess: 0.9,
          make: (size) =>
            chunkdownChunker({ chunkSize: size, ratio: settings.ratio, context: true }),
        },
      ]
    : []),
  {
    key: 'header',
    label: 'chunkdown + bench header',
    guess: 0.9,
    make: (size) => chunkdownChunker({ chunkSize: size, ratio: settings.ratio, header: true }),
  },
  {
    key: 'langchain',
    label: 'LangChain',
    guess: 1.6,
    make: (size) => langchainChunker({ chunkSize: size, chunkOverlap: 0 }),
  },
  {
    key: 'langchain-overlap',
    label: `LangChain overlap ${Math.round(settings.overlap * 100)} %`,
    guess: 1.6,
    make: (size) =>
      langchainChunker({ chunkSize: size, chunkOverlap: Math.round(size * settings.overlap) }),
  },
  {
    key: 'mastra',
    label: 'mastra markdown',
    guess: 1.6,
    make: (size) => mastraChunker({ maxSize: size }),
  },
  {
    key: 'llamaindex',
    label: 'LlamaIndex Markdown + Sentence',
    guess: 1.6,
    // The size in characters; SentenceSplitter's chunkSize is in tokens, about a quarter of it.
    make: (size) => llamaindexChunker({ chunkSize: Math.max(16, Math.round(size / 4)) }),
  },
];
const best = context ? 'context' : 'header';

const report = [
  '# Retrieval benchmark',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z, chunkdown \`context\` option: ${context ? 'supported' : 'not supported yet (the "bench header" row emulates it)'}.`,
  `BM25 k1 1.2 b 0.75, ${settings.stem ? 'light stemming' : 'no stemming'}; hit = top-k chunks cover ≥ 50 % of the answer excerpt;`,
  `maxOverflowRatio ${settings.ratio}; every splitter calibrated to the target mean length of its indexed text (±${settings.tolerance * 100} %).`,
  `"nominal" rows: every splitter at chunkSize = target, uncalibrated. Bootstrap: ${settings.resamples} paired resamples over questions, seed ${settings.seed}.`,
  '',
];
const perQuestion = {};

for (const name of settings.datasets) {
  const dataset = load(name);
  if (typeof dataset === 'string') {
    log(`skipping ${name}: ${dataset}`);
    report.push(`## ${name}`, '', `Skipped: ${dataset}.`, '');
    continue;
  }
  log(`${name}: ${dataset.documents.length} documents, ${dataset.questions.length} questions`);
  report.push(
    `## ${name}`,
    '',
    `${dataset.documents.length} documents, ${dataset.questions.length} questions.`,
  );
  if (dataset.problems?.length)
    report.push('', `Questions dropped: ${dataset.problems.join('; ')}`);
  if (dataset.repeated)
    report.push(
      '',
      `${dataset.repeated} excerpts occur more than once in their file (see bench/README.md).`,
    );
  report.push('');
  for (const target of settings.targets) {
    const runs = [];
    for (const system of systems) {
      const calibrated = await calibrate(system, dataset, target);
      runs.push({ system, ...calibrated });
      log(
        `  ${name} ${target} ${system.key}: size ${calibrated.size}, mean ${calibrated.mean.toFixed(0)}`,
      );
    }
    for (const scope of ['whole', 'document']) {
      const rows = [];
      const scores = {};
      for (const run of runs) {
        for (const variant of ['calibrated', 'nominal']) {
          const chunks = variant === 'calibrated' ? run.chunks : run.nominal.chunks;
          const perQ = retrieve(dataset, chunks, scope);
          if (variant === 'calibrated') scores[run.system.key] = perQ;
          const summary = summarize(perQ, ks);
          const mean = variant === 'calibrated' ? run.mean : run.nominal.mean;
          const size = variant === 'calibrated' ? run.size : target;
          rows.push({
            label: run.system.label,
            variant,
            size,
            mean,
            count: count(chunks),
            summary,
          });
        }
      }
      const title =
        scope === 'whole' ? 'all documents in one index' : 'each question against its own document';
      report.push(`### ${name}, target ${target}, ${title}`, '', ...table(rows), '');
      for (const run of runs) {
        if (run.failures > 0) {
          report.push(
            `- ${run.system.label} gave no chunks for ${run.failures} of ${dataset.documents.length} documents at size ${run.size} (the splitter refused them).`,
          );
        }
      }
      if (runs.some((run) => run.failures > 0)) report.push('');
      for (const [a, b] of [
        [best, 'langchain'],
        ['chunkdown', 'langchain'],
        ...(context ? [['context', 'header']] : []),
      ]) {
        const hits = (key) => scores[key].map((s) => (s.rank <= 5 ? 1 : 0));
        const boot = pairedBootstrap(hits(a), hits(b), settings);
        report.push(
          `- recall@5 ${label(a)} − ${label(b)}: ${signed(boot.mean)} (95 % CI ${signed(boot.low)} … ${signed(boot.high)}; > 0 in ${(boot.share * 100).toFixed(1)} % of resamples)`,
        );
      }
      report.push('');
      if (scope === 'whole') {
        perQuestion[`${name}/${target}`] = dataset.questions.map((q, i) => ({
          id: q.id,
          ...Object.fromEntries(
            Object.entries(scores).map(([k, s]) => [k, s[i].rank === Infinity ? null : s[i].rank]),
          ),
        }));
        if (dataset.questions.some((q) => q.where)) report.push(...byCategory(dataset, scores), '');
        report.push(...misses(dataset, scores), '');
      }
    }
  }
}

mkdirSync(path.dirname(settings.out), { recursive: true });
writeFileSync(settings.out, `${report.join('\n')}\n`);
writeFileSync(
  settings.out.replace(/\.md$/, '.questions.json'),
  `${JSON.stringify(perQuestion, null, 1)}\n`,
);
process.stdout.write(`${report.join('\n')}\n`);
log(`written to ${path.relative(userCwd, settings.out)}`);

function load(name) {
  if (name === 'web') return excerptDataset(settings.webQuestions, settings.web, 'web');
  if (name === 'chroma') {
    if (!settings.chroma)
      return 'no --chroma DIR (or CHUNKDOWN_CHROMA_DATA) given; see bench/README.md';
    return chromaDataset(settings.chroma);
  }
  return `unknown dataset \`${name}\``;
}

/** Split every document of the dataset. */
async function splitAll(chunker, dataset) {
  const all = [];
  let total = 0;
  let n = 0;
  for (const doc of dataset.documents) {
    const chunks = (await chunker(doc.text)).map((c) => ({ ...c, doc: doc.id }));
    for (const c of chunks) total += c.text.length;
    n += chunks.length;
    all.push(chunks);
  }
  return { chunks: all, mean: n === 0 ? 0 : total / n, failures: chunker.failures ?? 0 };
}

/**
 * Find the size parameter whose mean indexed length is the target: a first split at
 * `target × guess`, then secant steps (mean length is close to linear in the size), at most 6 splits.
 */
async function calibrate(system, dataset, target) {
  const tried = new Map();
  const measure = async (size) => {
    if (!tried.has(size))
      tried.set(size, { size, ...(await splitAll(await system.make(size), dataset)) });
    return tried.get(size);
  };
  const nominal = await measure(target);
  const close = (m) => Math.abs(m.mean - target) <= settings.tolerance * target;
  let previous = nominal;
  let current = close(nominal)
    ? nominal
    : await measure(Math.max(1, Math.round(target * system.guess)));
  while (!close(current) && tried.size < 6) {
    const slope = (current.mean - previous.mean) / (current.size - previous.size);
    let next =
      Number.isFinite(slope) && slope > 0
        ? current.size + (target - current.mean) / slope
        : (current.size * target) / current.mean;
    next = Math.max(1, Math.round(next));
    if (tried.has(next)) next += current.mean < target ? 1 : -1;
    if (tried.has(next)) break;
    previous = current;
    current = await measure(next);
  }
  const closest = [...tried.values()].sort(
    (a, b) => Math.abs(a.mean - target) - Math.abs(b.mean - target),
  )[0];
  return { ...closest, nominal };
}

/** Rank chunks for every question, over the whole dataset or the question's own document. */
function retrieve(dataset, chunksPerDoc, scope) {
  const docIndex = new Map(dataset.documents.map((doc, i) => [doc.id, i]));
  const indexes = new Map();
  const indexOf = (key, chunks) => {
    if (!indexes.has(key))
      indexes.set(key, {
        chunks,
        index: bm25(
          chunks.map((c) => c.text),
          { stem: settings.stem },
        ),
      });
    return indexes.get(key);
  };
  return dataset.questions.map((q) => {
    const { chunks, index } =
      scope === 'whole'
        ? indexOf('*', chunksPerDoc.flat())
        : indexOf(q.doc, chunksPerDoc[docIndex.get(q.doc)]);
    const ranked = index.search(q.question, 10).map((i) => chunks[i]);
    const scores = q.alternatives.map((references) => scoreQuestion(references, ranked, q.doc, ks));
    return {
      rank: Math.min(...scores.map((s) => s.rank)),
      coverage: Object.fromEntries(
        ks.map((k) => [k, Math.max(...scores.map((s) => s.coverage[k]))]),
      ),
    };
  });
}

function table(rows) {
  const lines = [
    '| splitter | sizing | chunkSize | mean length | chunks | R@1 | R@3 | R@5 | R@10 | MRR@10 | coverage@5 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const { recall, coverage, mrr } = row.summary;
    lines.push(
      `| ${row.label} | ${row.variant} | ${row.size} | ${row.mean.toFixed(0)} | ${row.count} | ${ks.map((k) => recall[k].toFixed(3)).join(' | ')} | ${mrr.toFixed(3)} | ${coverage[5].toFixed(3)} |`,
    );
  }
  return lines;
}

/** recall@5 per kind of answer location (`where` in the question file). */
function byCategory(dataset, scores) {
  const groups = [...new Set(dataset.questions.map((q) => q.where ?? 'other'))].sort();
  const keys = Object.keys(scores);
  const lines = [
    `recall@5 by where the answer is (whole index, calibrated):`,
    '',
    `| where | questions | ${keys.map(label).join(' | ')} |`,
    `| --- | ---: | ${keys.map(() => '---:').join(' | ')} |`,
  ];
  for (const group of groups) {
    const members = dataset.questions
      .map((q, i) => [q, i])
      .filter(([q]) => (q.where ?? 'other') === group);
    const cells = keys.map((key) =>
      (members.filter(([, i]) => scores[key][i].rank <= 5).length / members.length).toFixed(3),
    );
    lines.push(`| ${group} | ${members.length} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Questions LangChain answers in its top 5 and the best chunkdown does not (first 12). */
function misses(dataset, scores) {
  const lost = dataset.questions
    .map((q, i) => ({ q, cd: scores[best][i].rank, lc: scores.langchain[i].rank }))
    .filter(({ cd, lc }) => lc <= 5 && cd > 5);
  const won = dataset.questions.filter(
    (_, i) => scores[best][i].rank <= 5 && scores.langchain[i].rank > 5,
  ).length;
  const lines = [
    `${label(best)} misses at 5 what LangChain finds: ${lost.length} questions (and finds ${won} that LangChain misses).`,
    '',
  ];
  for (const { q, cd, lc } of lost.slice(0, 12)) {
    lines.push(
      `- \`${q.id}\` ${q.doc}: “${q.question}” (LangChain rank ${lc}, chunkdown ${cd === Infinity ? '> 10' : cd})`,
    );
  }
  return lines;
}

function label(key) {
  return systems.find((s) => s.key === key)?.label ?? key;
}

function count(chunksPerDoc) {
  return chunksPerDoc.reduce((sum, chunks) => sum + chunks.length, 0);
}

function signed(x) {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
