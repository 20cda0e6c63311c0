import type { Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../src/options.js';
import { parse } from '../src/parse/parse.js';
import { splitDocument } from '../src/pipeline.js';

describe('splitDocument', () => {
  test('parses the body with its front matter blanked, offsets kept', () => {
    const markdown = '---\ntitle: Doc\n---\n\n# Doc\n\nText.';
    const bodies: string[] = [];
    const { result } = splitDocument(markdown, resolveOptions({ chunkSize: 100 }), {
      parseBody: (body): Root => {
        bodies.push(body);
        return parse(body);
      },
    });
    expect(bodies).toEqual([
      `${' '.repeat(3)}\n${' '.repeat(10)}\n${' '.repeat(3)}\n\n# Doc\n\nText.`,
    ]);
    expect(result.frontmatter).toEqual({
      format: 'yaml',
      raw: 'title: Doc',
      data: { title: 'Doc' },
    });
    expect(result.kind).toBe('prose');
    expect(result.chunks.map((chunk) => markdown.slice(chunk.start, chunk.end))).toEqual([
      '# Doc\n\nText.',
    ]);
  });

  test('runs every stage the options ask for: overlap, small chunks merged, the raw cap, context', () => {
    const markdown = '# Doc\n\nOne sentence here. Two sentence there. Three sentence now. Four.';
    const chunks = (options: Parameters<typeof resolveOptions>[0]) =>
      splitDocument(markdown, resolveOptions(options)).result.chunks;
    const plain = chunks({ chunkSize: 30 });
    expect(plain.map((chunk) => chunk.text)).toEqual([
      '# Doc\n\nOne sentence here.',
      'Two sentence there.',
      'Three sentence now. Four.',
    ]);
    expect(chunks({ chunkSize: 30, overlap: 10 })[1]?.text).toBe('here. Two sentence there.');
    expect(chunks({ chunkSize: 30, maxOverflowRatio: 2 })).toHaveLength(plain.length);
    expect(chunks({ chunkSize: 30, maxOverflowRatio: 2, minChunkSize: 20 }).length).toBeLessThan(
      plain.length,
    );
    for (const chunk of chunks({ chunkSize: 30, maxRawSize: 22 }))
      expect(chunk.rawSize).toBeLessThanOrEqual(22);
    expect(chunks({ chunkSize: 30, context: true })[1]?.embedText).toBe(
      'Doc\n\nTwo sentence there.',
    );
  });

  test('leaves repeats alone: numbering them is the last pass, after it', () => {
    const markdown = 'Same words here.\n\n---\n\nSame words here.';
    const [first, second] = splitDocument(markdown, resolveOptions({ chunkSize: 16 })).result
      .chunks;
    expect(first?.text).toBe(second?.text);
    expect(first?.id).toBe(second?.id);
  });
});
