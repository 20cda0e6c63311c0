import { describe, expect, test } from 'vitest';
import { chunkdown, createSplitter } from '../src/chunkdown.js';
import { parse } from '../src/parse/parse.js';

describe('createSplitter', () => {
  test('splitParsed with the parse split uses gives what split gives', () => {
    const splitter = createSplitter({ chunkSize: 30 });
    const markdown = '# A\n\nOne sentence here. Two sentence there.';
    let parsed = 0;
    const result = splitter.splitParsed(markdown, (body) => {
      parsed++;
      return parse(body);
    });
    expect(parsed).toBe(1);
    expect(result).toEqual(splitter.split(markdown));
  });

  test('a parse too deep for the stack falls back to plain text, front matter still taken off', () => {
    const splitter = createSplitter({ chunkSize: 30, context: true });
    const markdown = '---\ntitle: Deep\n---\n\nOne paragraph.\n\nAnother paragraph here.';
    const result = splitter.splitParsed(markdown, () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(result.frontmatter?.data).toEqual({ title: 'Deep' });
    expect(result.kind).toBe('prose');
    expect(result.chunks.map((chunk) => [chunk.text, chunk.fallback, chunk.embedText])).toEqual([
      ['One paragraph.', 'plain-text', 'Deep\n\nOne paragraph.'],
      ['Another paragraph here.', 'plain-text', 'Deep\n\nAnother paragraph here.'],
    ]);
    for (const chunk of result.chunks)
      expect(markdown.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  test('other errors are not swallowed', () => {
    const splitter = createSplitter({ chunkSize: 30 });
    expect(() =>
      splitter.splitParsed('Text.', () => {
        throw new RangeError('something else');
      }),
    ).toThrow('something else');
  });
});

describe('chunkdown', () => {
  test('offsets count a byte order mark, which is no content', () => {
    const markdown = '\uFEFF# A\n\nText.';
    const [chunk] = chunkdown({ chunkSize: 100 }).split(markdown).chunks;
    expect(chunk?.text).toBe('# A\n\nText.');
    expect([chunk?.start, chunk?.end]).toEqual([1, markdown.length]);
  });

  test('repeats are numbered, and ranges are in order', () => {
    const { chunks } = chunkdown({ chunkSize: 16 }).split(
      'Same words here.\n\n---\n\nSame words here.',
    );
    expect(chunks[1]?.id).toBe(`${chunks[0]?.id}-2`);
    expect(chunks[1]!.start).toBeGreaterThanOrEqual(chunks[0]!.end);
  });

  test('the public splitter has no internal surface', () => {
    expect(Object.keys(chunkdown({ chunkSize: 10 })).sort()).toEqual([
      'chunkSize',
      'maxOverflowRatio',
      'maxRawSize',
      'split',
      'splitText',
      'update',
    ]);
  });
});
