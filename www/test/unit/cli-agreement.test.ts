import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleText } from '../../src/examples.ts';
import { analyze } from '../../src/lib/analyze.ts';
import { DEFAULT_SETTINGS } from '../../src/lib/settings.ts';

// The visualizer and `chunkdown --report` use one quality module (`chunkdown/quality`): for one
// document and options they must give the same numbers.

const cli = fileURLToPath(new URL('../../../packages/chunkdown/dist/cli.js', import.meta.url));

describe('the Stats tab and `chunkdown --report`', () => {
  it.each([
    ['table', 120],
    ['code', 200],
    ['api', 90],
  ])(
    'agree on the %s example at chunk size %i',
    async (id, chunkSize) => {
      const text = exampleText(id) ?? '';
      const folder = mkdtempSync(join(tmpdir(), 'chunkdown-www-report-'));
      try {
        writeFileSync(join(folder, 'doc.md'), text);
        const printed = execFileSync(
          'node',
          [
            cli,
            'doc.md',
            '--chunk-size',
            String(chunkSize),
            '--max-overflow-ratio',
            '1.2',
            '--report',
            '--format',
            'json',
          ],
          { cwd: folder, encoding: 'utf8' },
        );
        const fromCli = JSON.parse(printed);
        const settings = { ...DEFAULT_SETTINGS, chunkSize, maxOverflowRatio: 1.2, rules: {} };
        const analysis = await analyze(text, settings, (chunk) => chunk.length);
        if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
        const ours = analysis.chunkdown.quality;
        expect(ours.chunks).toBe(fromCli.chunks);
        expect(ours.chunks).toBeGreaterThan(1);
        expect(ours.sizes).toEqual(fromCli.sizes);
        expect(ours.histogram).toEqual(fromCli.histogram);
        for (const key of [
          'tiny',
          'orphanRows',
          'unbalancedFences',
          'unbalancedContainers',
          'markupOnly',
          'cut',
          'fallback',
        ] as const) {
          expect(ours[key].count, key).toBe(fromCli[key].count);
        }
        expect(ours.overLimit.byReason.map(({ reason, count }) => [reason, count])).toEqual(
          fromCli.overLimit.byReason.map(({ reason, count }: { reason: string; count: number }) => [
            reason,
            count,
          ]),
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      // Two runs of the command and the splitter: more than vitest's 5 s on a busy machine.
    },
    60_000,
  );
});
