import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCover } from '../../src/cli/discover.js';
import { type CliIo, run } from '../../src/cli/run.js';
import { parsePrevious } from '../../src/cli/sync.js';
import { wordPieceTokenizer } from '../helpers/wordpiece.js';

// Index sync on the command line: `--previous` (issue 26).

let cwd: string;

const guide = `# Guide

## Install

Run the installer once. It asks where to put the files and takes about a minute on most machines.

## Use

Open the app, pick a folder and press the big button. The app lists what it found in the folder.

## Support

Write to the list when something breaks. Say what you did and what you saw.
`;

const faq = `# FAQ

## Is it free?

Yes, for everyone, forever. There is no paid plan and there will not be one.
`;

const notes = '# Notes\n\nA short note about the release, written the day before it.\n';

function write(path: string, text: string) {
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), text);
}

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-sync-'));
  write('docs/guide.md', guide);
  write('docs/faq.md', faq);
  write('docs/more/notes.md', notes);
});

afterEach(() => rmSync(cwd, { recursive: true, force: true }));

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

interface Line {
  op?: string;
  file: string;
  id: string;
  index?: number;
  text?: string;
  fileHash?: string;
  optionsHash?: string;
}

async function cli(argv: string[], stdinText?: string) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign(
    (async function* () {
      if (stdinText !== undefined) yield Buffer.from(stdinText);
    })(),
    { isTTY: stdinText === undefined },
  );
  const io: CliIo = { argv, cwd, stdin, stdout, stderr, cpus: 1 };
  const code = await run(io);
  const jsonl = stdout.text.startsWith('{');
  const lines: Line[] = jsonl
    ? stdout.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  return { code, stdout: stdout.text, lines, stderr: stderr.text };
}

const size = ['--chunk-size', '80'];

/** Run on `docs` and keep the output as `name` in the working directory. */
async function snapshot(name: string, extra: string[] = []) {
  const result = await cli(['docs', ...size, ...extra]);
  writeFileSync(join(cwd, name), result.stdout);
  return result;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const opsOf = (lines: Line[], file?: string) =>
  lines.filter((line) => file === undefined || line.file === file).map((line) => line.op);

describe('the records a run writes', () => {
  it('carry the hash of the file’s bytes and of the options, in jsonl and json', async () => {
    const { lines } = await cli(['docs', ...size]);
    const faqLines = lines.filter((line) => line.file === 'docs/faq.md');
    expect(faqLines.length).toBeGreaterThan(0);
    for (const line of faqLines) expect(line.fileHash).toBe(sha256(faq));
    expect(new Set(lines.map((line) => line.optionsHash)).size).toBe(1);
    expect(lines[0]?.optionsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.every((line) => line.op === undefined)).toBe(true);

    const json = JSON.parse((await cli(['docs', ...size, '--format', 'json'])).stdout);
    expect(json.map((record: Line) => record.fileHash)).toEqual(lines.map((line) => line.fileHash));
  });

  it('give other options another optionsHash, and defaults the same one', async () => {
    const base = (await cli(['docs/faq.md', ...size])).lines[0]?.optionsHash;
    const same = (await cli(['docs/faq.md', ...size, '--overlap', '0', '--syntax', 'auto']))
      .lines[0]?.optionsHash;
    const other = (await cli(['docs/faq.md', '--chunk-size', '81'])).lines[0]?.optionsHash;
    expect(same).toBe(base);
    expect(other).not.toBe(base);
  });

  it('hash a tokenizer.json by its bytes, not by its path', async () => {
    const hashWith = async (path: string, words: string[]) => {
      write(path, JSON.stringify(wordPieceTokenizer({ words })));
      const { lines } = await cli(['docs/faq.md', '--chunk-size', '40', '--tokenizer', path]);
      return lines[0]?.optionsHash;
    };
    const first = await hashWith('models/tokenizer.json', ['zyzzyva']);
    // The same file somewhere else: the same options.
    expect(await hashWith('other/tokenizer.json', ['zyzzyva'])).toBe(first);
    // Another vocabulary under the same path: other sizes, so other options.
    expect(await hashWith('models/tokenizer.json', ['quokka'])).not.toBe(first);
  });
});

describe('--previous', () => {
  it('marks chunks add or keep, deletes what is gone, and its output is the next previous', async () => {
    const first = await snapshot('v1.jsonl');
    const before = first.lines.filter((line) => line.file === 'docs/guide.md');

    write('docs/guide.md', guide.replace('press the big button', 'press the green button'));
    unlinkSync(join(cwd, 'docs/faq.md'));
    write('docs/new.md', '# New\n\nA page that was not there before.\n');
    const second = await cli(['docs', ...size, '--previous', 'v1.jsonl']);
    expect(second.code).toBe(0);

    const guideNow = second.lines.filter(
      (line) => line.file === 'docs/guide.md' && line.op !== 'delete',
    );
    expect(guideNow.map((line) => line.op)).toEqual(
      guideNow.map((line) => (before.some((old) => old.id === line.id) ? 'keep' : 'add')),
    );
    const added = guideNow.filter((line) => line.op === 'add');
    expect(added.map((line) => line.text).join('\n')).toContain('green button');
    expect(added.length).toBeLessThan(guideNow.length);
    // The changed chunk's old id is deleted, right after the file's chunks.
    const deleted = second.lines.filter(
      (line) => line.op === 'delete' && line.file === 'docs/guide.md',
    );
    expect(deleted.map((line) => line.id)).toEqual(
      before.filter((old) => !guideNow.some((line) => line.id === old.id)).map((line) => line.id),
    );
    expect(deleted[0]).toEqual({ op: 'delete', id: deleted[0]?.id, file: 'docs/guide.md' });
    // Every chunk of the deleted file, at the end; the new file's chunks are added.
    const faqIds = first.lines.filter((line) => line.file === 'docs/faq.md').map((line) => line.id);
    expect(second.lines.slice(-faqIds.length)).toEqual(
      faqIds.map((id) => ({ op: 'delete', id, file: 'docs/faq.md' })),
    );
    expect(opsOf(second.lines, 'docs/new.md')).toEqual(['add']);
    // The unchanged file is kept as it was.
    expect(opsOf(second.lines, 'docs/more/notes.md')).toEqual(['keep']);
    expect(second.stderr).toBe(
      `chunkdown: index sync: chunks ${added.length + 1} added, ${guideNow.length - added.length + 1} kept, ${deleted.length + faqIds.length} deleted; 1 of 3 files unchanged\n`,
    );

    // The output is the next run's previous: nothing changed, so everything is kept.
    writeFileSync(join(cwd, 'v2.jsonl'), second.stdout);
    const third = await cli(['docs', ...size, '--previous', 'v2.jsonl']);
    expect(third.lines.every((line) => line.op === 'keep')).toBe(true);
    const { lines: fresh } = await cli(['docs', ...size]);
    expect(third.lines.map(({ op: _op, ...line }) => line)).toEqual(fresh);
  });

  it('skips a file whose bytes did not change without reading it again, and chunks one that did', async () => {
    await snapshot('v1.jsonl');
    // Tamper with the previous run's text of both files: only the changed file is chunked again.
    const tampered = readFileSync(join(cwd, 'v1.jsonl'), 'utf8').replaceAll(
      '"text":"# ',
      '"text":"# (from the previous run) ',
    );
    writeFileSync(join(cwd, 'v1.jsonl'), tampered);
    write('docs/faq.md', `${faq}\nOne more line.\n`);
    const { lines } = await cli(['docs', ...size, '--previous', 'v1.jsonl']);
    const first = (file: string) => lines.find((line) => line.file === file && line.index === 0);
    expect(first('docs/more/notes.md')?.text).toMatch(/^# \(from the previous run\) Notes/);
    expect(first('docs/guide.md')?.text).toMatch(/^# \(from the previous run\) Guide/);
    expect(first('docs/faq.md')?.text).toMatch(/^# FAQ/);
    // The added line is a chunk of its own (the edit moved no boundary): both old chunks stay.
    expect(lines.filter((line) => line.file === 'docs/faq.md').map((line) => line.op)).toEqual([
      'keep',
      'keep',
      'add',
    ]);
  });

  it('chunks every file again when the options changed, with one notice', async () => {
    await snapshot('v1.jsonl');
    const tampered = readFileSync(join(cwd, 'v1.jsonl'), 'utf8').replaceAll(
      '"text":"# ',
      '"text":"# (old) ',
    );
    writeFileSync(join(cwd, 'v1.jsonl'), tampered);
    const { code, lines, stderr } = await cli([
      'docs',
      ...size,
      '--context',
      '--previous',
      'v1.jsonl',
    ]);
    expect(code).toBe(0);
    expect(lines.some((line) => line.text?.includes('(old)'))).toBe(false);
    expect(stderr.split('\n')[0]).toBe(
      'chunkdown: --previous v1.jsonl was written with other options or another chunkdown version: every file is chunked again',
    );
    // A chunk under headings has a context header now, so a new id; one without keeps its id.
    const { lines: plain } = await cli(['docs', ...size]);
    const chunks = lines.filter((line) => line.op !== 'delete');
    expect(chunks.map((line) => line.op)).toEqual(
      chunks.map((line) => (plain.some((old) => old.id === line.id) ? 'keep' : 'add')),
    );
    expect(chunks.filter((line) => line.op === 'add').length).toBeGreaterThan(0);
    expect(chunks.filter((line) => line.op === 'keep').length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.op === 'delete').length).toBe(
      plain.filter((old) => !chunks.some((line) => line.id === old.id)).length,
    );
  });

  it('writes the previous chunks of a file that cannot be read back as kept', async () => {
    await snapshot('v1.jsonl');
    writeFileSync(join(cwd, 'docs/faq.md'), Buffer.from([0x23, 0x20, 0x00, 0x41]));
    const { code, lines, stderr } = await cli(['docs', ...size, '--previous', 'v1.jsonl']);
    expect(code).toBe(1);
    expect(stderr).toContain('docs/faq.md: not a text file');
    expect(opsOf(lines, 'docs/faq.md')).toEqual(['keep', 'keep']);
  });

  it('treats a previous run without op, hashes or records of a file as unknown, not as an error', async () => {
    const { stdout } = await cli(['docs/faq.md', ...size]);
    const bare = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { fileHash: _file, optionsHash: _options, ...record } = JSON.parse(line);
        return JSON.stringify(record);
      })
      .join('\n');
    writeFileSync(join(cwd, 'old.jsonl'), `${bare}\n`);
    const { code, lines, stderr } = await cli(['docs', ...size, '--previous', 'old.jsonl']);
    expect(code).toBe(0);
    expect(stderr).toContain('other options or another chunkdown version');
    expect(opsOf(lines, 'docs/faq.md')).toEqual(['keep', 'keep']);
    expect(opsOf(lines, 'docs/guide.md').every((op) => op === 'add')).toBe(true);
  });

  it('syncs standard input as <stdin>', async () => {
    const first = await cli(['--chunk-size', '80'], faq);
    writeFileSync(join(cwd, 'stdin.jsonl'), first.stdout);
    const again = await cli(['--chunk-size', '80', '--previous', 'stdin.jsonl'], faq);
    expect(again.lines.map((line) => [line.file, line.op])).toEqual([
      ['<stdin>', 'keep'],
      ['<stdin>', 'keep'],
    ]);
    expect(again.stderr).toContain('1 of 1 files unchanged');
    const edited = await cli(['--chunk-size', '80', '--previous', 'stdin.jsonl'], notes);
    expect(edited.lines.map((line) => [line.file, line.op])).toEqual([
      ['<stdin>', 'add'],
      ['<stdin>', 'delete'],
      ['<stdin>', 'delete'],
    ]);
  });

  it('refuses another format, a missing file and a file that is not chunkdown JSONL (exit 2)', async () => {
    await snapshot('v1.jsonl');
    const json = await cli(['docs', '--previous', 'v1.jsonl', '--format', 'json']);
    expect(json.code).toBe(2);
    expect(json.stderr).toBe(
      "chunkdown: --previous needs --format jsonl (the output is the next run's --previous), not --format json\n",
    );
    const missing = await cli(['docs', '--previous', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'chunkdown: cannot read --previous nope.jsonl: no such file or directory\n',
    );
    writeFileSync(join(cwd, 'array.json'), (await cli(['docs', '--format', 'json'])).stdout);
    const array = await cli(['docs', '--previous', 'array.json']);
    expect(array.code).toBe(2);
    expect(array.stderr).toBe(
      'chunkdown: --previous array.json: line 1 is not JSON; expected the JSONL of an earlier `chunkdown --format jsonl` run\n',
    );
    writeFileSync(join(cwd, 'other.jsonl'), '{"file":"docs/faq.md","id":"x"}\n');
    const other = await cli(['docs', '--previous', 'other.jsonl']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^chunkdown: --previous other.jsonl: line 1 is not a chunk, parent or delete line of chunkdown;/,
    );
    expect(other.stderr.split('\n')).toHaveLength(2);
    const empty = await cli(['docs', '--previous', '']);
    expect(empty.code).toBe(2);
  });

  it('may write its output over the previous file', async () => {
    await snapshot('v1.jsonl');
    const { code } = await cli(['docs', ...size, '--previous', 'v1.jsonl', '--out', 'v1.jsonl']);
    expect(code).toBe(0);
    const lines = readFileSync(join(cwd, 'v1.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).op)).toEqual(lines.map(() => 'keep'));
  });

  it('deletes the chunks of a file newly ignored, and of a folder given but gone', async () => {
    await snapshot('v1.jsonl');
    const ignored = await cli(['docs', ...size, '--ignore', 'more', '--previous', 'v1.jsonl']);
    expect(ignored.lines.filter((line) => line.file === 'docs/more/notes.md')).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
    rmSync(join(cwd, 'docs/more'), { recursive: true });
    const gone = await cli(['docs/more', 'docs/faq.md', ...size, '--previous', 'v1.jsonl']);
    expect(gone.code).toBe(1);
    expect(opsOf(gone.lines, 'docs/more/notes.md')).toEqual(['delete']);
  });

  it('leaves alone the files outside the given paths, with a notice', async () => {
    await snapshot('v1.jsonl');
    const { lines, stderr } = await cli(['docs/more', ...size, '--previous', 'v1.jsonl']);
    expect(lines.map((line) => [line.file, line.op])).toEqual([['docs/more/notes.md', 'keep']]);
    expect(stderr.split('\n')[0]).toBe(
      'chunkdown: --previous v1.jsonl: 2 of its files are outside the given paths; their chunks are left out, not deleted',
    );
  });

  it('with --shard, deletes only the files of its own shard, from one previous for all shards', async () => {
    for (let index = 0; index < 12; index++)
      write(`docs/page-${index}.md`, `# Page ${index}\n\nText ${index}.\n`);
    await snapshot('all.jsonl');
    for (let index = 0; index < 12; index++) unlinkSync(join(cwd, `docs/page-${index}.md`));
    const shards = await Promise.all(
      ['1/3', '2/3', '3/3'].map((shard) =>
        cli(['docs', ...size, '--shard', shard, '--previous', 'all.jsonl']),
      ),
    );
    const deleted = shards.map((shard) =>
      shard.lines.filter((line) => line.op === 'delete').map((line) => line.file),
    );
    // Each page is deleted by one shard only, and every page by some shard.
    expect(deleted.flat().sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `docs/page-${index}.md`).sort(),
    );
    for (const [index, shard] of shards.entries()) {
      const kept = shard.lines.filter((line) => line.op === 'keep').map((line) => line.file);
      expect(
        kept.every((file) => !deleted.some((other, at) => at !== index && other.includes(file))),
      ).toBe(true);
      expect(shard.stderr).not.toContain('outside the given paths');
    }
  });

  it('reports on every chunk of the output with --report, as a run without --previous does', async () => {
    await snapshot('v1.jsonl');
    write('docs/faq.md', `${faq}\n## And?\n\nThat is all.\n`);
    const plain = await cli(['docs', ...size, '--report', '--format', 'jsonl']);
    const synced = await cli([
      'docs',
      ...size,
      '--report',
      '--format',
      'jsonl',
      '--previous',
      'v1.jsonl',
    ]);
    expect(synced.code).toBe(0);
    expect(JSON.parse(synced.stdout)).toEqual(JSON.parse(plain.stdout));
    expect(synced.stderr).toMatch(
      /index sync: chunks \d+ added, \d+ kept, \d+ deleted; 2 of 3 files unchanged/,
    );
  });
});

describe('parsePrevious', () => {
  const record = { file: 'a.md', index: 0, id: 'aaaa', text: 'A', fileHash: 'f', optionsHash: 'o' };

  it('writes chunk lines back as keep lines, skips delete lines and repeats', () => {
    const lines = [
      JSON.stringify(record),
      JSON.stringify({ op: 'add', ...record, id: 'bbbb' }),
      JSON.stringify({ op: 'delete', id: 'cccc', file: 'a.md' }),
      '',
      JSON.stringify(record),
      `{ "file": "b.md", "index": 0, "id": "dddd", "text": "D", "op": "keep" }`,
    ];
    const previous = parsePrevious(lines.join('\r\n'), 'p.jsonl');
    expect([...previous.keys()]).toEqual(['a.md', 'b.md']);
    const a = previous.get('a.md');
    expect(a?.ids).toEqual(['aaaa', 'bbbb']);
    expect(a?.fileHash).toBe('f');
    expect(a?.lines.map((line) => JSON.parse(line))).toEqual([
      { op: 'keep', ...record },
      { op: 'keep', ...record, id: 'bbbb' },
    ]);
    expect(a?.lines[0]).toBe(`{"op":"keep",${JSON.stringify(record).slice(1)}`);
    expect(JSON.parse(previous.get('b.md')?.lines[0] ?? '')).toEqual({
      op: 'keep',
      file: 'b.md',
      index: 0,
      id: 'dddd',
      text: 'D',
    });
    expect(previous.get('b.md')?.fileHash).toBeUndefined();
  });

  it('forgets the hash of a file whose records disagree about it', () => {
    const text = [record, { ...record, id: 'bbbb', fileHash: 'g' }]
      .map((line) => JSON.stringify(line))
      .join('\n');
    expect(parsePrevious(text, 'p.jsonl').get('a.md')?.fileHash).toBeUndefined();
  });

  it('names the line that is not a chunkdown record', () => {
    expect(() => parsePrevious(`${JSON.stringify(record)}\n[1]\n`, 'p.jsonl')).toThrow(
      '--previous p.jsonl: line 2 is not a chunk, parent or delete line of chunkdown',
    );
    expect(() => parsePrevious(JSON.stringify({ ...record, op: 'move' }), 'p.jsonl')).toThrow(
      'line 1 is not a chunk',
    );
  });
});

describe('createCover', () => {
  it('covers a named file, anything under a folder, and what a glob matches, gone or not', async () => {
    const cover = await createCover(
      ['docs/faq.md', 'docs/more', 'gone', 'docs/**/guide.md', 'lost/**/*.md'],
      cwd,
    );
    expect(cover('docs/faq.md')).toBe('docs/faq.md');
    expect(cover('docs/more/notes.md')).toBe('notes.md');
    expect(cover('docs/more/deep/x.md')).toBe('deep/x.md');
    expect(cover('gone')).toBe('gone');
    expect(cover('gone/a/b.md')).toBe('a/b.md');
    expect(cover('docs/guide.md')).toBe('guide.md');
    expect(cover('lost/x/y.md')).toBe('x/y.md');
    expect(cover('docs/other.md')).toBeUndefined();
    expect(cover('docs/more-like-this/a.md')).toBeUndefined();
    expect(cover('elsewhere.md')).toBeUndefined();
  });
});

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const built = join(packageDir, 'dist', 'cli.js');

describe.runIf(existsSync(built))('--previous with worker threads (the built command)', () => {
  it('hashes and skips before the workers: the same output with --jobs 2 as with --jobs 1', () => {
    for (let index = 0; index < 8; index++) {
      write(
        `docs/page-${index}.md`,
        `# Page ${index}\n\n${'Some text for this page. '.repeat(8)}\n`,
      );
    }
    const runCli = (args: string[]) =>
      spawnSync(process.execPath, [built, 'docs', ...size, ...args], { cwd, encoding: 'utf8' });
    writeFileSync(join(cwd, 'v1.jsonl'), runCli(['--jobs', '1']).stdout);
    for (let index = 0; index < 8; index += 2) {
      write(`docs/page-${index}.md`, `# Page ${index}\n\nEdited. ${'Some text. '.repeat(8)}\n`);
    }
    const one = runCli(['--jobs', '1', '--previous', 'v1.jsonl']);
    const two = runCli(['--jobs', '2', '--previous', 'v1.jsonl']);
    expect(two.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stderr).toContain('7 of 11 files unchanged');
  });
});
