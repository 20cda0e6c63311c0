/**
 * Retrieval benchmark (issue 16): BM25 over the chunks of each splitter, at equal mean chunk
 * length, scored on questions whose answers are exact excerpts of the documents. Issue 43: a
 * dense retriever (`--retriever dense`, USE-lite, `dense.mjs`) and a hybrid of both, paired
 * intervals against every peer, and a parent-child mode (`--parent-child`).
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
  loadChunkdown,
  mastraChunker,
  supportsContext,
} from './chunkers.mjs';
import { chromaDataset, excerptDataset, halfOf, npmDataset } from './datasets.mjs';
import { denseIndex, fuse, loadEmbedder } from './dense.mjs';
import { pairedBootstrap, scoreQuestion, summarize } from './metrics.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '../..');
const repoRoot = path.resolve(packageDir, '../..');

const usage = `Usage: pnpm --filter chunkdown run bench:retrieval [flags]

  --web DIR          corpus-web documents (default ../shared/corpus-web from the repository root)
  --web-questions F  our questions about them (default bench/retrieval/questions-web.json)
  --chroma DIR       Chroma's general_evaluation_data folder (or env CHUNKDOWN_CHROMA_DATA);
                     skipped when absent
  --npm-questions F  our questions about the npm docs installed in the workspace (default
                     bench/retrieval/questions-npm.json; dataset npm)
  --datasets a,b     web, chroma, npm (default web,chroma; a missing one is skipped with a message)
  --targets 500,1500 mean chunk lengths (characters of indexed text) to calibrate every splitter to
  --ratio 1.5        maxOverflowRatio for chunkdown
  --tolerance 0.015  calibration stops within this relative distance of the target
  --overlap 0.15     chunkOverlap of the "LangChain overlap" row, as a share of its chunkSize
  --retriever R      bm25 (default), dense (USE-lite embeddings, cosine; the model is installed
                     into node_modules/.cache on first use, embeddings cached there by text hash)
                     or hybrid (reciprocal rank fusion of both)
  --parent-child     also: retrieve chunks, return parents (chunkdown's section parents with
                     parents.maxSize = ratio × target; LangChain's ParentDocumentRetriever shape:
                     parents cut by MarkdownTextSplitter at that size, children inside them);
                     reports recall of the parents and the mean returned length
  --parent-ratio 3   parent size as a multiple of the target
  --sample N         only every k-th question, N in all (a quicker, noisier run)
  --half H           tune or held: only the questions whose id hashes to that half (SHA-256 of
                     the id, first byte even: tune; odd: held), to tune on one half and report
                     the other
  --only-asked       index only the documents some question is about
  --no-nominal       skip the nominal rows (dense runs embed half as much)
  --systems a,b      only these systems (keys: chunkdown, context, header, langchain,
                     langchain-overlap, mastra, llamaindex; default all)
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
    'npm-questions': { type: 'string' },
    chroma: { type: 'string' },
    datasets: { type: 'string', default: 'web,chroma' },
    targets: { type: 'string' },
    ratio: { type: 'string', default: '1.5' },
    tolerance: { type: 'string', default: '0.015' },
    overlap: { type: 'string', default: '0.15' },
    'no-stem': { type: 'boolean', default: false },
    retriever: { type: 'string', default: 'bm25' },
    'parent-child': { type: 'boolean', default: false },
    'parent-ratio': { type: 'string', default: '3' },
    sample: { type: 'string' },
    half: { type: 'string' },
    'only-asked': { type: 'boolean', default: false },
    'no-nominal': { type: 'boolean', default: false },
    systems: { type: 'string' },
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
  npmQuestions: values['npm-questions']
    ? path.resolve(userCwd, values['npm-questions'])
    : path.join(here, 'questions-npm.json'),
  chroma: values.chroma
    ? path.resolve(userCwd, values.chroma)
    : process.env.CHUNKDOWN_CHROMA_DATA && path.resolve(userCwd, process.env.CHUNKDOWN_CHROMA_DATA),
  datasets: values.datasets.split(',').filter(Boolean),
  targets: (values.targets ?? (values.quick ? '500' : '500,1500')).split(',').map(Number),
  ratio: Number(values.ratio),
  tolerance: Number(values.tolerance),
  overlap: Number(values.overlap),
  stem: !values['no-stem'],
  retriever: values.retriever,
  parentChild: values['parent-child'],
  parentRatio: Number(values['parent-ratio']),
  sample: values.sample === undefined ? undefined : Number(values.sample),
  half: values.half,
  onlyAsked: values['only-asked'],
  nominal: !values['no-nominal'],
  resamples: Number(values.resamples),
  seed: Number(values.seed),
  out: values.out
    ? path.resolve(userCwd, values.out)
    : path.join(packageDir, 'bench/results/retrieval.md'),
};
const ks = [1, 3, 5, 10];
if (!['bm25', 'dense', 'hybrid'].includes(settings.retriever)) {
  process.stderr.write(`--retriever expects bm25, dense or hybrid, got "${settings.retriever}"\n`);
  process.exit(2);
}
if (settings.half !== undefined && !['tune', 'held'].includes(settings.half)) {
  process.stderr.write(`--half expects tune or held, got "${settings.half}"\n`);
  process.exit(2);
}
if (!(settings.parentRatio >= 1)) {
  process.stderr.write(`--parent-ratio expects a number ≥ 1, got "${values['parent-ratio']}"\n`);
  process.exit(2);
}
const embedder = settings.retriever === 'bm25' ? undefined : await loadEmbedder(log);

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
if (values.systems !== undefined) {
  const keep = new Set(values.systems.split(','));
  for (const key of [best, 'langchain']) keep.add(key);
  for (let i = systems.length - 1; i >= 0; i--) if (!keep.has(systems[i].key)) systems.splice(i, 1);
}

const report = [
  '# Retrieval benchmark',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z, chunkdown \`context\` option: ${context ? 'supported' : 'not supported yet (the "bench header" row emulates it)'}.`,
  `Retriever: ${describeRetriever()}; hit = top-k chunks cover ≥ 50 % of the answer excerpt;`,
  `maxOverflowRatio ${settings.ratio}; every splitter calibrated to the target mean length of its indexed text (±${settings.tolerance * 100} %).`,
  `${settings.nominal ? '"nominal" rows: every splitter at chunkSize = target, uncalibrated. ' : ''}Bootstrap: ${settings.resamples} paired resamples over questions, seed ${settings.seed}.`,
  ...(settings.sample !== undefined || settings.onlyAsked || settings.half !== undefined
    ? [
        `Narrowed: ${[
          settings.half !== undefined
            ? `the ${settings.half === 'tune' ? 'tuning' : 'held-out'} half of the questions (--half ${settings.half}: SHA-256 of the id, first byte ${settings.half === 'tune' ? 'even' : 'odd'})`
            : '',
          settings.sample !== undefined
            ? `${settings.sample} questions, evenly spaced (--sample)`
            : '',
          settings.onlyAsked ? 'only the documents the questions are about (--only-asked)' : '',
        ]
          .filter(Boolean)
          .join('; ')}.`,
      ]
    : []),
  '',
];
const perQuestion = {};

for (const name of settings.datasets) {
  const dataset = narrow(await load(name));
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
        for (const variant of settings.nominal ? ['calibrated', 'nominal'] : ['calibrated']) {
          const chunks = variant === 'calibrated' ? run.chunks : run.nominal.chunks;
          const perQ = await retrieve(dataset, chunks, scope);
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
      // Paired intervals of the best chunkdown against every peer, and of plain chunkdown against
      // LangChain: recall@5 and MRR@10.
      const pairs = [
        ...systems.filter((system) => system.key !== best).map((system) => [best, system.key]),
        ...(systems.some((system) => system.key === 'chunkdown')
          ? [['chunkdown', 'langchain']]
          : []),
      ];
      for (const [a, b] of pairs) {
        const hits = (key) => scores[key].map((s) => (s.rank <= 5 ? 1 : 0));
        const reciprocal = (key) => scores[key].map((s) => (s.rank <= 10 ? 1 / s.rank : 0));
        const boot = pairedBootstrap(hits(a), hits(b), settings);
        const mrr = pairedBootstrap(reciprocal(a), reciprocal(b), settings);
        report.push(
          `- ${label(a)} − ${label(b)}: recall@5 ${signed(boot.mean)} (95 % CI ${signed(boot.low)} … ${signed(boot.high)}; > 0 in ${(boot.share * 100).toFixed(1)} % of resamples), MRR@10 ${signed(mrr.mean)} (${signed(mrr.low)} … ${signed(mrr.high)})`,
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
    if (settings.parentChild) report.push(...(await parentChild(dataset, target, runs)), '');
  }
}
if (embedder) {
  log(`embeddings: ${embedder.stats.embedded} computed, ${embedder.stats.cached} from the cache`);
}

mkdirSync(path.dirname(settings.out), { recursive: true });
writeFileSync(settings.out, `${report.join('\n')}\n`);
writeFileSync(
  settings.out.replace(/\.md$/, '.questions.json'),
  `${JSON.stringify(perQuestion, null, 1)}\n`,
);
process.stdout.write(`${report.join('\n')}\n`);
log(`written to ${path.relative(userCwd, settings.out)}`);

async function load(name) {
  if (name === 'web') return excerptDataset(settings.webQuestions, settings.web, 'web');
  if (name === 'npm') return npmDataset(settings.npmQuestions, repoRoot);
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
async function retrieve(dataset, chunksPerDoc, scope) {
  const ranked = await rankAll(dataset, chunksPerDoc, scope, 10);
  return dataset.questions.map((q, i) => scoreRanked(q, ranked[i]));
}

/** The best `limit` chunks for every question, in question order. */
async function rankAll(dataset, chunksPerDoc, scope, limit) {
  const docIndex = new Map(dataset.documents.map((doc, i) => [doc.id, i]));
  const indexes = new Map();
  const indexOf = async (key, chunks) => {
    if (!indexes.has(key)) indexes.set(key, { chunks, index: await makeIndex(chunks) });
    return indexes.get(key);
  };
  const queries = embedder
    ? await embedder.embed(dataset.questions.map((q) => q.question))
    : dataset.questions.map(() => undefined);
  const all = [];
  for (const [i, q] of dataset.questions.entries()) {
    const { chunks, index } =
      scope === 'whole'
        ? await indexOf('*', chunksPerDoc.flat())
        : await indexOf(q.doc, chunksPerDoc[docIndex.get(q.doc)]);
    all.push(index.search(q.question, queries[i], limit).map((at) => chunks[at]));
  }
  return all;
}

/** An index of chunks for the retriever asked for: `search(text, vector, limit)`. */
async function makeIndex(chunks) {
  const texts = chunks.map((c) => c.text);
  const lexical = settings.retriever === 'dense' ? undefined : bm25(texts, { stem: settings.stem });
  const dense = embedder ? denseIndex(await embedder.embed(texts)) : undefined;
  return {
    search(text, vector, limit) {
      if (!dense) return lexical.search(text, limit);
      if (!lexical) return dense.search(vector, limit);
      return fuse([lexical.search(text, 100), dense.search(vector, 100)], limit);
    },
  };
}

/** Score a question's ranked units (chunks or parents) against its references. */
function scoreRanked(q, ranked) {
  const scores = q.alternatives.map((references) => scoreQuestion(references, ranked, q.doc, ks));
  return {
    rank: Math.min(...scores.map((s) => s.rank)),
    coverage: Object.fromEntries(ks.map((k) => [k, Math.max(...scores.map((s) => s.coverage[k]))])),
  };
}

/**
 * Parent-child retrieval: chunks are searched, their parents returned (each parent once, in the
 * order its first chunk ranks), and a question counts as answered at rank r when the first r
 * parents hold half of the answer. The price is what a reader gets: the mean length of the
 * first five parents returned. Compared: chunkdown's section parents (`parents.maxSize` = ratio
 * × target, over the calibrated `context` chunks), LangChain's ParentDocumentRetriever shape
 * (parents cut by MarkdownTextSplitter at that size, children cut inside each parent at the
 * calibrated child size), and both splitters' chunks returned as they are, at the target and at
 * the parent size.
 */
async function parentChild(dataset, target, runs) {
  const maxSize = Math.round(settings.parentRatio * target);
  const scope = 'whole';
  const lines = [
    `### ${dataset.name}, target ${target}, parent-child (parents up to ${maxSize} characters)`,
    '',
    '| system | returned | mean returned length (top 5) | R@1 | R@3 | R@5 | R@10 | MRR@10 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const row = (name, returned, perQ, lengths) => {
    const summary = summarize(perQ, ks);
    const mean = lengths.reduce((sum, x) => sum + x, 0) / (lengths.length || 1);
    lines.push(
      `| ${name} | ${returned} | ${mean.toFixed(0)} | ${ks.map((k) => summary.recall[k].toFixed(3)).join(' | ')} | ${summary.mrr.toFixed(3)} |`,
    );
    return perQ;
  };
  /** Rank parents through their children and score them. */
  const throughParents = async (children, parentOf) => {
    const ranked = await rankAll(dataset, children, scope, 50);
    const lengths = [];
    const perQ = dataset.questions.map((q, i) => {
      const parents = [];
      for (const child of ranked[i]) {
        const parent = parentOf(child);
        if (!parents.includes(parent)) parents.push(parent);
        if (parents.length === 10) break;
      }
      for (const parent of parents.slice(0, 5)) lengths.push(parent.text.length);
      return scoreRanked(q, parents);
    });
    return { perQ, lengths };
  };
  const plain = async (chunks) => {
    const ranked = await rankAll(dataset, chunks, scope, 10);
    const lengths = ranked.flatMap((list) => list.slice(0, 5).map((chunk) => chunk.text.length));
    return { perQ: dataset.questions.map((q, i) => scoreRanked(q, ranked[i])), lengths };
  };

  const results = {};
  const contextRun = runs.find((run) => run.system.key === best);
  const langchainRun = runs.find((run) => run.system.key === 'langchain');
  // chunkdown: the calibrated best chunks, with their section parents.
  const { chunkdown } = await loadChunkdown();
  const withParents = chunkdown({
    chunkSize: contextRun.size,
    maxOverflowRatio: settings.ratio,
    ...(best === 'context' ? { context: true } : {}),
    parents: { maxSize },
  });
  const parentMap = new Map();
  const children = dataset.documents.map((doc) => {
    const result = withParents.split(doc.text);
    const parents = new Map(
      (result.parents ?? []).map((parent) => [
        parent.id,
        { text: parent.text, start: parent.start, end: parent.end, doc: doc.id },
      ]),
    );
    return result.chunks.map((chunk) => {
      const child = {
        text: chunk.embedText ?? chunk.text,
        start: chunk.start,
        end: chunk.end,
        doc: doc.id,
      };
      parentMap.set(child, parents.get(chunk.parentId));
      return child;
    });
  });
  let outcome = await throughParents(children, (child) => parentMap.get(child));
  results.sections = row(
    `${label(best)}, section parents`,
    'parents',
    outcome.perQ,
    outcome.lengths,
  );
  // LangChain: parents by MarkdownTextSplitter at maxSize, children inside them.
  const parentSplitter = await langchainChunker({ chunkSize: maxSize, chunkOverlap: 0 });
  const childSplitter = await langchainChunker({ chunkSize: langchainRun.size, chunkOverlap: 0 });
  const lcParentOf = new Map();
  const lcChildren = [];
  for (const doc of dataset.documents) {
    const list = [];
    for (const parent of await parentSplitter(doc.text)) {
      const owner = { ...parent, doc: doc.id };
      for (const child of await childSplitter(parent.text)) {
        const located = {
          text: child.text,
          start: parent.start + child.start,
          end: parent.start + child.end,
          doc: doc.id,
        };
        lcParentOf.set(located, owner);
        list.push(located);
      }
    }
    lcChildren.push(list);
  }
  outcome = await throughParents(lcChildren, (child) => lcParentOf.get(child));
  results.langchain = row(
    'LangChain ParentDocumentRetriever shape',
    'parents',
    outcome.perQ,
    outcome.lengths,
  );
  outcome = await plain(contextRun.chunks);
  row(`${label(best)}, chunks at ${target}`, 'chunks', outcome.perQ, outcome.lengths);
  outcome = await plain(langchainRun.chunks);
  row(`LangChain, chunks at ${target}`, 'chunks', outcome.perQ, outcome.lengths);
  outcome = await plain(await splitAllChunks(parentSplitter, dataset));
  row(`LangChain, chunks at ${maxSize}`, 'chunks', outcome.perQ, outcome.lengths);
  const hits = (perQ) => perQ.map((s) => (s.rank <= 5 ? 1 : 0));
  const boot = pairedBootstrap(hits(results.sections), hits(results.langchain), settings);
  lines.push(
    '',
    `- recall@5 section parents − LangChain parents: ${signed(boot.mean)} (95 % CI ${signed(boot.low)} … ${signed(boot.high)})`,
  );
  return lines;
}

/** Every document's chunks by one chunker (no calibration). */
async function splitAllChunks(chunker, dataset) {
  const all = [];
  for (const doc of dataset.documents) {
    all.push((await chunker(doc.text)).map((c) => ({ ...c, doc: doc.id })));
  }
  return all;
}

/** The questions and documents the flags keep. */
function narrow(dataset) {
  if (typeof dataset === 'string') return dataset;
  let { questions, documents } = dataset;
  if (settings.half !== undefined)
    questions = questions.filter((q) => halfOf(q.id) === settings.half);
  if (settings.sample !== undefined && settings.sample < questions.length) {
    const step = questions.length / settings.sample;
    questions = Array.from({ length: settings.sample }, (_, i) => questions[Math.floor(i * step)]);
  }
  if (settings.onlyAsked) {
    const asked = new Set(questions.map((q) => q.doc));
    documents = documents.filter((doc) => asked.has(doc.id));
  }
  return { ...dataset, questions, documents };
}

function describeRetriever() {
  const lexical = `BM25 k1 1.2 b 0.75, ${settings.stem ? 'light stemming' : 'no stemming'}`;
  const dense = 'USE-lite (@energetic-ai/embeddings 0.2.0, 512 dimensions, cosine)';
  if (settings.retriever === 'dense') return dense;
  if (settings.retriever === 'hybrid')
    return `reciprocal rank fusion (k 60) of ${lexical} and ${dense}, top 100 of each`;
  return lexical;
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
