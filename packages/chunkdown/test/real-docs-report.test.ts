import { writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { auto } from '../src/syntax.js';
import { realDocuments } from './helpers/corpus.js';
import { findProblems, type ProblemKind } from './helpers/invariants.js';

/**
 * The invariant report over real documents: for each option set, how many files show each kind
 * of violation. A measuring instrument, not a test: it runs only when `CHUNKDOWN_REPORT` names a
 * file to write the report to (with `FULL=1 CHUNKDOWN_CORPORA=…` for the documents), e.g.
 *
 *   FULL=1 CHUNKDOWN_CORPORA=../../../shared/corpus-web CHUNKDOWN_REPORT=/tmp/report.md \
 *     npx vitest run test/real-docs-report.test.ts
 *
 * `CHUNKDOWN_REPORT_SYNTAX=auto` splits with `syntax: auto()` (the docs dialects, detected per
 * document), `CHUNKDOWN_REPORT_SIZES=100,500` picks the chunk sizes (100, 500, 1500 by default),
 * `CHUNKDOWN_REPORT_RATIO=1` the `maxOverflowRatio` (1.5 by default; the library's default is 1).
 */
const out = process.env.CHUNKDOWN_REPORT;

test.skipIf(!out)(
  'invariant report over real documents',
  () => {
    const only = process.env.CHUNKDOWN_REPORT_ONLY;
    const documents = realDocuments().filter((document) => !only || document.name.includes(only));
    const kinds: ProblemKind[] = [
      'throw',
      'lost-words',
      'open-fence',
      'orphan-rows',
      'cut-links',
      'gained-construct',
      'heading-only',
      'front-matter',
      'offsets',
      'raw-cap',
      'open-container',
      'container-mismatch',
      'math-changed',
      'other',
    ];
    const lines = [
      `${documents.length} documents; each cell: files with that violation (violations in all)`,
      '',
      `| options | ${kinds.join(' | ')} | slow (> 10 s) |`,
      `|---|${kinds.map(() => '---').join('|')}|---|`,
    ];
    const examples: string[] = [];
    const syntax = process.env.CHUNKDOWN_REPORT_SYNTAX === 'auto' ? { syntax: auto() } : {};
    const sizes = (process.env.CHUNKDOWN_REPORT_SIZES ?? '100,500,1500').split(',').map(Number);
    const ratio = Number(process.env.CHUNKDOWN_REPORT_RATIO ?? 1.5);
    for (const chunkSize of sizes) {
      for (const shown of [
        { chunkSize, maxOverflowRatio: ratio },
        { chunkSize, maxOverflowRatio: ratio, maxRawSize: chunkSize * 3 },
      ]) {
        const options = { ...shown, ...syntax };
        const files = new Map<ProblemKind, number>();
        const total = new Map<ProblemKind, number>();
        let slow = 0;
        for (const document of documents) {
          const started = performance.now();
          const { problems } = findProblems(document.text, options, { repeat: false });
          if (performance.now() - started > 10_000) slow++;
          const seen = new Set<ProblemKind>();
          for (const problem of problems) {
            total.set(problem.kind, (total.get(problem.kind) ?? 0) + 1);
            if (!seen.has(problem.kind)) {
              seen.add(problem.kind);
              files.set(problem.kind, (files.get(problem.kind) ?? 0) + 1);
              examples.push(
                `- ${JSON.stringify(shown)} ${document.name} [${problem.kind}] ${problem.message.slice(0, 240).replaceAll('\n', '⏎')}`,
              );
            }
          }
        }
        lines.push(
          `| ${JSON.stringify(shown)}${syntax.syntax ? ' auto' : ''} | ${kinds.map((kind) => `${files.get(kind) ?? 0} (${total.get(kind) ?? 0})`).join(' | ')} | ${slow} |`,
        );
      }
    }
    writeFileSync(
      out as string,
      `${lines.join('\n')}\n\n## First violation of each kind per file\n\n${examples.join('\n')}\n`,
    );
    console.log(lines.join('\n'));
  },
  3_600_000,
);
