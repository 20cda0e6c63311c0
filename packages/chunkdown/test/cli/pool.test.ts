import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSplitter, chunkFile } from '../../src/cli/chunk-file.js';
import { UsageError } from '../../src/cli/errors.js';
import { chunkInWorkers, ParsePool } from '../../src/cli/pool.js';
import { parseSegment } from '../../src/parse/parse.js';

// The worker script is the built one (`dist/cli-worker.js`, built by the root `test` script).
const workerUrl = new URL('../../dist/cli-worker.js', import.meta.url);

let folder: string;
const names = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'chunkdown-pool-'));
  names.forEach((name, index) => {
    const size = (names.length - index) * 400;
    writeFileSync(join(folder, name), `# ${name}\n\n${'A sentence of words. '.repeat(size / 20)}`);
  });
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('chunkInWorkers', () => {
  test('gives each file’s outcome in the order of the files, as one thread would', async () => {
    const files = [...names, 'missing.md'].map((name) => ({
      path: join(folder, name),
      file: name,
    }));
    const settings = { chunkSize: 200 };
    const outcomes = [];
    for await (const outcome of chunkInWorkers(files, { settings, inspect: 'off' }, 2, workerUrl)) {
      outcomes.push(outcome);
    }
    const splitter = await buildSplitter(settings);
    const expected = await Promise.all(
      files.map(({ path, file }) => chunkFile(path, file, splitter, 'off')),
    );
    expect(outcomes).toEqual(expected);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, file: 'missing.md' });
  });

  test('settings a worker refuses are a usage error', async () => {
    const files = [{ path: join(folder, 'a.md'), file: 'a.md' }];
    const run = async () => {
      for await (const _ of chunkInWorkers(
        files,
        { settings: { chunkSize: -1 }, inspect: 'off' },
        1,
        workerUrl,
      )) {
        // Nothing comes.
      }
    };
    await expect(run()).rejects.toThrow(UsageError);
  });
});

describe('ParsePool', () => {
  test('parses segments on worker threads into what this thread parses', async () => {
    const known = { definitions: new Set(['X']), footnotes: new Set<string>() };
    const jobs = [
      '# One\n\nSee [x].',
      '## Two\n\n| a |\n| - |\n| 1 |',
      'Three[^n].\n\n[^n]: note',
    ].map((text) => ({ text, known }));
    const pool = new ParsePool(2, workerUrl, {
      settings: { chunkSize: 100 },
      inspect: 'off',
      parseOnly: true,
    });
    const seen: number[] = [];
    try {
      const parses = await pool.parse(jobs, (index) => seen.push(index));
      expect(parses).toEqual(jobs.map((job) => parseSegment(job.text, job.known)));
    } finally {
      await pool.close();
    }
    expect(seen.sort()).toEqual([0, 1, 2]);
  });
});
