#!/usr/bin/env node
/**
 * Prove that a change keeps chunkdown's output: split every markdown file under some folders at
 * six option sets with the built library (`dist/`), and save or compare the whole `split()`
 * results (every chunk with all of its metadata).
 *
 *   node scripts/snapshot.mjs save  FILE [DIR…]   write the results to FILE
 *   node scripts/snapshot.mjs check FILE [DIR…]   compare with FILE; exit 1 and list the first
 *                                                 differences when anything changed
 *   node scripts/snapshot.mjs check FILE --ignore id [DIR…]
 *                                                 compare the chunks with a field (repeatable)
 *                                                 left out on both sides, for a change that only
 *                                                 adds that field (front matter not compared)
 *   node scripts/snapshot.mjs save|check FILE --syntax auto [DIR…]
 *                                                 read every file with a `chunkdown/syntax` dialect
 *                                                 (`auto`, or a name such as `myst`); default none
 *
 * DIR defaults to `../shared/corpus` beside the repository. Build first (`pnpm run build`).
 * Output-preserving refactors say "byte-identical on the shared corpus at six option sets" when
 * `check` passes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { chunkdown } = await import(join(packageDir, 'dist/index.js'));
const syntaxModule = await import(join(packageDir, 'dist/syntax.js'));

/** The six option sets: sizes, ratios, the raw cap, overlap, relaxed rules and preserved references. */
export const optionSets = [
  { chunkSize: 500, maxOverflowRatio: 1.5 },
  { chunkSize: 1500, maxOverflowRatio: 1.5 },
  { chunkSize: 100, maxOverflowRatio: 1 },
  { chunkSize: 500, maxOverflowRatio: 1.5, maxRawSize: 1500 },
  { chunkSize: 500, overlap: 75, minChunkSize: 100 },
  {
    chunkSize: 200,
    maxRawSize: 600,
    rules: {
      link: { split: 'allow-split', style: 'preserve' },
      image: { style: 'preserve' },
      formatting: { split: 'allow-split' },
      word: { split: 'allow-split' },
    },
  },
];

const [mode, file, ...rest] = process.argv.slice(2);
const ignored = [];
const dirs = [];
let syntaxName;
for (let index = 0; index < rest.length; index++) {
  if (rest[index] === '--ignore' && rest[index + 1]) ignored.push(rest[++index]);
  else if (rest[index] === '--syntax' && rest[index + 1]) syntaxName = rest[++index];
  else dirs.push(rest[index]);
}
const makeSyntax =
  syntaxName === undefined
    ? undefined
    : syntaxName === 'auto'
      ? syntaxModule.auto
      : syntaxModule.builtinSyntax[syntaxName];
if (
  (mode !== 'save' && mode !== 'check') ||
  !file ||
  (mode === 'save' && ignored.length > 0) ||
  (syntaxName !== undefined && !makeSyntax)
) {
  process.stderr.write(
    'Usage: node scripts/snapshot.mjs save|check FILE [--ignore FIELD]… [--syntax auto|NAME] [DIR…]\n',
  );
  process.exit(2);
}
const folders = dirs.length > 0 ? dirs : [resolve(packageDir, '../../../shared/corpus')];

const results = {};
for (const folder of folders) {
  for (const path of markdownFiles(folder)) {
    const text = readFileSync(path, 'utf8');
    const name = relative(resolve(folder, '..'), path);
    optionSets.forEach((options, index) => {
      const settings = makeSyntax ? { ...options, syntax: makeSyntax() } : options;
      const result = chunkdown(settings).split(text);
      results[`${name} #${index}`] = {
        hash: createHash('sha256').update(JSON.stringify(result)).digest('hex'),
        chunks: result.chunks,
      };
    });
  }
}

if (mode === 'save') {
  writeFileSync(file, JSON.stringify(results));
  process.stdout.write(`Saved ${Object.keys(results).length} results to ${file}\n`);
} else {
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  const differences = [];
  const documents = new Set();
  const strip = (chunks) =>
    chunks?.map((chunk) =>
      Object.fromEntries(Object.entries(chunk).filter(([field]) => !ignored.includes(field))),
    );
  for (const key of new Set([...Object.keys(saved), ...Object.keys(results)])) {
    const before = saved[key];
    const after = results[key];
    if (
      ignored.length === 0
        ? before?.hash === after?.hash
        : before &&
          after &&
          JSON.stringify(strip(before.chunks)) === JSON.stringify(strip(after.chunks))
    )
      continue;
    differences.push(describe(key, strip(before?.chunks), strip(after?.chunks)));
    documents.add(key.replace(/ #\d+$/, ''));
  }
  if (differences.length === 0) {
    const what =
      ignored.length === 0
        ? 'results'
        : `results (chunks without ${ignored.map((field) => `\`${field}\``).join(', ')})`;
    process.stdout.write(`Identical: ${Object.keys(results).length} ${what}\n`);
  } else {
    process.stdout.write(
      `${differences.length} of ${Object.keys(results).length} results differ, in ${documents.size} documents (${[...documents].join(', ')}):\n${differences.slice(0, 20).join('\n')}\n`,
    );
    process.exit(1);
  }
}

/** The first chunk that differs between two results, briefly. */
function describe(key, before = [], after = []) {
  if (before.length !== after.length) {
    return `- ${key}: ${before.length} chunks before, ${after.length} after`;
  }
  for (let index = 0; index < before.length; index++) {
    const a = JSON.stringify(before[index]);
    const b = JSON.stringify(after[index]);
    if (a !== b)
      return `- ${key}: chunk ${index}\n    before ${a.slice(0, 300)}\n    after  ${b.slice(0, 300)}`;
  }
  return `- ${key}: differs`;
}

function markdownFiles(folder) {
  const found = [];
  const walk = (directory) => {
    for (const entry of readdirSync(directory).sort()) {
      const path = join(directory, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(md|mdx|markdown)$/i.test(entry)) found.push(path);
    }
  };
  walk(folder);
  return found;
}
