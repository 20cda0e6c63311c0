import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { takeFrontmatter } from '../src/parse/frontmatter.js';
import { auto } from '../src/syntax.js';
import { full } from './helpers/corpus.js';
import { findProblems } from './helpers/invariants.js';
import { openMystFences } from './helpers/myst.js';

/**
 * MyST docs written elsewhere (issue 42), split as the command line splits them (`auto()`), at
 * 500 (ratio 1) and 1500 (ratio 1.5): no file gets a chunk that leaves a MyST fence open or
 * closes one it did not open (where the file itself closes every fence it opens), no file loses
 * words, none has an unbalanced code fence (the invariant oracle's `lost-words` and `open-fence`).
 * The documents are markdown files under the folder `CHUNKDOWN_MYST_DOCS` names (for instance the
 * `docs` of `executablebooks/sphinx-book-theme`, `executablebooks/jupyter-book` and
 * `executablebooks/MyST-Parser`), so it runs only with `FULL=1`; `CHUNKDOWN_REPORT` names a file to
 * write the counts to.
 *
 *   FULL=1 CHUNKDOWN_MYST_DOCS=/tmp/myst-docs npx vitest run test/myst-real-docs.test.ts
 */
const folder = process.env.CHUNKDOWN_MYST_DOCS;

function markdownUnder(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (statSync(path).isDirectory()) found.push(...markdownUnder(path));
    else if (/\.(?:md|markdown)$/.test(entry)) found.push(path);
  }
  return found.sort();
}

describe.skipIf(!full || !folder)('MyST docs from other repositories', () => {
  const files = folder ? markdownUnder(folder) : [];
  const lines: string[] = [];

  for (const [chunkSize, maxOverflowRatio] of [
    [500, 1],
    [1500, 1.5],
  ] as const) {
    test(`no broken pair, no lost word, no open fence at ${chunkSize} (ratio ${maxOverflowRatio})`, () => {
      const broken: string[] = [];
      const lost: string[] = [];
      const fences: string[] = [];
      let myst = 0;
      for (const file of files) {
        const markdown = readFileSync(file, 'utf8');
        const name = relative(folder as string, file);
        const options = { chunkSize, maxOverflowRatio, syntax: auto() };
        const { result, problems } = findProblems(markdown, options, { repeat: false });
        if (result?.syntax?.includes('myst')) myst++;
        // A file that leaves a fence open itself (an example of a mistake) has no pairs to keep.
        const balanced = openMystFences(takeFrontmatter(markdown).body).length === 0;
        const open = (result?.chunks ?? []).find((chunk) => openMystFences(chunk.text).length > 0);
        if (balanced && open) broken.push(`${name}: ${open.text.slice(0, 160)}`);
        const kinds = new Set(problems.map((problem) => problem.kind));
        if (kinds.has('lost-words')) lost.push(name);
        if (kinds.has('open-fence')) fences.push(name);
      }
      lines.push(
        `| ${chunkSize} | ${maxOverflowRatio} | ${files.length} | ${myst} | ${broken.length} | ${lost.length} | ${fences.length} |`,
      );
      if (process.env.CHUNKDOWN_REPORT) {
        writeFileSync(
          process.env.CHUNKDOWN_REPORT,
          [
            '| chunk size | ratio | files | read as MyST | files with a broken pair | files with lost words | files with an open fence |',
            '|---|---|---|---|---|---|---|',
            ...lines,
            '',
            ...broken.map((each) => `- broken: ${each.replaceAll('\n', '⏎')}`),
            ...lost.map((each) => `- lost words: ${each}`),
            ...fences.map((each) => `- open fence: ${each}`),
            '',
          ].join('\n'),
        );
      }
      expect(files.length).toBeGreaterThan(0);
      expect(broken).toEqual([]);
      expect(lost).toEqual([]);
      expect(fences).toEqual([]);
    }, 1_800_000);
  }
});
