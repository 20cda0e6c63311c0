import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSplitter, chunkFile, chunkText } from '../../src/cli/chunk-file.js';
import { UsageError } from '../../src/cli/errors.js';
import { chunkdown } from '../../src/index.js';
import { auto } from '../../src/syntax.js';

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'chunkdown-chunk-file-'));
  writeFileSync(join(folder, 'doc.md'), '# Doc\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
  writeFileSync(join(folder, 'latin1.md'), Buffer.from('Café\n', 'latin1'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('buildSplitter', () => {
  test('splits as the library does with the same options', async () => {
    const splitter = (await buildSplitter({ chunkSize: 20, overlap: 5 })).main;
    const text = 'One sentence here. Another sentence there. A third one.';
    expect(splitter.split(text)).toEqual(
      chunkdown({ chunkSize: 20, overlap: 5, syntax: auto() }).split(text),
    );
  });

  test('option errors of the library become usage errors, naming the option', async () => {
    await expect(buildSplitter({ chunkSize: -5 })).rejects.toThrow(UsageError);
    await expect(buildSplitter({ chunkSize: -5 })).rejects.toThrow(/options\.chunkSize/);
  });

  test('sizes in tokens with --tokens, or with the size unit given', async () => {
    const tokens = (await buildSplitter({ chunkSize: 3, tokens: 'cl100k_base' })).main;
    expect(tokens.splitText('hello world again and again').length).toBeGreaterThan(1);
    const words = (
      await buildSplitter({ chunkSize: 2 }, (text) => text.split(/\s+/).filter(Boolean).length)
    ).main;
    expect(words.splitText('a b c d')).toEqual(['a b', 'c d']);
  });
});

describe('chunkText and chunkFile', () => {
  test('an outcome with the chunks, the front matter and the kind; checks only for the report', async () => {
    const splitter = await buildSplitter({ chunkSize: 100 });
    const plain = chunkText('doc.md', '---\ntitle: T\n---\n\nText.', splitter, 'off');
    expect(plain).toMatchObject({ ok: true, file: 'doc.md', kind: 'prose', quality: undefined });
    expect(plain.ok && plain.frontmatter?.data).toEqual({ title: 'T' });
    const checked = await chunkFile(join(folder, 'doc.md'), 'doc.md', splitter, 'characters');
    expect(checked.ok && checked.quality).toEqual([
      {
        orphanRows: 0,
        unbalancedFences: 0,
        unbalancedContainers: 0,
        contentChars: checked.ok ? checked.chunks[0]?.contentSize : -1,
      },
    ]);
  });

  test('a file that cannot be read or is not UTF-8 is a failed outcome with the reason', async () => {
    const splitter = await buildSplitter({ chunkSize: 100 });
    expect(await chunkFile(join(folder, 'missing.md'), 'missing.md', splitter, 'off')).toEqual({
      ok: false,
      file: 'missing.md',
      message: 'no such file or directory',
    });
    const latin1 = await chunkFile(join(folder, 'latin1.md'), 'latin1.md', splitter, 'off');
    expect(latin1.ok === false && latin1.message).toMatch(
      /^not valid UTF-8: byte 0xE9 at offset 3/,
    );
  });

  test('a failure of the splitter is a failed outcome naming it on one line', async () => {
    const splitter = await buildSplitter({ chunkSize: 100 }, () => {
      throw new Error('the tokenizer\nbroke');
    });
    expect(chunkText('x.md', 'Text.', splitter, 'off')).toEqual({
      ok: false,
      file: 'x.md',
      message: 'could not be chunked: the tokenizer broke',
    });
  });
});
