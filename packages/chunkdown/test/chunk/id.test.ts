import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { chunkId } from '../../src/chunk/id.js';
import { chunkdown } from '../../src/index.js';

const nodeSha256 = (text: string) =>
  createHash('sha256').update(new TextEncoder().encode(text)).digest('hex');

describe('chunkId', () => {
  test('is 16 hex digits of the SHA-256 of the heading path and the text', () => {
    const crumbs = [
      { text: 'Server', depth: 1 },
      { text: 'Factory', depth: 2 },
    ];
    const id = chunkId(crumbs, 'Some text.');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(id).toBe(
      nodeSha256(
        JSON.stringify([
          [
            [1, 'Server'],
            [2, 'Factory'],
          ],
          'Some text.',
        ]),
      ).slice(0, 16),
    );
  });

  test('changes with the text, a heading, or a heading depth', () => {
    const base = chunkId([{ text: 'A', depth: 2 }], 'text');
    expect(chunkId([{ text: 'A', depth: 2 }], 'text')).toBe(base);
    expect(chunkId([{ text: 'A', depth: 2 }], 'text!')).not.toBe(base);
    expect(chunkId([{ text: 'B', depth: 2 }], 'text')).not.toBe(base);
    expect(chunkId([{ text: 'A', depth: 3 }], 'text')).not.toBe(base);
    expect(chunkId([], 'text')).not.toBe(base);
  });

  test('no heading path and text can be confused with another', () => {
    // The heading text and the chunk text are JSON strings: no separator can be forged.
    expect(chunkId([{ text: 'a","b', depth: 1 }], 'c')).not.toBe(
      chunkId([{ text: 'a', depth: 1 }], 'b","c'),
    );
  });
});

describe('chunk ids in split()', () => {
  const doc = (middle: string) =>
    `# Guide\n\n## Install\n\nRun the installer. Then restart the machine.\n\n## Use\n\n${middle}\n\n## Remove\n\nRun the uninstaller. Then restart the machine.`;
  const split = (markdown: string, context = false) =>
    chunkdown({ chunkSize: 50, context }).split(markdown).chunks;

  test('are the hash of the breadcrumbs and the text, the same on every run', () => {
    const chunks = split(doc('Open the app. Pick a file.'));
    for (const chunk of chunks) expect(chunk.id).toBe(chunkId(chunk.breadcrumbs, chunk.text));
    expect(split(doc('Open the app. Pick a file.'))).toEqual(chunks);
  });

  test('an edit changes the ids of the chunks it touches only: re-embed those', () => {
    const before = split(doc('Open the app. Pick a file.'));
    const after = split(doc('Open the app. Pick two files.'));
    const known = new Set(before.map((chunk) => chunk.id));
    const changed = after.filter((chunk) => !known.has(chunk.id));
    expect(changed.map((chunk) => chunk.text)).toEqual(['## Use\n\nOpen the app. Pick two files.']);
    const gone = before.filter((chunk) => !after.some((other) => other.id === chunk.id));
    expect(gone.map((chunk) => chunk.text)).toEqual(['## Use\n\nOpen the app. Pick a file.']);
  });

  test('the same text under other headings is another chunk', () => {
    const chunks = split(doc('Open the app. Pick a file.'));
    const restart = chunks.filter((chunk) => chunk.text === 'Then restart the machine.');
    expect(restart).toHaveLength(2);
    expect(restart[0]?.id).not.toBe(restart[1]?.id);
  });

  test('identical chunks in one document are numbered: id, id-2, id-3', () => {
    const section = '## Note\n\nBack up your data first.';
    const chunks = chunkdown({ chunkSize: 30 }).split(
      `# Guide\n\nIntro.\n\n${section}\n\n${section}\n\n${section}`,
    ).chunks;
    const notes = chunks.filter((chunk) => chunk.text === section);
    expect(notes).toHaveLength(3);
    const [first] = notes;
    expect(notes.map((chunk) => chunk.id)).toEqual([first?.id, `${first?.id}-2`, `${first?.id}-3`]);
    expect(first?.id).toBe(chunkId(first?.breadcrumbs ?? [], section));
  });

  test('with context, the id covers what is embedded: a new title is a new id', () => {
    const body = '## Install\n\nRun the installer. Then restart the machine.';
    const titled = (title: string) => `---\ntitle: ${title}\n---\n\n${body}`;
    const plainIds = (title: string) => split(titled(title)).map((chunk) => chunk.id);
    expect(plainIds('One')).toEqual(plainIds('Two'));
    const a = split(titled('One'), true);
    const b = split(titled('Two'), true);
    expect(a.map((chunk) => chunk.text)).toEqual(b.map((chunk) => chunk.text));
    a.forEach((chunk, index) => {
      expect(chunk.id).not.toBe(b[index]?.id);
      expect(chunk.id).toBe(chunkId(chunk.breadcrumbs, chunk.embedText as string));
    });
  });
});

describe('ids pinned across releases', () => {
  // Computed with chunkdown's own SHA-256 before ids moved to `@noble/hashes`: an index built
  // then must find the same ids now (non-ASCII text, a lone surrogate, context headers, a chunk
  // longer than 64 KiB).
  const doc = [
    '---\ntitle: Llamas\n---\n',
    '# Llamas\n\nThe llama carries packs. Écoute: 中文 😀 text.\n',
    '## Care\n\nBrush the wool x\ud800y weekly.\n',
    '## Care\n\nBrush the wool x\ud800y weekly.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  ].join('\n');
  const ids = (markdown: string, options: Parameters<typeof chunkdown>[0]) =>
    chunkdown(options)
      .split(markdown)
      .chunks.map((chunk) => chunk.id);

  test('small chunks', () => {
    expect(ids(doc, { chunkSize: 40 })).toEqual([
      'f2fb66abe859d87a',
      '61ab0ec41d965aa6',
      '5284316e109500ca',
      '99fb23d5e2609041',
    ]);
  });

  test('with a context header', () => {
    expect(ids(doc, { chunkSize: 200, context: true })).toEqual(['41bb6be5f7c5aa7c']);
  });

  test('a chunk of 150,000 characters', () => {
    expect(ids(`# Long\n\n${'word '.repeat(30_000)}`, { chunkSize: 200_000 })).toEqual([
      '8c4380a6701bbac6',
    ]);
  });
});
