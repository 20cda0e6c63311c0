import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { buildSplitter } from '../../src/cli/chunk-file.js';
import {
  type FileProgress,
  LargeFiles,
  minCharactersForWorkers,
} from '../../src/cli/large-file.js';

/** A document of about `size` characters: sections with paragraphs and a list. */
function document(size: number): string {
  const parts: string[] = ['---\ntitle: Large\n---\n'];
  for (let index = 0; parts.join('\n\n').length < size; index++) {
    parts.push(
      `## Section ${index}`,
      `Paragraph ${index} says what the section holds. It has two sentences.`,
      `- item ${index} a\n- item ${index} b`,
    );
  }
  return parts.join('\n\n');
}

const setup = { settings: { chunkSize: 500 }, inspect: 'off' as const };

describe('LargeFiles', () => {
  test('handles documents from 64 KiB on', () => {
    const large = new LargeFiles({ jobs: 1, workerUrl: undefined, setup });
    expect(large.handles('x'.repeat(64 * 1024))).toBe(true);
    expect(large.handles('x'.repeat(64 * 1024 - 1))).toBe(false);
  });

  test('splits as the splitter does, reporting the parse and then the split', async () => {
    const text = document(70_000);
    const progress: FileProgress[] = [];
    const large = new LargeFiles({
      jobs: 1,
      workerUrl: undefined,
      setup,
      progress: (each) => progress.push(each),
    });
    const splitter = (await buildSplitter({ chunkSize: 500 })).main;
    try {
      expect(await large.split(splitter, text, 'large.md')).toEqual(splitter.split(text));
    } finally {
      await large.close();
    }
    expect(progress[0]).toEqual({
      name: 'large.md',
      stage: 'parsing',
      done: 0,
      total: text.length,
    });
    expect(progress.at(-1)?.stage).toBe('splitting');
    const parsed = progress.filter((each) => each.stage === 'parsing').map((each) => each.done);
    expect(parsed).toEqual([...parsed].sort((a, b) => a - b));
    expect(parsed.length).toBeGreaterThanOrEqual(2);
    expect(parsed.at(-1)).toBe(text.length);
  });

  test('starts no worker thread for a document under minCharactersForWorkers', async () => {
    // A worker script that fails as it loads: a split that started a worker would fail.
    const folder = mkdtempSync(join(tmpdir(), 'chunkdown-large-'));
    const script = join(folder, 'broken-worker.mjs');
    writeFileSync(script, "throw new Error('a worker was started');\n");
    const workerUrl = pathToFileURL(script);
    const text = document(300_000);
    expect(text.length).toBeLessThan(minCharactersForWorkers);
    const splitter = (await buildSplitter({ chunkSize: 500 })).main;
    const under = new LargeFiles({ jobs: 2, workerUrl, setup });
    const over = new LargeFiles({ jobs: 2, workerUrl, setup, minCharacters: 100_000 });
    try {
      expect(await under.split(splitter, text, 'large.md')).toEqual(splitter.split(text));
      await expect(over.split(splitter, text, 'large.md')).rejects.toThrow('a worker was started');
    } finally {
      await under.close();
      await over.close().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('LargeFiles with dialects, parsed ahead on worker threads', () => {
  // The worker script is the built one (`dist/cli-worker.js`, built by the root `test` script).
  const workerUrl = new URL('../../dist/cli-worker.js', import.meta.url);

  /** An MDX document of about `size` characters, with paragraphs MDX does not parse. */
  function mdxDocument(size: number): string {
    const parts: string[] = ["import { Tabs, TabItem } from '@theme/Tabs';"];
    for (let index = 0; parts.join('\n\n').length < size; index++) {
      parts.push(
        `## Section ${index}`,
        `<Tabs>\n\n<TabItem value="a${index}">\n\nInside tab ${index}. It has two sentences.\n\n</TabItem>\n\n</Tabs>`,
        index % 20 === 3
          ? `A stray {brace ${index}: here} and more.`
          : `Paragraph ${index} says what the section holds.`,
        ':::note\n\nA note.\n\n:::',
      );
    }
    return parts.join('\n\n');
  }

  test('give what the splitter gives, diagnostics included, with every segment read ahead', async () => {
    const text = mdxDocument(160_000);
    const splitters = await buildSplitter({ chunkSize: 500 });
    const splitter = splitters.for('large.md');
    const names = splitter.dialectsOf(text).map((dialect) => dialect.name);
    expect(names).toEqual(['mdx', 'directive']);
    const progress: FileProgress[] = [];
    const large = new LargeFiles({
      jobs: 2,
      workerUrl,
      setup,
      progress: (each) => progress.push(each),
      // Read ahead on the workers at any size (by default only from 4 MiB).
      minCharacters: 0,
    });
    try {
      const result = await large.split(splitter, text, 'large.md');
      const expected = splitter.split(text);
      expect(result).toEqual(expected);
      expect(result.syntax).toEqual(['mdx', 'directive']);
      expect(result.diagnostics?.length).toBeGreaterThan(5);
    } finally {
      await large.close();
    }
    const parsing = progress.filter((each) => each.stage === 'parsing');
    expect(parsing.at(-1)?.done).toBe(text.length);
  }, 180_000);
  test('give what the splitter gives where a dialect reads this document its own way (math between single dollars)', async () => {
    // A thread makes each dialect by its name, so it would read `$x$` as text: such a document
    // is not read ahead, and its segments are read as the splitter reads them.
    const parts: string[] = [];
    for (let index = 0; parts.join('\n\n').length < 160_000; index++) {
      parts.push(
        `## Section ${index}`,
        `Let $x_${index}$ be a point and $\\{y \\mid y > x_${index}\\}$ the set above it.`,
        `Paragraph ${index} says what the section holds.`,
      );
    }
    const text = parts.join('\n\n');
    const splitters = await buildSplitter({ chunkSize: 500 });
    const splitter = splitters.for('large.md');
    const large = new LargeFiles({ jobs: 2, workerUrl, setup, minCharacters: 0 });
    try {
      const result = await large.split(splitter, text, 'large.md');
      expect(result).toEqual(splitter.split(text));
      expect(result.syntax).toEqual(['math']);
      expect(result.chunks.map((chunk) => chunk.text).join('\n')).toContain(
        'Let $x_7$ be a point and $\\{y \\mid y > x_7\\}$ the set above it.',
      );
    } finally {
      await large.close();
    }
  }, 180_000);
});
