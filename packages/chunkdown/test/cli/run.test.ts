import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { type CliIo, run, shouldUseWorkers } from '../../src/cli/run.js';
import { syntaxNames } from '../../src/syntax.js';

// `run` on this thread (no worker script), with in-memory streams.

let cwd: string;

const guide = `---
title: Guide
---

# Guide

${'Chunkdown splits markdown into chunks. '.repeat(8)}

## Table

| name | value |
| --- | --- |
${Array.from({ length: 12 }, (_, index) => `| row ${index} | ${'x'.repeat(20)} |`).join('\n')}
`;

/** 4 KB of bytes from a fixed pseudo-random sequence (a binary file). */
function randomBytes(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = state >> 23;
  }
  return bytes;
}

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-run-'));
  writeFileSync(join(cwd, 'guide.md'), guide);
  writeFileSync(join(cwd, 'small.md'), '# Small\n\nJust one line.\n');
  writeFileSync(join(cwd, 'bad-config.json'), '{"chunkSize": -5}');
  writeFileSync(join(cwd, 'binary.md'), randomBytes(4096));
  // "Café au lait" in Latin-1: 0xE9 is not UTF-8.
  writeFileSync(join(cwd, 'latin1.md'), Buffer.from('# Café\n\nCafé au lait.\n', 'latin1'));
  writeFileSync(join(cwd, 'utf16.md'), Buffer.from('\uFEFF# Hello\n', 'utf16le'));
  mkdirSync(join(cwd, 'folder', 'deeper'), { recursive: true });
  writeFileSync(join(cwd, 'folder', 'a.md'), '# A\n\nAlpha.\n');
  writeFileSync(join(cwd, 'folder', 'deeper', 'b.md'), '# B\n\nBeta.\n');
  writeFileSync(join(cwd, 'folder', 'latin1.md'), Buffer.from('Olé\n', 'latin1'));
  symlinkSync('gone.md', join(cwd, 'folder', 'broken.md'));
  mkdirSync(join(cwd, 'many'));
  for (let index = 0; index < 40; index++) {
    writeFileSync(join(cwd, 'many', `doc-${index}.md`), `# Doc ${index}\n\nText ${index}.\n`);
  }
});

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

class Capture extends Writable {
  text = '';
  isTTY: boolean;
  constructor(isTTY = false) {
    super();
    this.isTTY = isTTY;
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

async function cli(argv: string[], options: { stdin?: string | Buffer; tty?: boolean } = {}) {
  const stdout = new Capture(options.tty ?? false);
  const stderr = new Capture();
  const stdin = Object.assign(
    (async function* () {
      if (options.stdin !== undefined) yield Buffer.from(options.stdin as string);
    })(),
    { isTTY: options.stdin === undefined },
  );
  const io: CliIo = { argv, cwd, stdin, stdout, stderr, cpus: 2 };
  const code = await run(io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const records = (jsonl: string) =>
  jsonl
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('run', () => {
  it('prints help and version', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: chunkdown \[options\]/);
    expect(help.stdout).toContain('--max-raw-size N');
    const version = await cli(['-v']);
    expect(version).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('chunks standard input to jsonl when stdout is not a terminal', async () => {
    const { code, stdout, stderr } = await cli(['--chunk-size', '200'], { stdin: guide });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const chunks = records(stdout);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
    expect(chunks[0]).toMatchObject({ file: '<stdin>', frontmatter: { data: { title: 'Guide' } } });
    for (const chunk of chunks) {
      expect(chunk.text).toBe(chunk.text.trim());
      expect(guide.slice(chunk.start, chunk.end).length).toBeGreaterThan(0);
    }
  });

  it('writes text on a terminal', async () => {
    const { code, stdout } = await cli(['small.md'], { tty: true });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^── small\.md · chunk 0 of 1 · \d+ chars · raw \d+ · id [0-9a-f]{16} ─+\n\n# Small\n\nJust one line\.\n\n$/,
    );
  });

  it('--context gives embedText (JSONL) and a context line (text); ids are the same run to run', async () => {
    const first = records((await cli(['guide.md', '--chunk-size', '150', '--context'])).stdout);
    const again = records((await cli(['guide.md', '--chunk-size', '150', '--context'])).stdout);
    expect(first.length).toBeGreaterThan(2);
    expect(again.map((chunk) => chunk.id)).toEqual(first.map((chunk) => chunk.id));
    expect(new Set(first.map((chunk) => chunk.id)).size).toBe(first.length);
    const table = first.find((chunk) => chunk.text.startsWith('| name'));
    expect(table.embedText).toBe(`Guide › Table\n\n${table.text}`);
    const plain = records((await cli(['guide.md', '--chunk-size', '150'])).stdout);
    expect(plain.map((chunk) => chunk.text)).toEqual(first.map((chunk) => chunk.text));
    expect(plain.some((chunk) => 'embedText' in chunk)).toBe(false);
    const text = (await cli(['guide.md', '--chunk-size', '150', '--context'], { tty: true }))
      .stdout;
    expect(text).toContain('in: Guide › Table\ncontext: Guide › Table\n\n| name | value |');
    const config = join(cwd, 'context.json');
    writeFileSync(config, '{"context": true, "chunkSize": 150}');
    expect(records((await cli(['guide.md', '--config', config])).stdout)).toEqual(first);
    writeFileSync(config, '{"context": "yes"}');
    const bad = await cli(['guide.md', '--config', config]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`chunkdown: ${config}: \`context\` must be true or false, got "yes"\n`);
  });

  it('refuses to wait for a terminal on standard input', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'chunkdown: no input: give files, folders or globs, or pipe markdown to standard input\n',
    );
  });

  it('reports a missing file on one line, outputs the others and exits 1', async () => {
    const { code, stdout, stderr } = await cli(['small.md', 'missing.md', 'guide.md']);
    expect(code).toBe(1);
    expect(stderr).toBe('chunkdown: missing.md: no such file or directory\n');
    const files = new Set(records(stdout).map((chunk) => chunk.file));
    expect([...files]).toEqual(['small.md', 'guide.md']);
  });

  it('exits 2 on a bad flag, before reading anything', async () => {
    const { code, stdout, stderr } = await cli(['guide.md', '--chunk-size', 'big']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('chunkdown: --chunk-size must be a number above 0, not big');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('says what was wrong with each of a list of mistakes, in flag terms', async () => {
    writeFileSync(join(cwd, 'size-500.json'), '{"chunkSize": 500}');
    const mistakes: [string[], string][] = [
      [['--chunk-size', '-5'], '--chunk-size must be a number above 0, not -5'],
      [['--chunk-size', 'abc'], '--chunk-size must be a number above 0, not abc'],
      [
        ['--overlap', '600', '--chunk-size', '500'],
        '--overlap must be smaller than --chunk-size (500), not 600',
      ],
      [
        ['--overlap', '300', '--tokens', 'cl100k_base'],
        '--overlap must be smaller than the default --chunk-size (250), not 300',
      ],
      [
        ['--overlap', '600', '--config', 'size-500.json'],
        'size-500.json: --overlap must be smaller than chunkSize (500), not 600',
      ],
      [
        ['--min-chunk-size', '2000'],
        '--min-chunk-size must be at most the default --chunk-size (1000), not 2000',
      ],
      [
        ['--parents', '100', '--chunk-size', '500'],
        '--parents must be at least --chunk-size (500), not 100',
      ],
      [
        ['--max-overflow-ratio', '0.5'],
        '--max-overflow-ratio must be a number of 1 or more, not 0.5',
      ],
      [['--frobnicate'], 'unknown option --frobnicate'],
      [
        ['--syntax', 'nope'],
        `--syntax must be auto, none or a comma-separated list of ${syntaxNames.join(', ')}, not nope`,
      ],
      [['--tokens', 'nope'], '--tokens must be cl100k_base or o200k_base, not nope'],
      [
        ['--tokenizer', 'none.json'],
        'cannot read --tokenizer none.json: no such file or directory',
      ],
      [['--format', 'xml'], '--format must be jsonl, json or text, not xml'],
    ];
    for (const [args, message] of mistakes) {
      const { code, stdout, stderr } = await cli(['guide.md', ...args]);
      expect({ args, code, stdout, line: stderr.split('\n')[0] }).toEqual({
        args,
        code: 2,
        stdout: '',
        line: `chunkdown: ${message}`,
      });
    }
  });

  it('passes option errors of the library through as usage errors', async () => {
    const { code, stderr } = await cli(['guide.md', '--config', 'bad-config.json']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toMatch(/^chunkdown: .*chunkSize/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 when the config file or the output cannot be opened', async () => {
    const config = await cli(['guide.md', '--config', 'nope.json']);
    expect(config.code).toBe(2);
    expect(config.stderr.split('\n')[0]).toBe(
      'chunkdown: cannot read --config nope.json: no such file or directory',
    );
    const out = await cli(['guide.md', '--out', join('no-such-dir', 'out.jsonl')]);
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe(
      'chunkdown: cannot write --out no-such-dir/out.jsonl: no such file or directory',
    );
  });

  it('writes --out and --format json', async () => {
    const { code, stdout } = await cli(['guide.md', 'small.md', '-o', 'out.json', '-f', 'json']);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const written = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8'));
    expect(written.at(-1)).toMatchObject({ file: 'small.md', index: 0 });
  });

  it('prints the report instead of the chunks, or as JSON', async () => {
    const text = await cli(['guide.md', 'small.md', '--chunk-size', '200', '--report']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^chunkdown report: 2 files, \d+ chunks\n/);
    expect(text.stdout).toContain('✓ orphan table rows');
    const json = await cli(['guide.md', '--chunk-size', '200', '--report', '--format', 'json']);
    const report = JSON.parse(json.stdout);
    expect(report.settings).toMatchObject({ chunkSize: 200, unit: 'characters' });
    expect(report.orphanRows.count).toBe(0);
    expect(report.unbalancedFences.count).toBe(0);
  });

  it('writes the chunks to --out and the report to stdout', async () => {
    const { code, stdout } = await cli(['guide.md', '--report', '--out', 'with-report.jsonl']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^chunkdown report: 1 file/);
    expect(records(readFileSync(join(cwd, 'with-report.jsonl'), 'utf8')).length).toBeGreaterThan(0);
  });
});

describe('bad input files', () => {
  it('refuses a binary and a Latin-1 file, one line each, chunks the others, exits 1', async () => {
    const { code, stdout, stderr } = await cli([
      'small.md',
      'binary.md',
      'latin1.md',
      'utf16.md',
      'guide.md',
    ]);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([
      expect.stringMatching(/^chunkdown: binary\.md: not a text file: a NUL byte at offset \d+/),
      'chunkdown: latin1.md: not valid UTF-8: byte 0xE9 at offset 5 (Latin-1 or another encoding? convert the file to UTF-8)',
      'chunkdown: utf16.md: not a text file: a NUL byte at offset 3 (binary, or UTF-16 text)',
      '',
    ]);
    expect([...new Set(records(stdout).map((chunk) => chunk.file))]).toEqual([
      'small.md',
      'guide.md',
    ]);
  });

  it('refuses standard input that is not UTF-8', async () => {
    const { code, stdout, stderr } = await cli([], { stdin: Buffer.from('Olé', 'latin1') });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'chunkdown: <stdin>: not valid UTF-8: byte 0xE9 at offset 2 (Latin-1 or another encoding? convert the file to UTF-8)\n',
    );
  });

  it('reports a broken symlink in a folder like a missing file', async () => {
    const { code, stdout, stderr } = await cli(['folder']);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toEqual([
      'chunkdown: folder/broken.md: no such file or directory',
      expect.stringMatching(
        /^chunkdown: folder\/latin1\.md: not valid UTF-8: byte 0xE9 at offset 2 /,
      ),
      '',
    ]);
    expect([...new Set(records(stdout).map((chunk) => chunk.file))]).toEqual([
      'folder/a.md',
      'folder/deeper/b.md',
    ]);
  });
});

describe('output agrees with itself', () => {
  it('--report --format jsonl prints one line, --format json an indented object', async () => {
    const jsonl = await cli(['guide.md', '--chunk-size', '200', '--report', '--format', 'jsonl']);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout.endsWith('\n')).toBe(true);
    expect(jsonl.stdout.trimEnd().split('\n')).toHaveLength(1);
    const json = await cli(['guide.md', '--chunk-size', '200', '--report', '--format', 'json']);
    expect(JSON.parse(jsonl.stdout)).toEqual(JSON.parse(json.stdout));
    expect(json.stdout.split('\n').length).toBeGreaterThan(10);
  });

  it('numbers chunks from 0 in JSONL, text and the report', async () => {
    const args = ['guide.md', '--chunk-size', '60'];
    const chunks = records((await cli([...args, '--format', 'jsonl'])).stdout);
    const text = (await cli([...args, '--format', 'text'])).stdout;
    const report = JSON.parse((await cli([...args, '--report', '--format', 'json'])).stdout);
    const reportText = (await cli([...args, '--report'])).stdout;
    expect(chunks.length).toBeGreaterThan(3);
    // Text headers: the JSONL index, of the same chunks.
    const headers = [...text.matchAll(/^── guide\.md · chunk (\d+) of (\d+) /gm)];
    expect(headers.map((match) => Number(match[1]))).toEqual(chunks.map((chunk) => chunk.index));
    expect(headers.every((match) => Number(match[2]) === chunks.length)).toBe(true);
    expect(chunks[0].index).toBe(0);
    // The report's largest chunks name JSONL indexes, in JSON and in text.
    for (const large of report.largest) {
      expect(chunks[large.index].contentSize).toBe(large.contentSize);
      expect(reportText).toContain(`guide.md chunk ${large.index}`);
    }
    expect(report.largest[0].index).toBe(
      chunks.reduce(
        (best: number, chunk: { contentSize: number }, index: number) =>
          chunk.contentSize > chunks[best].contentSize ? index : best,
        0,
      ),
    );
  });
});

describe('--shard', () => {
  const files = async (argv: string[]) => {
    const { code, stdout, stderr } = await cli([...argv, '--jobs', '1']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    return [...new Set(records(stdout).map((chunk) => chunk.file as string))];
  };

  it('two shards over a folder are disjoint and together the whole', async () => {
    const whole = await files(['many']);
    const first = await files(['many', '--shard', '1/2']);
    const second = await files(['many', '--shard', '2/2']);
    expect(whole).toHaveLength(40);
    expect(first.length).toBeGreaterThan(5);
    expect(second.length).toBeGreaterThan(5);
    expect(first.filter((file) => second.includes(file))).toEqual([]);
    expect([...first, ...second].sort()).toEqual([...whole].sort());
    // Each shard keeps the stable order of the whole run.
    expect(first).toEqual(whole.filter((file) => first.includes(file)));
  });

  it('is stable under file order and where the folder is', async () => {
    const named = Array.from({ length: 40 }, (_, index) => `many/doc-${index}.md`);
    const forward = await files([...named, '--shard', '1/3']);
    const backward = await files([...named].reverse().concat('--shard', '1/3'));
    expect([...backward].sort()).toEqual([...forward].sort());
    const walked = await files(['many', '--shard', '1/3']);
    const absolute = await files([join(cwd, 'many'), '--shard', '1/3']);
    expect(absolute.map((file) => file.slice(cwd.length + 1))).toEqual(walked);
  });

  it('N shards give every file exactly once', async () => {
    const whole = await files(['many']);
    const parts = await Promise.all(
      [1, 2, 3, 4, 5].map((index) => files(['many', '--shard', `${index}/5`])),
    );
    expect(parts.flat().sort()).toEqual([...whole].sort());
  });

  it('reports a problem in one shard only', async () => {
    const outcomes = await Promise.all(
      ['1/2', '2/2'].map((shard) => cli(['folder', '--shard', shard, '--jobs', '1'])),
    );
    const reported = outcomes.flatMap((outcome) => outcome.stderr.split('\n').filter(Boolean));
    expect(reported.filter((line) => line.includes('folder/broken.md'))).toHaveLength(1);
    expect(reported.filter((line) => line.includes('folder/latin1.md'))).toHaveLength(1);
  });

  it('refuses a bad value or standard input, on one line, with exit code 2', async () => {
    for (const [value, message] of [
      [
        '0/4',
        /^chunkdown: --shard expects I\/N with whole numbers 1 ≤ I ≤ N .*got "0\/4" \(parts count from 1/,
      ],
      ['5/4', /^chunkdown: --shard expects I\/N .*got "5\/4"$/],
      ['1/0', /got "1\/0"$/],
      ['1', /got "1"$/],
      ['a/b', /got "a\/b"$/],
      ['1/2/3', /got "1\/2\/3"$/],
    ] as const) {
      const { code, stdout, stderr } = await cli(['many', '--shard', value]);
      expect(code, value).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(message);
    }
    const stdin = await cli(['--shard', '1/2'], { stdin: '# a' });
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toMatch(/^chunkdown: --shard divides a list of files/);
  });
});

describe('shouldUseWorkers', () => {
  it('uses threads only for several files and more than one job', () => {
    expect(shouldUseWorkers(100, 1)).toBe(false);
    expect(shouldUseWorkers(1, 8)).toBe(false);
    expect(shouldUseWorkers(100, 2)).toBe(true);
  });
});
