import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliIo, run } from '../../src/cli/run.js';
import { parsePrevious } from '../../src/cli/sync.js';
import { chunkdown } from '../../src/index.js';

// Section parents on the command line (issue 43): `--parents N` writes a parent record before
// its first chunk, every chunk line carries its `parentId`, and `--previous` syncs parents too.

let cwd: string;

const guide = `# Guide

## Install

Run the installer once. It asks where to put the files and takes about a minute on most machines.

Then restart the shell, so that the new command is found on the path.

## Use

Open the app, pick a folder and press the big button. The app lists what it found in the folder.

## Support

Write to the list when something breaks. Say what you did and what you saw.
`;

const notes = '# Notes\n\nA short note about the release, written the day before it.\n';

function write(path: string, text: string) {
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), text);
}

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-parents-'));
  write('docs/guide.md', guide);
  write('docs/notes.md', notes);
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
  type?: string;
  file: string;
  id: string;
  index?: number;
  text?: string;
  parentId?: string;
  start?: number;
  end?: number;
  contentSize?: number;
  optionsHash?: string;
}

async function cli(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign((async function* () {})(), { isTTY: true });
  const io: CliIo = { argv, cwd, stdin, stdout, stderr, cpus: 1 };
  const code = await run(io);
  const lines: Line[] = stdout.text.startsWith('{')
    ? stdout.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  return { code, stdout: stdout.text, lines, stderr: stderr.text };
}

const args = ['--chunk-size', '80', '--parents', '200'];

describe('--parents', () => {
  it('writes each parent before its first chunk, as the library makes them', async () => {
    const { code, lines } = await cli(['docs/guide.md', ...args]);
    expect(code).toBe(0);
    const library = chunkdown({ chunkSize: 80, parents: { maxSize: 200 } }).split(guide);
    const parents = lines.filter((line) => line.type === 'parent');
    const chunks = lines.filter((line) => line.type === undefined);
    expect(parents.map((line) => line.id)).toEqual(library.parents?.map((parent) => parent.id));
    expect(parents.map((line) => line.index)).toEqual(parents.map((_, index) => index));
    expect(chunks.map((line) => line.parentId)).toEqual(
      library.chunks.map((chunk) => chunk.parentId),
    );
    expect(parents[0]).toMatchObject({
      type: 'parent',
      file: 'docs/guide.md',
      text: library.parents?.[0]?.text,
      start: library.parents?.[0]?.start,
      end: library.parents?.[0]?.end,
      contentSize: library.parents?.[0]?.contentSize,
    });
    // Each parent comes right before the first chunk that points to it.
    const seen = new Set<string>();
    for (const line of lines) {
      if (line.type === 'parent') seen.add(line.id);
      else expect(seen.has(line.parentId as string)).toBe(true);
    }
    lines.forEach((line, index) => {
      if (line.type === 'parent') expect(lines[index + 1]?.parentId).toBe(line.id);
    });
    // More than one parent here, each with more than one chunk.
    expect(parents.length).toBeGreaterThan(1);
  });

  it('is off by default, goes in the options hash and is checked against the chunk size', async () => {
    const plain = await cli(['docs/guide.md', '--chunk-size', '80']);
    expect(plain.lines.some((line) => line.type === 'parent' || 'parentId' in line)).toBe(false);
    const withParents = await cli(['docs/guide.md', ...args]);
    expect(withParents.lines[0]?.optionsHash).not.toBe(plain.lines[0]?.optionsHash);
    const bad = await cli(['docs/guide.md', '--chunk-size', '80', '--parents', '50']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--parents must be at least --chunk-size (80), not 50');
    const word = await cli(['docs/guide.md', '--parents', 'big']);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain('--parents must be a number above 0, not big');
  });

  it('writes parents in json and names them in text', async () => {
    const json = JSON.parse((await cli(['docs/guide.md', ...args, '--format', 'json'])).stdout);
    expect(json.filter((record: Line) => record.type === 'parent').length).toBeGreaterThan(1);
    const text = (await cli(['docs/guide.md', ...args, '--format', 'text'])).stdout;
    const { lines } = await cli(['docs/guide.md', ...args]);
    expect(text).toContain(`parent: ${lines.find((line) => line.parentId)?.parentId}`);
  });

  it('takes parents from a config file, as a number or { maxSize }', async () => {
    write('a.json', JSON.stringify({ chunkSize: 80, parents: 200 }));
    write('b.json', JSON.stringify({ chunkSize: 80, parents: { maxSize: 200 } }));
    const a = await cli(['docs/guide.md', '--config', 'a.json']);
    const b = await cli(['docs/guide.md', '--config', 'b.json']);
    const flags = await cli(['docs/guide.md', ...args]);
    expect(a.lines.map((line) => line.id)).toEqual(flags.lines.map((line) => line.id));
    expect(b.lines.map((line) => line.id)).toEqual(flags.lines.map((line) => line.id));
    write('c.json', JSON.stringify({ chunkSize: 80, parents: 'big' }));
    const c = await cli(['docs/guide.md', '--config', 'c.json']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('`parents` must be a number');
  });
});

describe('--parents with --previous', () => {
  it('writes a chunk whose parent changed as add, so no kept chunk points at a deleted parent', async () => {
    const install =
      '# Guide\n\n## Install\n\nRun the installer first. It puts the binary on your path.\n\nThen check the version. It should print the release you picked.\n';
    write('docs/guide.md', install);
    const small = ['--chunk-size', '60', '--parents', '200'];
    const first = await cli(['docs/guide.md', ...small]);
    writeFileSync(join(cwd, 'previous.jsonl'), first.stdout);
    write('docs/guide.md', install.replace('Run the installer', 'Run the new installer'));
    const second = await cli(['docs/guide.md', ...small, '--previous', 'previous.jsonl']);
    expect(second.code).toBe(0);
    const chunks = second.lines.filter((line) => line.type === undefined && line.op !== 'delete');
    const live = new Set(
      second.lines
        .filter((line) => line.type === 'parent' && line.op !== 'delete')
        .map((line) => line.id),
    );
    const deleted = new Set(
      second.lines
        .filter((line) => line.type === 'parent' && line.op === 'delete')
        .map((line) => line.id),
    );
    expect(deleted.size).toBeGreaterThan(0);
    for (const line of chunks) expect(live.has(line.parentId as string)).toBe(true);
    // The chunks the edit did not touch keep their ids; their lines are adds all the same.
    const before = new Map(first.lines.map((line) => [line.id, line.parentId]));
    const moved = chunks.filter(
      (line) => before.has(line.id) && before.get(line.id) !== line.parentId,
    );
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((line) => line.op === 'add')).toBe(true);
    expect(
      chunks
        .filter((line) => line.op === 'keep')
        .every((line) => !deleted.has(line.parentId as string)),
    ).toBe(true);
  });

  it('marks parents add or keep, and deletes the parents that are gone', async () => {
    const first = await cli(['docs', ...args]);
    writeFileSync(join(cwd, 'previous.jsonl'), first.stdout);
    const previousParents = first.lines.filter((line) => line.type === 'parent');

    // The Use section changes; Install and Support do not.
    write('docs/guide.md', guide.replace('press the big button', 'press the green button'));
    const second = await cli(['docs', ...args, '--previous', 'previous.jsonl']);
    expect(second.code).toBe(0);
    const parents = second.lines.filter((line) => line.type === 'parent' && line.op !== 'delete');
    const added = parents.filter((line) => line.op === 'add');
    const kept = parents.filter((line) => line.op === 'keep');
    expect(added.map((line) => line.text)).toEqual([expect.stringContaining('green button')]);
    expect(kept.length).toBe(parents.length - 1);
    const deletes = second.lines.filter((line) => line.op === 'delete' && line.type === 'parent');
    expect(deletes).toEqual([
      {
        op: 'delete',
        type: 'parent',
        id: previousParents.find((line) => line.text?.includes('big button'))?.id,
        file: 'docs/guide.md',
      },
    ]);
    // The unchanged file is written back as it was, its parent line with it.
    const notesLines = second.lines.filter((line) => line.file === 'docs/notes.md');
    expect(notesLines.map((line) => [line.type, line.op])).toEqual([
      ['parent', 'keep'],
      [undefined, 'keep'],
    ]);
    expect(second.stderr).toContain('parents 1 added, 3 kept, 1 deleted');

    // A deleted file: delete lines for its chunks and its parents.
    writeFileSync(join(cwd, 'previous.jsonl'), second.stdout);
    rmSync(join(cwd, 'docs/notes.md'));
    const third = await cli(['docs', ...args, '--previous', 'previous.jsonl']);
    expect(
      third.lines
        .filter((line) => line.file === 'docs/notes.md')
        .map((line) => [line.op, line.type]),
    ).toEqual([
      ['delete', undefined],
      ['delete', 'parent'],
    ]);
  });

  it('reads parent lines of a previous run apart from its chunks', () => {
    const previous = parsePrevious(
      [
        '{"type":"parent","file":"a.md","index":0,"id":"p1","text":"x"}',
        '{"file":"a.md","index":0,"id":"c1","text":"x","parentId":"p1"}',
        '{"op":"delete","type":"parent","file":"a.md","id":"p0"}',
      ].join('\n'),
      'previous.jsonl',
    );
    expect(previous.get('a.md')).toMatchObject({ ids: ['c1'], parentIds: ['p1'] });
    expect(previous.get('a.md')?.lines[0]).toBe(
      '{"op":"keep","type":"parent","file":"a.md","index":0,"id":"p1","text":"x"}',
    );
    expect(() =>
      parsePrevious('{"type":"other","file":"a.md","index":0,"id":"p1","text":"x"}', 'p'),
    ).toThrow(/line 1 is not a chunk, parent or delete line/);
  });
});
