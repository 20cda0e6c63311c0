// Compares the two candidate tokenizer libraries for `chunkdown/tokenizers`:
// load time, throughput on whole documents and on paragraph-sized pieces (what a splitter
// measures), and whether their token counts agree.
//
//   node bench/tokenizers.mjs [folder-of-markdown]
//
// Without a folder, the markdown files shipped in the package's node_modules are used.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = process.argv[2] ?? join(here, '..', 'node_modules');
const ROUNDS = 5;

/** Collect `.md` files under `dir` (following symlinks, visiting each real folder once). */
function collect(dir, seen = new Set(), out = []) {
  let real;
  try {
    real = statSync(dir);
  } catch {
    return out;
  }
  const key = `${real.dev}:${real.ino}`;
  if (seen.has(key)) return out;
  seen.add(key);
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) collect(path, seen, out);
    else if (/\.(md|markdown|mdx)$/i.test(name)) out.push(path);
  }
  return out;
}

const files = collect(root);
const docs = files.map((file) => readFileSync(file, 'utf8'));
const pieces = docs.flatMap((doc) => doc.split(/\n{2,}/).filter((piece) => piece.trim() !== ''));
// Edge cases: special-token text must count as plain text (never throw), and non-Latin
// scripts, emoji and combining marks must agree too.
const edge = [
  'Use <|endoftext|> to end a prompt.',
  '<|fim_prefix|>a<|fim_suffix|>b<|im_start|>',
  '日本語のテキストは空白なしで書かれます。東京都は日本の首都です。',
  'Emoji 👩‍👩‍👧‍👦 and flags 🇯🇵🇫🇷, e\u0301 combining, Ελληνικά, русский, العربية.',
  '    indented code\n\t\ttabs\r\nCRLF  trailing   ',
];
const bytes = docs.reduce((sum, doc) => sum + Buffer.byteLength(doc), 0);
console.log(`corpus: ${root}`);
console.log(
  `${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${pieces.length} paragraph pieces\n`,
);

async function load(library, encoding) {
  const started = performance.now();
  let count;
  if (library === 'gpt-tokenizer') {
    const mod = await import(`gpt-tokenizer/encoding/${encoding}`);
    const options = { disallowedSpecial: new Set() };
    count = (text) => mod.countTokens(text, options);
  } else {
    const { Tiktoken } = await import('js-tiktoken/lite');
    const ranks = (await import(`js-tiktoken/ranks/${encoding}`)).default;
    const tokenizer = new Tiktoken(ranks);
    count = (text) => tokenizer.encode(text, [], []).length;
  }
  return { count, loadMs: performance.now() - started };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Time of the first (cold) pass over the texts, and the median of ROUNDS warm passes
 * (gpt-tokenizer keeps a merge cache, so warm passes favour it; the cold pass does not).
 */
function time(count, texts) {
  const times = [];
  let tokens = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    tokens = 0;
    for (const text of texts) tokens += count(text);
    times.push(performance.now() - started);
  }
  return { tokens, coldMs: times[0], ms: median(times.slice(1)) };
}

const format = (n) => Math.round(n).toLocaleString('en-US');

for (const encoding of ['cl100k_base', 'o200k_base']) {
  const rows = [];
  const counts = {};
  for (const library of ['gpt-tokenizer', 'js-tiktoken']) {
    const { count, loadMs } = await load(library, encoding);
    const whole = time(count, docs);
    const small = time(count, pieces);
    counts[library] = {
      docs: docs.map(count),
      pieces: pieces.map(count),
      edge: edge.map(count),
    };
    rows.push({
      library,
      'load ms': format(loadMs),
      'docs cold tok/s': format(whole.tokens / (whole.coldMs / 1000)),
      'docs warm tok/s': format(whole.tokens / (whole.ms / 1000)),
      'pieces warm tok/s': format(small.tokens / (small.ms / 1000)),
      tokens: format(whole.tokens),
    });
  }
  const a = counts['gpt-tokenizer'];
  const b = counts['js-tiktoken'];
  const differ = (x, y) => x.filter((value, index) => value !== y[index]).length;
  console.log(`== ${encoding}`);
  console.table(rows);
  console.log(
    `disagreements: ${differ(a.docs, b.docs)}/${docs.length} documents, ` +
      `${differ(a.pieces, b.pieces)}/${pieces.length} pieces, ` +
      `${differ(a.edge, b.edge)}/${edge.length} edge-case texts\n`,
  );
}
