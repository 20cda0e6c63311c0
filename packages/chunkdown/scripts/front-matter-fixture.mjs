#!/usr/bin/env node
/**
 * Collect the YAML front matter of real documents into the fixture that
 * `test/parse/yaml.test.ts` compares the front matter reader on (the test reads only the
 * fixture, so it runs from a clone of the repository alone).
 *
 *   node scripts/front-matter-fixture.mjs DIR
 *
 * For every `.md`/`.mdx` file of DIR (sorted by name), it takes the block between a first
 * line `---` and the next line `---` or `...` (as `src/parse/frontmatter.ts` finds it; a byte
 * order mark before the first `---` is skipped, line endings are kept) and writes the distinct
 * blocks, each with the first file it was found in, to `test/parse/yaml-front-matter.json`.
 * Beside it, `test/parse/yaml-front-matter.md` names where they come from: the repositories,
 * commits and licenses that DIR's `SOURCES.txt` lists (file names are `<owner>_<repo>__<path>`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const fixture = join(packageDir, 'test/parse/yaml-front-matter.json');
const notes = join(packageDir, 'test/parse/yaml-front-matter.md');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/front-matter-fixture.mjs DIR');
  process.exit(1);
}

/**
 * The YAML front matter of a document, as `takeFrontmatter` finds it.
 *
 * @param {string} text The document.
 * @returns {string | undefined} The text between the fences, or `undefined` when there is none.
 */
function frontMatter(text) {
  const markdown = text.replace(/^\uFEFF/, '');
  const open = /^---[ \t]*\r?\n/.exec(markdown);
  if (!open) return undefined;
  let lineStart = open[0].length;
  while (lineStart < markdown.length) {
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    const line = markdown.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (/^(?:---|\.\.\.)[ \t]*$/.test(line)) {
      return markdown.slice(open[0].length, lineStart).replace(/\r?\n$/, '');
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/**
 * The repositories that SOURCES.txt lists.
 *
 * @param {string} text The text of SOURCES.txt.
 * @returns {Array<{ repo: string, commit: string, license: string }>} Each repository.
 */
function repositories(text) {
  const section = text.split('== Repositories ==')[1] ?? '';
  return section
    .split('\n')
    .map((row) => row.split(' | ').map((cell) => cell.trim()))
    .filter(([repo, commit]) => repo?.includes('/') && /^[0-9a-f]{40}$/.test(commit ?? ''))
    .map(([repo, commit, license]) => ({ repo, commit, license }));
}

const files = readdirSync(dir)
  .filter((name) => /\.mdx?$/.test(name))
  .sort();
const blocks = new Map();
let found = 0;
for (const file of files) {
  const raw = frontMatter(readFileSync(join(dir, file), 'utf8'));
  if (raw === undefined) continue;
  found++;
  if (!blocks.has(raw)) blocks.set(raw, file);
}
const entries = [...blocks].map(([raw, file]) => ({ file, raw }));
writeFileSync(fixture, `${JSON.stringify(entries, null, 2)}\n`);

const sources = repositories(readFileSync(join(dir, 'SOURCES.txt'), 'utf8'));
const rows = sources
  .map(({ repo, commit, license }) => {
    const prefix = `${repo.replace('/', '_')}__`;
    const count = entries.filter(({ file }) => file.startsWith(prefix)).length;
    return { repo, commit, license, count };
  })
  .filter(({ count }) => count > 0);
const table = rows
  .map(
    ({ repo, commit, license, count }) =>
      `| [${repo}](https://github.com/${repo}/tree/${commit}) | \`${commit.slice(0, 12)}\` | ${license} | ${count} |`,
  )
  .join('\n');
writeFileSync(
  notes,
  `# Real front matter

\`yaml-front-matter.json\` holds the YAML front matter blocks of real documentation pages:
${entries.length} distinct blocks from the ${found} of ${files.length} pages (.md, .mdx) that open
with one, each with the name of the first page it was found in (\`<owner>_<repo>__<path>\`, the
path's \`/\` as \`__\`). \`yaml.test.ts\` compares the front matter reader with the \`yaml\` package on
every block. The blocks are copied as written (line endings kept); a byte order mark before
the opening \`---\` is left out.

Regenerate with \`node scripts/front-matter-fixture.mjs DIR\` on the folder of pages (the test
itself reads only the JSON file). The pages come from these repositories, under their licenses:

| repository | commit | license | blocks |
|---|---|---|---|
${table}
`,
);
console.log(
  `${basename(fixture)}: ${entries.length} distinct blocks from ${found} of ${files.length} pages`,
);
