/**
 * Overlap share (issue 16): with `overlap` set, how often does a chunk that continues the section
 * of the previous chunk actually begin with text from its end?
 *
 * Same-section neighbours: consecutive chunks a, b of one document where b does not start with a
 * heading and b's `breadcrumbs` equal the heading path at the end of a (a's breadcrumbs, updated by
 * each heading inside a: a heading of depth d replaces the entries of depth ≥ d). Headings compare
 * by depth and plain text.
 * Overlap happens when the plain text of b (leaf texts of its markdown, whitespace collapsed) starts
 * with a suffix of a's plain text that begins at a word start and holds at least one letter or digit.
 * Pairs that are not same-section neighbours are checked too: overlap there crosses a section
 * boundary, which SPEC §4 forbids.
 *
 * `pnpm --filter chunkdown run bench:overlap --help` lists the flags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildUnlessTold, contenders, readChunk, workspaceRoot } from './chunkers.mjs';
import { folderDocuments, nodeModulesDocuments } from './corpus.mjs';

const usage = `Usage: pnpm --filter chunkdown run bench:overlap [flags]

  --corpus DIR     a folder of *.md (default ../shared/corpus from the repository root; repeatable)
  --no-node-modules  leave out the node_modules markdown
  --max-mb 3       cap on the node_modules markdown
  --sizes 500,1500 chunk sizes
  --share 0.15     overlap as a share of the chunk size (500 → 75)
  --ratio 1.5      maxOverflowRatio
  --no-build       do not build the library first
  --out FILE       Markdown report (default bench/results/overlap.md)
`;
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    'no-node-modules': { type: 'boolean', default: false },
    'max-mb': { type: 'string', default: '3' },
    sizes: { type: 'string', default: '500,1500' },
    share: { type: 'string', default: '0.15' },
    ratio: { type: 'string', default: '1.5' },
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
const corpora = (values.corpus ?? [path.resolve(workspaceRoot, '../shared/corpus')]).map((dir) =>
  path.resolve(userCwd, dir),
);
const share = Number(values.share);
const out = values.out
  ? path.resolve(userCwd, values.out)
  : new URL('results/overlap.md', import.meta.url).pathname;
buildUnlessTold(process.argv);

const sets = [];
for (const dir of corpora)
  sets.push({ name: path.relative(workspaceRoot, dir), docs: await folderDocuments(dir) });
if (!values['no-node-modules']) {
  sets.push({
    name: 'node_modules',
    docs: await nodeModulesDocuments(workspaceRoot, 1e6 * Number(values['max-mb'])),
  });
}

const rows = [];
const examples = [];
for (const set of sets) {
  const texts = set.docs.map((doc) => readFileSync(doc.file, 'utf8'));
  for (const chunkSize of values.sizes.split(',').map(Number)) {
    const overlap = Math.round(chunkSize * share);
    const split = await contenders.chunkdown.create({
      chunkSize,
      ratio: Number(values.ratio),
      overlap,
    });
    let pairs = 0;
    let overlapping = 0;
    let overlappingUnderHeader = 0;
    let total = 0;
    let crossing = 0;
    let otherPairs = 0;
    for (let d = 0; d < texts.length; d++) {
      const chunks = await split(texts[d]);
      const read = chunks.map((chunk) => readChunk(chunk.text));
      for (let i = 0; i + 1 < chunks.length; i++) {
        const length = sharedLength(read[i].plain, read[i + 1].plain);
        if (continues(chunks[i], read[i], chunks[i + 1], read[i + 1])) {
          pairs++;
          // A piece of a table starts with the table's header row again: what follows it counts.
          const rest = afterRepeatedHeader(chunks[i].text, chunks[i + 1].text, read[i + 1].plain);
          const underHeader =
            length === 0 && rest !== undefined ? sharedLength(read[i].plain, rest) : 0;
          if (length > 0 || underHeader > 0) overlappingUnderHeader++;
          if (length > 0) {
            overlapping++;
            total += length;
          } else if (underHeader === 0 && examples.length < 8 && chunkSize === 500) {
            examples.push(
              `${set.docs[d].name} #${i + 1}: “…${read[i].plain.slice(-60)}” → “${read[i + 1].plain.slice(0, 60)}…”`,
            );
          }
        } else {
          otherPairs++;
          if (length >= 20) crossing++;
        }
      }
    }
    rows.push({
      set: set.name,
      chunkSize,
      overlap,
      pairs,
      overlapping,
      overlappingUnderHeader,
      mean: overlapping ? total / overlapping : 0,
      otherPairs,
      crossing,
    });
    log(`${set.name} ${chunkSize}/${overlap}: ${overlapping}/${pairs}`);
  }
}

const report = [
  '# Overlap share',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z; chunkdown with \`overlap\` = ${share * 100} % of \`chunkSize\`, maxOverflowRatio ${values.ratio}. Target (issue 16): ≥ 90 % of same-section neighbours overlap.`,
  'same-section pairs: consecutive chunks where the later does not start with a heading and its breadcrumbs equal the heading path at the end of the earlier. overlapping: the later’s plain text starts with a word-aligned suffix of the earlier’s. mean overlap: characters of plain text shared, over overlapping pairs. crossing: other neighbour pairs sharing ≥ 20 characters that way (overlap across a section boundary, or repeated text).',
  '',
  'share under header rows: the same, where a piece of a table that starts with its header row again counts by the rows after it.',
  '',
  '| corpus | size | overlap | same-section pairs | overlapping | share | share under header rows | mean overlap | other pairs | crossing |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.set} | ${r.chunkSize} | ${r.overlap} | ${r.pairs} | ${r.overlapping} | ${(100 * (r.overlapping / (r.pairs || 1))).toFixed(1)} % | ${(100 * (r.overlappingUnderHeader / (r.pairs || 1))).toFixed(1)} % | ${r.mean.toFixed(0)} | ${r.otherPairs} | ${r.crossing} |`,
  ),
  '',
  'Same-section pairs without overlap (first few, size 500):',
  '',
  ...examples.map((e) => `- ${e}`),
  '',
];
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${report.join('\n')}\n`);
process.stdout.write(`${report.join('\n')}\n`);

/** Whether chunk b continues the section the end of chunk a is in. */
function continues(a, readA, b, readB) {
  if (readB.startsWithHeading) return false;
  const pathAtEnd = a.breadcrumbs.map((c) => ({ text: c.text, depth: c.depth }));
  for (const heading of readA.headings) {
    while (pathAtEnd.length > 0 && pathAtEnd.at(-1).depth >= heading.depth) pathAtEnd.pop();
    pathAtEnd.push(heading);
  }
  const crumbs = b.breadcrumbs;
  return (
    crumbs.length === pathAtEnd.length &&
    crumbs.every(
      (c, i) => c.depth === pathAtEnd[i].depth && plain(c.text) === plain(pathAtEnd[i].text),
    )
  );
}

/** Length of the longest word-aligned suffix of `a` that `b` starts with (0 when none). */
function sharedLength(a, b) {
  const limit = Math.min(a.length, b.length);
  for (let k = limit; k > 0; k--) {
    const from = a.length - k;
    if (from > 0 && /[\p{L}\p{N}]/u.test(a[from - 1]) && /[\p{L}\p{N}]/u.test(a[from])) continue;
    if (!/[\p{L}\p{N}]/u.test(a.slice(from))) continue;
    if (b.startsWith(a.slice(from))) return k;
  }
  return 0;
}

/**
 * The plain text of `b` after its leading table header row, when `b` starts with a table whose
 * header row `a` holds too; else undefined.
 */
function afterRepeatedHeader(a, b, plainB) {
  const [header, delimiter] = b.split('\n');
  if (
    !header?.trimStart().startsWith('|') ||
    !/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(delimiter ?? '') ||
    !a.includes(header)
  ) {
    return undefined;
  }
  const headerPlain = readChunk(`${header}\n${delimiter}`).plain;
  return plainB.startsWith(headerPlain) ? plainB.slice(headerPlain.length).trimStart() : undefined;
}

function plain(text) {
  return text.replace(/\s+/g, ' ').trim();
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
