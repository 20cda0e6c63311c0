import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RunError, UsageError } from '../../src/cli/errors.js';
import { Output, OutputClosed } from '../../src/cli/output.js';

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'chunkdown-output-'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** A stream that keeps what it is given, with a small buffer, slow to drain. */
function sink(highWaterMark = 4) {
  const written: string[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      setTimeout(done, 1);
    },
  });
  return { stream, written };
}

describe('Output', () => {
  test('writes in order, waiting for the stream to drain, and leaves standard output open', async () => {
    const { stream, written } = sink();
    const output = new Output(stream, 'standard output', false);
    for (const text of ['one ', '', 'two ', 'three']) await output.write(text);
    await output.close();
    expect(written.join('')).toBe('one two three');
    expect(stream.writableEnded).toBe(false);
  });

  test('writes a file, and ends it on close', async () => {
    const path = join(folder, 'out.jsonl');
    const output = await Output.toFile(path, 'out.jsonl');
    await output.write('{"a":1}\n');
    await output.close();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n');
  });

  test('a file that cannot be opened is a usage error naming it', async () => {
    await expect(
      Output.toFile(join(folder, 'no', 'such', 'dir.jsonl'), 'dir.jsonl'),
    ).rejects.toThrow(new UsageError('cannot write --out dir.jsonl: no such file or directory'));
  });

  test('a reader that went away stops the run quietly; another failure names the output', async () => {
    const failing = (code: string) =>
      new Writable({
        write(_chunk, _encoding, done) {
          done(Object.assign(new Error(code), { code }));
        },
      });
    const writeTwice = async (output: Output) => {
      await output.write('x');
      await output.write('y');
    };
    await expect(
      writeTwice(new Output(failing('EPIPE'), 'standard output', false)),
    ).rejects.toThrow(OutputClosed);
    await expect(writeTwice(new Output(failing('ENOSPC'), 'out.jsonl', true))).rejects.toThrow(
      new RunError('cannot write out.jsonl: ENOSPC'),
    );
  });
});
