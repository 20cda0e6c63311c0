import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

// Numbers the docs state that the code decides: each is stated once, and this keeps it true.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('numbers in the docs follow the code', () => {
  test('the share of chunkSize small neighbours join up to (docs/method.md, pack/plan.ts)', () => {
    const share = Number(/const JOIN_BELOW = ([\d.]+);/.exec(read('../src/pack/plan.ts'))?.[1]);
    expect(share).toBeGreaterThan(0);
    const percent = `${Math.round(share * 100)} %`;
    const method = read('../../../docs/method.md');
    expect(method).toContain(`together hold at most ${percent} of \`chunkSize\` join`);
    // Stated once: the other pages link to the method instead of repeating it.
    for (const page of ['README.md', 'docs/retrieval.md', 'docs/integrations.md', 'docs/cli.md']) {
      expect(read(`../../../${page}`), page).not.toMatch(/hold at most \d+ % of `chunkSize`/);
    }
  });

  test('when chunks are roomy, and the window then (docs/method.md, pack/plan.ts)', () => {
    const plan = read('../src/pack/plan.ts');
    const sentences = Number(/const ROOMY_SENTENCES = (\d+);/.exec(plan)?.[1]);
    const part = Number(/const ROOMY_PART = ([\d.]+);/.exec(plan)?.[1]);
    const edge = Number(/const ROOMY_EDGE = ([\d.]+);/.exec(plan)?.[1]);
    const sentence = /const SENTENCE =\s*'([^']+)';/.exec(plan)?.[1] ?? '';
    const method = read('../../../docs/method.md').replace(/\s+/g, ' ');
    expect(method).toContain(
      `holds at least ${sentences} sentences of ${sentence.length} characters in the size unit`,
    );
    expect(method).toContain(`the window is ${Math.round(part * 100)} % of \`chunkSize\``);
    expect(method).toContain(
      `content-defined cuts lie at least ${Math.round(edge * 100)} % of it from the run's ends`,
    );
  });
});
