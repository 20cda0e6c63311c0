import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Chunk } from '../src/index.js';
import { auto } from '../src/syntax.js';
import { full } from './helpers/corpus.js';
import { brokenPairs, cutTags } from './helpers/docfx.js';
import { findProblems } from './helpers/invariants.js';

/**
 * DocFX (Microsoft Learn) documents written elsewhere, split as the command line splits them
 * (`syntax: auto()`), at 500 (ratio 1) and 1500 (ratio 1.5): no file may have a chunk that opens
 * a DocFX pair it does not close or closes one it did not open (`::: zone` … `::: zone-end`,
 * `::: moniker`, `:::row:::`, `:::column:::`, a complex `:::image`), a tag cut in two
 * (`:::image …:::`, `[!INCLUDE [x](y)]`), lost words or an unbalanced code fence (pairs are
 * checked in the files whose source pairs them all). Runs with
 * `FULL=1 CHUNKDOWN_DOCFX=<folder of .md files>` (for instance the markdown of
 * MicrosoftDocs/azure-docs-cli, dotnet/docs-maui and dotnet/docs-desktop); `CHUNKDOWN_REPORT`
 * names a file for the table, `CHUNKDOWN_DOCFX_BEFORE=1` splits without the docfx dialect (what
 * `auto()` did before it).
 */
const folder = process.env.CHUNKDOWN_DOCFX;

/** The `.md` files under a folder. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [path] : [];
    });
}

test.skipIf(!full || !folder)(
  'DocFX documents: no broken pair, cut tag, lost word or unbalanced fence',
  () => {
    const files = markdownFiles(folder as string);
    const before = process.env.CHUNKDOWN_DOCFX_BEFORE === '1';
    const syntax = before ? auto().filter((each) => each.name !== 'docfx') : auto();
    const lines = [
      `${files.length} documents from ${folder}, syntax ${before ? 'auto() without docfx' : 'auto()'}; files with each problem (problems in all)`,
      '',
      '| options | broken pair | cut tag | lost words | open fence | threw |',
      '|---|---|---|---|---|---|',
    ];
    const examples: string[] = [];
    const failures: string[] = [];
    for (const options of [
      { chunkSize: 500, maxOverflowRatio: 1 },
      { chunkSize: 1500, maxOverflowRatio: 1.5 },
    ]) {
      const files_ = { pair: 0, cut: 0, lost: 0, fence: 0, threw: 0 };
      const total = { pair: 0, cut: 0, lost: 0, fence: 0, threw: 0 };
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        const { result, problems } = findProblems(text, { ...options, syntax }, { repeat: false });
        const chunks: Chunk[] = result?.chunks ?? [];
        const found = {
          // A source that leaves a pair open (a zone never closed) leaves it open in a chunk too.
          pair:
            brokenPairs(text).length > 0 ? [] : chunks.flatMap((chunk) => brokenPairs(chunk.text)),
          cut: chunks.flatMap((chunk) => cutTags(chunk.text)),
          lost: problems.filter((each) => each.kind === 'lost-words').map((each) => each.message),
          fence: problems.filter((each) => each.kind === 'open-fence').map((each) => each.message),
          threw: problems.filter((each) => each.kind === 'throw').map((each) => each.message),
        };
        for (const kind of Object.keys(found) as Array<keyof typeof found>) {
          if (found[kind].length === 0) continue;
          files_[kind]++;
          total[kind] += found[kind].length;
          const example = `- ${JSON.stringify(options)} ${file} [${kind}] ${(found[kind][0] as string).slice(0, 200).replaceAll('\n', '⏎')}`;
          examples.push(example);
          failures.push(example);
        }
      }
      lines.push(
        `| ${JSON.stringify(options)} | ${(['pair', 'cut', 'lost', 'fence', 'threw'] as const).map((kind) => `${files_[kind]} (${total[kind]})`).join(' | ')} |`,
      );
    }
    const report = [...lines, '', ...examples.slice(0, 200)].join('\n');
    if (process.env.CHUNKDOWN_REPORT) writeFileSync(process.env.CHUNKDOWN_REPORT, `${report}\n`);
    else console.log(report);
    if (!before) expect(failures).toEqual([]);
  },
  3_600_000,
);
