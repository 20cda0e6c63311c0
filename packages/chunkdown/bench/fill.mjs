/**
 * Chunk fill (issue 43, item 5): how much of its budget a chunk holds, how many neighbours of one
 * section would have fit in one chunk, how many chunks are markup alone, and what that costs in
 * edit stability.
 *
 * For every document of each set, split with `chunkdown({ chunkSize, maxOverflowRatio })` (the
 * library's defaults otherwise), at every size and ratio:
 *
 * - **fill**: `contentSize ÷ chunkSize` of every chunk, p10 / p50 / p90;
 * - **joinable**: consecutive chunks a, b of one section (b does not start with a heading and its
 *   breadcrumbs are the heading path at the end of a) whose content sizes add up to at most 80 %
 *   of `chunkSize`, as a share of such pairs;
 * - **markup-only**: chunks that hold HTML tags or comments and no letter or digit outside them
 *   (`<!-- TL;DR -->` alone, `</div></div></details>`);
 * - **changed/edit**: one-sentence edits (`edits.mjs`, the edits of `bench:stability`), chunks
 *   of the edited document whose `id` is new, per edit.
 *
 * `node bench/fill.mjs --help` lists the flags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildUnlessTold, readChunk, workspaceRoot } from './chunkers.mjs';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';
import { editsOf } from './edits.mjs';
import { distEntry } from './splitters.mjs';

const usage = `Usage: pnpm --filter chunkdown run bench:fill [flags]

  --corpus DIR     a folder of *.md (default ../shared/corpus and ../shared/corpus-web from the
                   repository root; repeatable)
  --no-node-modules  leave out the node_modules markdown
  --max-mb 3       cap on the node_modules markdown (a stable sample)
  --sizes 500,1500 chunk sizes
  --ratios 1,1.5   maxOverflowRatio values
  --edits 5        one-sentence edits per document for edit stability (0: none)
  --sample N       at most N documents per set, evenly spaced (default all)
  --dist FILE      the built library to measure (default dist/index.js)
  --quick          size 500, ratio 1, 2 edits, node_modules capped at 0.5 MB
  --no-build       do not build the library first
  --out FILE       Markdown report (default bench/results/fill.md)
`;

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    'no-node-modules': { type: 'boolean', default: false },
    'max-mb': { type: 'string' },
    sizes: { type: 'string' },
    ratios: { type: 'string' },
    edits: { type: 'string' },
    dist: { type: 'string' },
    sample: { type: 'string' },
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
const quick = values.quick;
const settings = {
  corpora: (
    values.corpus ?? [
      path.resolve(workspaceRoot, '../shared/corpus'),
      path.resolve(workspaceRoot, '../shared/corpus-web'),
    ]
  ).map((dir) => path.resolve(userCwd, dir)),
  sizes: (values.sizes ?? (quick ? '500' : '500,1500')).split(',').map(Number),
  ratios: (values.ratios ?? (quick ? '1' : '1,1.5')).split(',').map(Number),
  edits: Number(values.edits ?? (quick ? 2 : 5)),
  sample: values.sample ? Number(values.sample) : Number.POSITIVE_INFINITY,
  maxBytes: 1e6 * Number(values['max-mb'] ?? (quick ? 0.5 : 3)),
  out: values.out
    ? path.resolve(userCwd, values.out)
    : new URL(`results/${quick ? 'fill-quick' : 'fill'}.md`, import.meta.url).pathname,
};
const dist = values.dist ? path.resolve(userCwd, values.dist) : distEntry;
if (!values.dist) buildUnlessTold(process.argv);
const { chunkdown } = await import(pathToFileURL(dist).href);

const sets = [];
for (const dir of settings.corpora) {
  sets.push({ name: path.relative(workspaceRoot, dir), docs: await folderDocuments(dir) });
}
if (!values['no-node-modules']) {
  sets.push({
    name: 'node_modules',
    docs: await nodeModulesDocuments(workspaceRoot, settings.maxBytes),
  });
}

for (const set of sets) set.docs = spread(set.docs, settings.sample);

const rows = [];
for (const set of sets) {
  const texts = set.docs.map((doc) => readFileSync(doc.file, 'utf8'));
  const edits = settings.edits > 0 ? texts.map((text) => editsOf(text, settings.edits)) : [];
  const editCount = edits.reduce((n, list) => n + list.length, 0);
  log(`${set.name}: ${texts.length} documents, ${editCount} edits`);
  for (const chunkSize of settings.sizes) {
    for (const ratio of settings.ratios) {
      const splitter = chunkdown({ chunkSize, maxOverflowRatio: ratio });
      const started = Date.now();
      const fills = [];
      let pairs = 0;
      let joinable = 0;
      let markup = 0;
      let changed = 0;
      const markupExamples = [];
      for (let d = 0; d < texts.length; d++) {
        const { chunks } = splitter.split(texts[d]);
        for (let i = 0; i < chunks.length; i++) {
          const chunk = chunks[i];
          fills.push(chunk.contentSize / chunkSize);
          if (isMarkupOnly(chunk.text)) {
            markup++;
            if (markupExamples.length < 5)
              markupExamples.push(
                `${set.docs[d].name}: ${JSON.stringify(chunk.text.slice(0, 80))}`,
              );
          }
          const next = chunks[i + 1];
          if (next && sameSection(chunk, next)) {
            pairs++;
            if (chunk.contentSize + next.contentSize <= 0.8 * chunkSize) joinable++;
          }
        }
        if (edits.length > 0) {
          const ids = new Set(chunks.map((c) => c.id));
          for (const edited of edits[d]) {
            for (const c of splitter.split(edited).chunks) if (!ids.has(c.id)) changed++;
          }
        }
      }
      fills.sort((a, b) => a - b);
      const row = {
        set: set.name,
        chunkSize,
        ratio,
        chunks: fills.length,
        p10: quantile(fills, 0.1),
        p50: quantile(fills, 0.5),
        p90: quantile(fills, 0.9),
        pairs,
        joinable: joinable / (pairs || 1),
        markup,
        markupExamples,
        edits: editCount,
        changed: editCount > 0 ? changed / editCount : null,
      };
      rows.push(row);
      log(
        `  ${chunkSize} ×${ratio}: ${row.chunks} chunks, fill ${row.p10.toFixed(2)}/${row.p50.toFixed(2)}/${row.p90.toFixed(2)}, joinable ${(100 * row.joinable).toFixed(1)} %, markup-only ${markup}${row.changed === null ? '' : `, ${row.changed.toFixed(3)} changed/edit`} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
}

const report = [
  '# Chunk fill',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z; \`${['node bench/fill.mjs', ...process.argv.slice(2)].join(' ')}\`.`,
  'fill = contentSize ÷ chunkSize (p10 / p50 / p90); joinable = consecutive chunks of one section (the later does not start with a heading, its breadcrumbs are the heading path at the end of the earlier) whose content sizes add up to ≤ 80 % of chunkSize, over such pairs; markup-only = chunks of HTML tags or comments with no letter or digit outside them; changed/edit = chunks with a new id after a one-sentence edit (insert / delete / change a word, in turn), per edit.',
  '',
  '| set | size | ratio | chunks | fill p10 | p50 | p90 | same-section pairs | joinable | markup-only | edits | changed/edit |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.set} | ${r.chunkSize} | ${r.ratio} | ${r.chunks} | ${r.p10.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p90.toFixed(2)} | ${r.pairs} | ${(100 * r.joinable).toFixed(1)} % | ${r.markup} | ${r.edits} | ${r.changed === null ? '–' : r.changed.toFixed(3)} |`,
  ),
  '',
];
const examples = rows.flatMap((r) =>
  r.markupExamples.map((e) => `- ${r.chunkSize} ×${r.ratio}: ${e}`),
);
if (examples.length > 0)
  report.push('Markup-only chunks (first few per row):', '', ...examples, '');
mkdirSync(path.dirname(settings.out), { recursive: true });
writeFileSync(settings.out, `${report.join('\n')}\n`);
process.stdout.write(`${report.join('\n')}\n`);

/** Whether a chunk is HTML tags or comments and nothing a reader could read. */
export function isMarkupOnly(text) {
  if (!/<[/!A-Za-z]/.test(text) || /^\s*(?:`{3,}|~{3,})/m.test(text)) return false;
  const rest = text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, ' ');
  return !/[\p{L}\p{N}]/u.test(rest);
}

/** Whether chunk b continues the section the end of chunk a is in. */
function sameSection(a, b) {
  const readB = readChunk(b.text);
  if (readB.startsWithHeading) return false;
  const pathAtEnd = a.breadcrumbs.map((c) => ({ text: plain(c.text), depth: c.depth }));
  for (const heading of readChunk(a.text).headings) {
    while (pathAtEnd.length > 0 && pathAtEnd.at(-1).depth >= heading.depth) pathAtEnd.pop();
    pathAtEnd.push({ text: plain(heading.text), depth: heading.depth });
  }
  const crumbs = b.breadcrumbs;
  return (
    crumbs.length === pathAtEnd.length &&
    crumbs.every((c, i) => c.depth === pathAtEnd[i].depth && plain(c.text) === pathAtEnd[i].text)
  );
}

function plain(text) {
  return text.replace(/\s+/g, ' ').trim();
}

/** At most `count` of `docs`, evenly spaced. */
function spread(docs, count) {
  if (docs.length <= count) return docs;
  return Array.from(
    { length: count },
    (_, i) => docs[Math.floor(((i + 0.5) * docs.length) / count)],
  );
}

function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
