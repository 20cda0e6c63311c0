/**
 * Record lists (issue 16): in the changelogs among the node_modules markdown, how many chunks mix
 * part of one release with another release?
 *
 * A release is a heading section (the heading up to the next heading of the same or higher rank)
 * whose heading text is version-like: after an optional `version`/`release` word, an optional `[`
 * and an optional `v`, it starts with `MAJOR.MINOR` (`.PATCH`…, optional `-pre`/`+build`), followed by
 * the end, a space, `]`, `)`, `/`, `-`, `–`, `:` or `,` (`1.2.3`, `v1.2.3`, `[1.2.3](…) - 2020-01-01`,
 * `1.2.3 / 2020-01-01`, `Version 2.0`). Nested release headings: the innermost owns its text. A
 * changelog is a `*.md` whose file name starts with `changelog`, `history`, `changes` or
 * `releases`, with at least two releases.
 * A chunk's source range (`start`/`end`; LangChain's chunks are found in the source) touches a
 * release when they share a non-whitespace character; it holds the release whole when it covers
 * all of the release's non-whitespace text. A chunk is **mixed** when it touches two or more
 * releases and holds at least one of them only in part.
 *
 * `pnpm --filter chunkdown run bench:records --help` lists the flags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildUnlessTold, contenders, workspaceRoot } from './chunkers.mjs';
import { nodeModulesDocuments } from './corpus.mjs';
import { locate } from './retrieval/chunkers.mjs';

const usage = `Usage: pnpm --filter chunkdown run bench:records [flags]

  --sizes 200,500,1500  chunk sizes
  --ratio 1.5           maxOverflowRatio
  --max-mb 20           cap on the node_modules markdown searched for changelogs
  --no-build            do not build the library first
  --out FILE            Markdown report (default bench/results/records.md)
`;
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '200,500,1500' },
    ratio: { type: 'string', default: '1.5' },
    'max-mb': { type: 'string', default: '20' },
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
const out = values.out
  ? path.resolve(userCwd, values.out)
  : new URL('results/records.md', import.meta.url).pathname;
buildUnlessTold(process.argv);

const versionHeading =
  /^(?:(?:version|release)\s+)?\[?v?\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.-]+)?(?=$|[\s\])/:,–-])/i;

const docs = (await nodeModulesDocuments(workspaceRoot, 1e6 * Number(values['max-mb'])))
  .filter((doc) => /^(changelog|history|changes|releases)/i.test(path.basename(doc.name)))
  .map((doc) => {
    const text = readFileSync(doc.file, 'utf8');
    return { name: doc.name, text, releases: releasesOf(text) };
  })
  .filter((doc) => doc.releases.length >= 2);
log(`${docs.length} changelogs, ${docs.reduce((n, d) => n + d.releases.length, 0)} releases`);

const rows = [];
const examples = [];
for (const chunkSize of values.sizes.split(',').map(Number)) {
  for (const name of ['chunkdown', 'langchain']) {
    const split = await contenders[name].create({ chunkSize, ratio: Number(values.ratio) });
    let chunks = 0;
    let touching = 0;
    let mixed = 0;
    const mixedDocs = new Set();
    for (const doc of docs) {
      const found = await split(doc.text);
      const ranged =
        name === 'langchain'
          ? locate(
              found.map((c) => c.text),
              doc.text,
            )
          : found;
      chunks += ranged.length;
      ranged.forEach((chunk, index) => {
        const touched = doc.releases.filter((r) => overlapsContent(doc.text, chunk, r));
        if (touched.length > 0) touching++;
        const partial = touched.some((r) => !(chunk.start <= r.first && chunk.end >= r.last));
        if (touched.length >= 2 && partial) {
          mixed++;
          mixedDocs.add(doc.name);
          if (name === 'chunkdown' && examples.length < 6) {
            examples.push(
              `${doc.name} chunk ${index}: ${touched.map((r) => `“${r.title}”`).join(' + ')}`,
            );
          }
        }
      });
    }
    rows.push({
      chunkSize,
      splitter: contenders[name].label,
      chunks,
      touching,
      mixed,
      docs: mixedDocs.size,
    });
    log(`${chunkSize} ${name}: ${mixed} mixed of ${touching}`);
  }
}

const report = [
  '# Record lists: changelog releases mixed in one chunk',
  '',
  `Run ${new Date().toISOString().slice(0, 16)}Z; ${docs.length} changelogs from node_modules (${docs.reduce((n, d) => n + d.releases.length, 0)} releases), maxOverflowRatio ${values.ratio} for chunkdown, LangChain chunkOverlap 0. Target (issue 16): 0 mixed chunks.`,
  'mixed: a chunk touching two or more releases and holding at least one of them only in part; share = mixed ÷ chunks touching a release.',
  '',
  '| size | splitter | chunks | touching a release | mixed | share | changelogs with a mixed chunk |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.chunkSize} | ${r.splitter} | ${r.chunks} | ${r.touching} | ${r.mixed} | ${((100 * r.mixed) / (r.touching || 1)).toFixed(1)} % | ${r.docs} |`,
  ),
  '',
  'Examples (chunkdown):',
  '',
  ...examples.map((e) => `- ${e}`),
  '',
];
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${report.join('\n')}\n`);
process.stdout.write(`${report.join('\n')}\n`);

/**
 * Release sections of a changelog: ATX and setext headings outside fenced code, the version-like
 * ones, each up to the next heading of the same or higher rank; an inner release cuts its parent's
 * range short. `first`/`last` bound the section's non-whitespace text.
 */
export function releasesOf(text) {
  const headings = [];
  const lines = text.split('\n');
  let offset = 0;
  let fence = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const start = offset;
    offset += line.length + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker[1];
      continue;
    }
    const atx = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/.exec(line);
    if (atx) headings.push({ start, depth: atx[1].length, title: atx[2] });
    else if (
      line.trim() &&
      /^ {0,3}(=+|-+)[ \t]*$/.test(lines[i + 1] ?? '') &&
      !/^\s*([-*+]|\d+\.)\s/.test(line)
    ) {
      headings.push({ start, depth: lines[i + 1].trim()[0] === '=' ? 1 : 2, title: line.trim() });
    }
  }
  const releases = [];
  headings.forEach((heading, index) => {
    const plainTitle = heading.title.replace(/[*_`]/g, '').trim();
    if (!versionHeading.test(plainTitle)) return;
    // The section ends at the next heading of the same or higher rank, or at a nested release.
    let end = text.length;
    for (const next of headings.slice(index + 1)) {
      if (
        next.depth <= heading.depth ||
        versionHeading.test(next.title.replace(/[*_`]/g, '').trim())
      ) {
        end = next.start;
        break;
      }
    }
    // Link reference definitions at the end of a release are no chunk text (their URLs go into
    // the links that use them): the release's content ends before them.
    const body = text
      .slice(heading.start, end)
      .replace(/(?:\s*\n {0,3}\[[^\]\n]+\]:[^\n]*)+\s*$/, '');
    const first = heading.start + body.search(/\S/);
    const last = heading.start + body.trimEnd().length;
    releases.push({ title: plainTitle.slice(0, 40), start: heading.start, end, first, last });
  });
  return releases;
}

function overlapsContent(text, chunk, release) {
  const from = Math.max(chunk.start, release.start);
  const to = Math.min(chunk.end, release.end);
  return from < to && /\S/.test(text.slice(from, to));
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
