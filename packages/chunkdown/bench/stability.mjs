/**
 * Edit stability (issue 16): how many chunks a one-sentence edit changes.
 *
 * For every document, up to `--edits` sentences spread evenly over its prose are edited one at a
 * time, cycling through three kinds: insert a new sentence after it, delete it, change one of its
 * words. The document is split before and after; the changed chunks of an edit are the chunks of
 * the edited document that are not chunks of the original, counted as a multiset of texts
 * (|after \ before|), and by `id` when the splitter gives one. Balance on the unedited documents
 * (share of chunks under 50 content characters, coefficient of variation of content sizes) is
 * printed beside it, so a change that buys stability with balance shows.
 *
 * `pnpm --filter chunkdown run bench:stability --help` lists the flags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { balance, buildUnlessTold, contenders, contentLength, workspaceRoot } from './chunkers.mjs';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';
import { editsOf } from './edits.mjs';

const usage = `Usage: pnpm --filter chunkdown run bench:stability [flags]

  --corpus DIR     a folder of *.md (default ../shared/corpus from the repository root; repeatable)
  --no-node-modules  leave out the node_modules markdown
  --max-mb 1       cap on the node_modules markdown (a stable sample; files over 80 kB left out)
  --sizes 500,1500 chunk sizes
  --ratio 1.5      maxOverflowRatio for both chunkdowns
  --edits 20       edits per document
  --only a,b       chunkdown, chunkdown-v3, langchain (default all)
  --quick          5 edits per document, size 500, node_modules capped at 0.3 MB
  --no-build       do not build the library first
  --out FILE       Markdown report (default bench/results/stability.md)
`;

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    'no-node-modules': { type: 'boolean', default: false },
    'max-mb': { type: 'string' },
    sizes: { type: 'string' },
    ratio: { type: 'string', default: '1.5' },
    edits: { type: 'string' },
    only: { type: 'string', default: 'chunkdown,chunkdown-v3,langchain' },
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
  corpora: (values.corpus ?? [path.resolve(workspaceRoot, '../shared/corpus')]).map((dir) =>
    path.resolve(userCwd, dir),
  ),
  sizes: (values.sizes ?? (quick ? '500' : '500,1500')).split(',').map(Number),
  ratio: Number(values.ratio),
  edits: Number(values.edits ?? (quick ? 5 : 20)),
  maxBytes: 1e6 * Number(values['max-mb'] ?? (quick ? 0.3 : 1)),
  only: values.only.split(','),
  out: values.out
    ? path.resolve(userCwd, values.out)
    : new URL('results/stability.md', import.meta.url).pathname,
};
buildUnlessTold(process.argv);

const sets = [];
for (const dir of settings.corpora) {
  sets.push({ name: path.relative(workspaceRoot, dir), docs: await folderDocuments(dir) });
}
if (!values['no-node-modules']) {
  const docs = (await nodeModulesDocuments(workspaceRoot, 20 * settings.maxBytes)).filter(
    (d) => d.bytes <= 80_000,
  );
  sets.push({ name: 'node_modules', docs: cap(docs, settings.maxBytes) });
}

const rows = [];
for (const set of sets) {
  const texts = set.docs.map((doc) => readFileSync(doc.file, 'utf8'));
  const edits = texts.map((text) => editsOf(text, settings.edits));
  const editCount = edits.reduce((n, list) => n + list.length, 0);
  log(`${set.name}: ${texts.length} documents, ${editCount} edits`);
  for (const chunkSize of settings.sizes) {
    for (const name of settings.only) {
      const split = await contenders[name].create({ chunkSize, ratio: settings.ratio });
      const started = Date.now();
      let changed = 0;
      let removed = 0;
      let changedIds = 0;
      let withIds = true;
      const sizes = [];
      for (let d = 0; d < texts.length; d++) {
        const before = await split(texts[d]);
        for (const chunk of before) sizes.push(contentLength(chunk.text));
        const beforeTexts = counts(before.map((c) => c.text));
        const beforeIds = new Set(before.map((c) => c.id));
        withIds &&= before.every((c) => typeof c.id === 'string');
        for (const edited of edits[d]) {
          const after = await split(edited);
          const afterTexts = counts(after.map((c) => c.text));
          changed += difference(afterTexts, beforeTexts);
          removed += difference(beforeTexts, afterTexts);
          if (withIds) changedIds += after.filter((c) => !beforeIds.has(c.id)).length;
        }
      }
      const { tiny, cv } = balance(sizes);
      rows.push({
        set: set.name,
        chunkSize,
        splitter: contenders[name].label,
        docs: texts.length,
        edits: editCount,
        changed: changed / editCount,
        removed: removed / editCount,
        byId: withIds ? changedIds / editCount : null,
        chunks: sizes.length,
        tiny,
        cv,
      });
      log(
        `  ${chunkSize} ${name}: ${(changed / editCount).toFixed(3)} changed/edit (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
}

const report = [
  '# Edit stability',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z; up to ${settings.edits} one-sentence edits per document (insert / delete / change a word, in turn), maxOverflowRatio ${settings.ratio} for both chunkdowns, LangChain chunkOverlap 0.`,
  'changed = chunks of the edited document that are not chunks of the original (multiset of texts), per edit; removed = the reverse; by id = chunks whose `id` is new. Balance is over the unedited documents: tiny = chunks under 50 content characters (mdast-util-to-string of the chunk), CV = standard deviation ÷ mean of content sizes.',
  '',
  '| corpus | size | splitter | docs | edits | changed/edit | by id | removed/edit | chunks | tiny | CV |',
  '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.set} | ${r.chunkSize} | ${r.splitter} | ${r.docs} | ${r.edits} | ${r.changed.toFixed(3)} | ${r.byId === null ? '–' : r.byId.toFixed(3)} | ${r.removed.toFixed(3)} | ${r.chunks} | ${(100 * r.tiny).toFixed(2)} % | ${r.cv.toFixed(3)} |`,
  ),
  '',
];
mkdirSync(path.dirname(settings.out), { recursive: true });
writeFileSync(settings.out, `${report.join('\n')}\n`);
process.stdout.write(`${report.join('\n')}\n`);

function counts(texts) {
  const map = new Map();
  for (const text of texts) map.set(text, (map.get(text) ?? 0) + 1);
  return map;
}

/** |a \ b| for multisets. */
function difference(a, b) {
  let n = 0;
  for (const [text, count] of a) n += Math.max(0, count - (b.get(text) ?? 0));
  return n;
}

/** Documents in their (stable, hash-sampled) order until `maxBytes`. */
function cap(docs, maxBytes) {
  const taken = [];
  let total = 0;
  for (const doc of docs) {
    if (total + doc.bytes > maxBytes) continue;
    taken.push(doc);
    total += doc.bytes;
  }
  return taken;
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
