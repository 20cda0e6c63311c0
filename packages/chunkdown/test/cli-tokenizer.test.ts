// The built command (`dist/cli.js`, built by the root `test` script) sized by a tokenizer.json:
// every chunk within --max-raw-size as the model sees it (prefix and special tokens included),
// on this thread and on worker threads, counted by the Rust tokenizers library; bad files and
// bad combinations are one-line usage errors.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDocuments } from './helpers/corpus.js';
import { referenceCounter } from './helpers/tokenizers.js';
import { wordPieceTokenizer } from './helpers/wordpiece.js';

const cli = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'cli.js');
const tokenizer = wordPieceTokenizer();
let work: string;
let files: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'chunkdown-cli-tokenizer-'));
  mkdirSync(join(work, 'models'));
  writeFileSync(join(work, 'models', 'tokenizer.json'), JSON.stringify(tokenizer));
  writeFileSync(join(work, 'broken.json'), '{"model": {"type": "WordPiece"');
  writeFileSync(join(work, 'package.json'), '{"name": "not a tokenizer"}');
  mkdirSync(join(work, 'docs'));
  files = realDocuments()
    .filter((_, index) => index % 12 === 0)
    .map((document, index) => {
      const file = join('docs', `${index}.md`);
      writeFileSync(join(work, file), document.text);
      return file;
    });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function chunkdown(args: string[], input = '') {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: work,
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const records = (jsonl: string) =>
  jsonl
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { file: string; text: string; rawSize: number });

describe('--tokenizer', () => {
  it('keeps every chunk within --max-raw-size as the model sees it, on worker threads too', {
    timeout: 180_000,
  }, async () => {
    const reference = referenceCounter(tokenizer);
    for (const jobs of ['1', '2']) {
      const { code, stdout, stderr } = chunkdown([
        ...files,
        '--tokenizer',
        'models/tokenizer.json',
        '--prefix',
        'passage: ',
        '--chunk-size',
        '100',
        '--max-raw-size',
        '128',
        '--jobs',
        jobs,
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const chunks = records(stdout);
      expect(new Set(chunks.map((chunk) => chunk.file)).size).toBe(files.length);
      const seen = await reference.counts(
        chunks.map((chunk) => `passage: ${chunk.text}`),
        true,
      );
      chunks.forEach((chunk, index) => {
        expect(chunk.rawSize, `${chunk.file}: ${chunk.text.slice(0, 40)}`).toBe(seen[index]);
        expect(chunk.rawSize).toBeLessThanOrEqual(128);
      });
    }
  });

  it('reads the tokenizer and the prefix from a config file, relative to it', () => {
    writeFileSync(
      join(work, 'models', 'config.json'),
      JSON.stringify({ tokenizer: 'tokenizer.json', prefix: 'passage: ', maxRawSize: 64 }),
    );
    const input = `# Notes\n\n${'Every word of this sentence counts toward the cap. '.repeat(30)}`;
    const fromConfig = chunkdown(['--config', 'models/config.json'], input);
    const fromFlags = chunkdown(
      ['--tokenizer', 'models/tokenizer.json', '--prefix', 'passage: ', '--max-raw-size', '64'],
      input,
    );
    expect(fromConfig.stderr).toBe('');
    expect(records(fromConfig.stdout).length).toBeGreaterThan(3);
    expect(fromConfig.stdout).toBe(fromFlags.stdout);
    expect(
      Math.max(...records(fromConfig.stdout).map((chunk) => chunk.rawSize)),
    ).toBeLessThanOrEqual(64);
  });

  it('exits 2 with one line for a file that is not JSON or not a tokenizer, and bad combinations', () => {
    for (const [args, message] of [
      [
        ['--tokenizer', 'broken.json'],
        /^chunkdown: --tokenizer broken\.json is not JSON \(expected a Hugging Face tokenizer\.json\): /,
      ],
      [
        ['--tokenizer', 'package.json'],
        /^chunkdown: --tokenizer package\.json: Not a tokenizer\.json: it has no `model`/,
      ],
      [['--tokenizer', 'missing.json'], /^chunkdown: cannot read --tokenizer missing\.json: /],
      [
        ['--tokenizer', 'models/tokenizer.json', '--tokens', 'cl100k_base'],
        /^chunkdown: --tokens and --tokenizer are two size units/,
      ],
      [['--prefix', 'passage: '], /^chunkdown: --prefix needs --tokenizer/],
      [
        [
          '--tokenizer',
          'models/tokenizer.json',
          '--prefix',
          'passage: ',
          '--chunk-size',
          '2',
          '--max-raw-size',
          '5',
        ],
        /^chunkdown: --max-raw-size must be larger than the 7 the model adds to every chunk: --prefix and the special tokens of --tokenizer, not 5$/m,
      ],
    ] as const) {
      const { code, stdout, stderr } = chunkdown([...args], '# a\n');
      expect(code, stderr).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
