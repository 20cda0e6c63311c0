import { describe, expect, test } from 'vitest';
import { splitPlainText } from '../../src/chunk/plain.js';
import { resolveOptions } from '../../src/options.js';
import type { ChunkdownOptions } from '../../src/types.js';

const split = (markdown: string, options: ChunkdownOptions, header?: string) =>
  splitPlainText(markdown, resolveOptions(options), header);

describe('splitPlainText', () => {
  const text = 'First paragraph here.\n\nSecond one.\n\n\nThird paragraph is longer than the rest.';

  test('packs paragraphs up to the chunk size, at exact source offsets', () => {
    const chunks = split(text, { chunkSize: 40 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'First paragraph here.\n\nSecond one.',
      'Third paragraph is longer than the rest.',
    ]);
    for (const chunk of chunks) {
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      expect(chunk.fallback).toBe('plain-text');
      expect(chunk.cut).toBe(false);
    }
  });

  test('a paragraph longer than a chunk is cut at whitespace', () => {
    const chunks = split(text, { chunkSize: 20 });
    expect(chunks.map((chunk) => chunk.text)).toContain('Third paragraph is');
    for (const chunk of chunks) expect(chunk.contentSize).toBeLessThanOrEqual(20);
  });

  test('the raw cap holds, for the text to embed when there is a header', () => {
    const word = 'x'.repeat(50);
    const chunks = split(word, { chunkSize: 100, maxRawSize: 20 });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([17, 17, 16]);
    expect(chunks.every((chunk) => chunk.cut)).toBe(true);
    const headed = split(word, { chunkSize: 100, maxRawSize: 20, context: true }, 'Doc');
    for (const chunk of headed) {
      expect(chunk.embedText?.startsWith('Doc\n\n')).toBe(true);
      expect(chunk.embedText!.length).toBeLessThanOrEqual(20);
    }
  });

  test('a word over the limit says why', () => {
    const [chunk] = split('y'.repeat(30), { chunkSize: 10 });
    expect(chunk?.overflow).toEqual({ reason: 'word', nodeType: 'text', size: 30 });
  });
});
