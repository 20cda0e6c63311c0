// End-to-end tests of the built command (`dist/cli.js`, built by the root `test` script), run
// as a user runs it: a folder of real documents, standard input, tokens, the report, a missing
// file and bad flags. The documents are the markdown files of the workspace's installed
// packages, so the tests need nothing but a clean clone and an install.
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kRanks from 'js-tiktoken/ranks/cl100k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { full } from '../helpers/corpus.js';

// Generous limits for the runs over the whole folder: a shared 2-core machine can be slow.
const slow = { timeout: 180_000 };

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(packageDir, 'dist', 'cli.js');
const store = join(packageDir, '..', '..', 'node_modules', '.pnpm');

let work: string;
let docs: string;
let docFiles: string[];

/** README-like files of installed packages: `.pnpm/<id>/node_modules/<name>/<file>.md`. */
function installedMarkdown(limit: number): string[] {
  const found: string[] = [];
  for (const id of readdirSync(store).sort()) {
    const modules = join(store, id, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules).sort()) {
      const names = name.startsWith('@')
        ? readdirSync(join(modules, name)).map((scoped) => join(name, scoped))
        : [name];
      for (const packageName of names) {
        const folder = join(modules, packageName);
        let entries: string[];
        try {
          entries = readdirSync(folder).sort();
        } catch {
          continue;
        }
        for (const entry of entries) {
          const path = join(folder, entry);
          if (!/\.(md|markdown)$/i.test(entry)) continue;
          const info = statSync(path);
          if (info.isFile() && info.size > 200 && info.size < 30_000) found.push(path);
        }
      }
    }
    if (found.length >= limit) break;
  }
  return found.slice(0, limit);
}

function chunkdown(args: string[], options: { input?: string; cwd?: string } = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: options.cwd ?? work,
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const records = (jsonl: string) =>
  jsonl
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: build the package first (pnpm build)`);
  work = mkdtempSync(join(tmpdir(), 'chunkdown-e2e-'));
  docs = join(work, 'docs');
  // One copy per package name (the store may hold several versions of a package).
  const targets = new Map<string, string>();
  // 40 documents by default; with FULL=1 up to 120 (100 or more).
  const count = full ? 120 : 40;
  for (const source of installedMarkdown(200)) {
    const name = relative(store, source).split('/node_modules/')[1] ?? '';
    if (!targets.has(name) && targets.size < count) targets.set(name, source);
  }
  expect(targets.size, 'markdown files found in node_modules/.pnpm').toBeGreaterThanOrEqual(
    full ? 100 : count,
  );
  for (const [name, source] of targets) {
    const target = join(docs, name);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  docFiles = [...targets.keys()].map((name) => join('docs', name));
  docFiles.sort();
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('chunkdown (built)', () => {
  it('is an executable with a node shebang', () => {
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(() => accessSync(cli, constants.X_OK)).not.toThrow();
    const version = spawnSync(cli, ['--version'], { encoding: 'utf8' });
    expect(version.stdout).toBe(`${packageJson.version}\n`);
  });

  it(
    'chunks a folder of real documents (FULL=1: 100+), in a stable order on any number of threads',
    slow,
    () => {
      const threaded = chunkdown(['docs', '--chunk-size', '500', '--jobs', '2']);
      expect(threaded.stderr).toBe('');
      expect(threaded.code).toBe(0);
      const chunks = records(threaded.stdout);
      const files = [...new Set(chunks.map((chunk) => chunk.file))];
      expect(files).toEqual(docFiles);
      for (const file of files) {
        const indexes = chunks.filter((chunk) => chunk.file === file).map((chunk) => chunk.index);
        expect(indexes).toEqual(indexes.map((_, index) => index));
        const source = readFileSync(join(work, file), 'utf8');
        for (const chunk of chunks.filter((record) => record.file === file)) {
          expect(chunk.start).toBeLessThanOrEqual(chunk.end);
          expect(chunk.end).toBeLessThanOrEqual(source.length);
        }
      }
      const single = chunkdown(['docs', '--chunk-size', '500', '--jobs', '1']);
      expect(single.code).toBe(0);
      expect(single.stdout).toBe(threaded.stdout);
    },
  );

  it(
    'chunks one file over 1 MB with --jobs 2 as with --jobs 1 (its parse goes to worker threads from 4 MiB)',
    slow,
    () => {
      const parts: string[] = [];
      let size = 0;
      for (let round = 0; size < 1_300_000; round++) {
        for (const file of docFiles) {
          const text = readFileSync(join(work, file), 'utf8');
          parts.push(`# Copy ${round} of ${file}\n\n${text}`);
          size += text.length;
        }
      }
      writeFileSync(join(work, 'large.md'), parts.join('\n\n'));
      const threaded = chunkdown(['large.md', '--chunk-size', '500', '--jobs', '2']);
      expect(threaded.stderr).toBe('');
      expect(threaded.code).toBe(0);
      const single = chunkdown(['large.md', '--chunk-size', '500', '--jobs', '1']);
      expect(single.code).toBe(0);
      expect(threaded.stdout).toBe(single.stdout);
      expect(records(threaded.stdout).length).toBeGreaterThan(1000);
    },
  );

  it('prints the quality report over the folder', slow, () => {
    const { code, stdout, stderr } = chunkdown([
      'docs',
      '--chunk-size',
      '500',
      '--report',
      '--out',
      'report-chunks.jsonl',
    ]);
    const plain = records(readFileSync(join(work, 'report-chunks.jsonl'), 'utf8'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      `chunkdown report: ${docFiles.length} files, ${plain.length.toLocaleString('en-US')} chunks\n`,
    );
    expect(stdout).toContain(
      'sizes in characters: chunk size 500, limit 500 (ratio 1), raw cap none',
    );
    expect(stdout).toMatch(/^ +450 – +500 +[█▌]* +[\d,]+ +[\d.]+%$/m);
    expect(stdout).toMatch(/^ +> 500 +[█▌]* +[\d,]+ +[\d.]+% {2}over the limit$/m);
    for (const check of [
      'orphan table rows',
      'unbalanced code fences',
      'tiny chunks (< 50 chars)',
    ]) {
      expect(stdout).toContain(check);
    }
    expect(stdout).toContain('Largest chunks');

    const json = JSON.parse(chunkdown(['docs', '-s', '500', '--report', '-f', 'json']).stdout);
    expect(json.chunks).toBe(plain.length);
    expect(json.files).toEqual({ chunked: docFiles.length, failed: 0, withoutChunks: 0 });
    // SPEC §9: real documents give no orphan table rows and no unbalanced fences.
    expect(json.orphanRows).toEqual({ count: 0, examples: [] });
    expect(json.unbalancedFences).toEqual({ count: 0, examples: [] });
    const largest = Math.max(...plain.map((chunk) => chunk.contentSize));
    expect(json.largest[0].contentSize).toBe(largest);
  });

  it('chunks standard input', () => {
    const input = readFileSync(join(work, docFiles[0] ?? ''), 'utf8');
    const { code, stdout, stderr } = chunkdown(['--chunk-size', '300'], { input });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const chunks = records(stdout);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.file === '<stdin>')).toBe(true);
    const fromFile = records(chunkdown([docFiles[0] ?? '', '--chunk-size', '300']).stdout);
    expect(chunks.map((chunk) => chunk.text)).toEqual(fromFile.map((chunk) => chunk.text));
  });

  it(
    'keeps every chunk within --max-raw-size in cl100k_base tokens, counted independently',
    slow,
    () => {
      const mixed = [
        '# Token test',
        '',
        'Prose that runs on. '.repeat(60),
        '',
        '## Table',
        '',
        '| key | description | value |',
        '| --- | --- | --- |',
        ...Array.from(
          { length: 60 },
          (_, index) => `| k${index} | ${'word '.repeat(12)}| ${index * 7} |`,
        ),
        '',
        '## Code',
        '',
        '```ts',
        ...Array.from(
          { length: 80 },
          (_, index) => `const value${index} = compute(${index}, "${'x'.repeat(index % 9)}");`,
        ),
        '```',
        '',
        '## 日本語',
        '',
        '日本語の文章は単語の間に空白がありません。'.repeat(40),
      ].join('\n');
      writeFileSync(join(work, 'mixed.md'), mixed);
      const tokenizer = new Tiktoken(cl100kRanks);
      const count = (text: string) => tokenizer.encode(text, [], []).length;
      const sample = docFiles.slice(0, 30);
      const { code, stdout, stderr } = chunkdown([
        'mixed.md',
        ...sample,
        '--tokens',
        'cl100k_base',
        '--chunk-size',
        '120',
        '--max-raw-size',
        '200',
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const chunks = records(stdout);
      expect(new Set(chunks.map((chunk) => chunk.file)).size).toBe(sample.length + 1);
      for (const chunk of chunks) {
        const tokens = count(chunk.text);
        expect(tokens, `${chunk.file} #${chunk.index}`).toBeLessThanOrEqual(200);
        expect(chunk.rawSize, `${chunk.file} #${chunk.index} rawSize`).toBe(tokens);
      }
      expect(chunks.filter((chunk) => chunk.file === 'mixed.md').length).toBeGreaterThan(5);
    },
  );

  it('reports a missing file by name, outputs the other files and exits 1', () => {
    const [first = '', second = ''] = docFiles;
    const { code, stdout, stderr } = chunkdown([first, 'docs/no-such-file.md', second]);
    expect(code).toBe(1);
    expect(stderr).toBe('chunkdown: docs/no-such-file.md: no such file or directory\n');
    expect([...new Set(records(stdout).map((chunk) => chunk.file))]).toEqual([first, second]);
  });

  it('exits 2 with one line and the usage on a bad flag or value', () => {
    for (const [args, message] of [
      [
        ['docs', '--chunk-sise', '500'],
        'chunkdown: unknown option --chunk-sise (did you mean --chunk-size?)',
      ],
      [['docs', '--format', 'yaml'], 'chunkdown: --format must be jsonl, json or text, not yaml'],
      [
        ['docs', '--tokens', 'p50k_base'],
        'chunkdown: --tokens must be cl100k_base or o200k_base, not p50k_base',
      ],
      [
        ['docs', '--rule', 'link=maybe'],
        'chunkdown: --rule "link=maybe": unknown split rule "maybe", expected `never-split`, `allow-split`, `size-split:N`',
      ],
      [
        ['docs', '--chunk-size', '100', '--overlap', '100'],
        'chunkdown: --overlap must be smaller than --chunk-size (100), not 100',
      ],
    ] as const) {
      const { code, stdout, stderr } = chunkdown([...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      // One line: the message; the usage is for --help.
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        typeof message === 'string' ? new RegExp(`^${escapeRegExp(message)}$`) : message,
      );
    }
  });

  it(
    'refuses a binary and a Latin-1 file on worker threads; two shards split a folder',
    slow,
    () => {
      const mixed = join(work, 'mixed');
      mkdirSync(mixed);
      const binary = Buffer.alloc(4096);
      for (let index = 0; index < binary.length; index++) binary[index] = (index * 131 + 7) % 256;
      writeFileSync(join(mixed, 'binary.md'), binary);
      writeFileSync(join(mixed, 'latin1.md'), Buffer.from('# Café\n\nCafé au lait.\n', 'latin1'));
      for (const file of docFiles.slice(0, 20))
        copyFileSync(join(work, file), join(mixed, file.replaceAll('/', '_')));
      const whole = chunkdown(['mixed', '--jobs', '2']);
      expect(whole.code).toBe(1);
      expect(whole.stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^chunkdown: mixed\/binary\.md: not a text file: a NUL byte at offset \d+ /,
        ),
        expect.stringMatching(
          /^chunkdown: mixed\/latin1\.md: not valid UTF-8: byte 0xE9 at offset 5 /,
        ),
        '',
      ]);
      const filesOf = (stdout: string) => [...new Set(records(stdout).map((chunk) => chunk.file))];
      const all = filesOf(whole.stdout);
      expect(all).toHaveLength(20);
      const shards = ['1/2', '2/2'].map((shard) =>
        chunkdown(['mixed', '--shard', shard, '--jobs', '2']),
      );
      const [first = [], second = []] = shards.map((shard) => filesOf(shard.stdout));
      expect(first.filter((file) => second.includes(file))).toEqual([]);
      expect([...first, ...second].sort()).toEqual([...all].sort());
      // Each refusal comes from one shard only.
      const refused = shards.flatMap((shard) => shard.stderr.split('\n').filter(Boolean));
      expect(refused.sort()).toEqual(whole.stderr.split('\n').filter(Boolean).sort());
    },
  );

  it('stops quietly when the reader of its output goes away', async () => {
    const child = spawn(process.execPath, [cli, 'docs', '--format', 'jsonl'], { cwd: work });
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
