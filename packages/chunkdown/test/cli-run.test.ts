import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { type CliIo, run, shouldUseWorkers } from '../src/cli/run.js';

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

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-run-'));
  writeFileSync(join(cwd, 'guide.md'), guide);
  writeFileSync(join(cwd, 'small.md'), '# Small\n\nJust one line.\n');
  writeFileSync(join(cwd, 'bad-config.json'), '{"chunkSize": -5}');
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

async function cli(argv: string[], options: { stdin?: string; tty?: boolean } = {}) {
  const stdout = new Capture(options.tty ?? false);
  const stderr = new Capture();
  const stdin = Object.assign(
    (async function* () {
      if (options.stdin !== undefined) yield Buffer.from(options.stdin);
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
      /^── small\.md · chunk 1 of 1 · \d+ chars · raw \d+ ─+\n\n# Small\n\nJust one line\.\n\n$/,
    );
  });

  it('refuses to wait for a terminal on standard input', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'chunkdown: no input: give files, folders or globs, or pipe markdown to standard input\n' +
        'Usage: chunkdown [options] [files|folders|globs...]   (chunkdown --help for all options)\n',
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
    expect(stderr.split('\n')[0]).toBe(
      'chunkdown: --chunk-size expects a number greater than 0, got "big"',
    );
    expect(stderr.trimEnd().split('\n')).toHaveLength(2);
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

describe('shouldUseWorkers', () => {
  it('uses threads only for several files and more than one job', () => {
    expect(shouldUseWorkers(100, 1)).toBe(false);
    expect(shouldUseWorkers(1, 8)).toBe(false);
    expect(shouldUseWorkers(100, 2)).toBe(true);
  });
});
